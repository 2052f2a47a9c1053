import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { formatAsRepository } from './format-as-repository';

// `npm run platform:generate`: writes the types of the voice platform's API that the server calls
// beside its official SDK (apps/server/src/platform/platform-api.gen.ts, decision 083) from the
// project's trimmed copy of the platform's own OpenAPI document
// (apps/sandbox/platform/platform-openapi.json, made by `npm run platform:trim`).
// platform-types.test.ts fails when the checked-in file is not what this produces now.

/** The trimmed copy of the platform's document (paths, schemas, no prose), checked in. */
export const PLATFORM_DOCUMENT_FILE = fileURLToPath(
  new URL('../../../sandbox/platform/platform-openapi.json', import.meta.url),
);

/** The generated file, checked in. */
export const PLATFORM_TYPES_FILE = fileURLToPath(
  new URL('../platform/platform-api.gen.ts', import.meta.url),
);

/** The document's paths the server asks beside the SDK (each with all its methods). */
const DOCUMENT_PATHS = ['/call/{id}/call-logs', '/call/{id}/mono-recording'];

/** Schemas used without a path of the document naming them (the supplement's, the controlUrl's). */
const DOCUMENT_SCHEMAS = [
  // The body a call's monitor.controlUrl takes: its `message` (decision 059).
  'ClientInboundMessage',
];

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };
type Document = {
  openapi: string;
  info: JsonObject;
  servers?: Json;
  paths: Record<string, JsonObject>;
  components: { securitySchemes?: JsonObject; schemas: Record<string, JsonObject> };
};

const ref = (name: string): JsonObject => ({ $ref: `#/components/schemas/${name}` });
const json = (schema: JsonObject): JsonObject => ({
  content: { 'application/json': { schema } },
});

/**
 * Paths the platform serves that its public document lacks, declared once, here, in the
 * document's terms: their bodies and answers are the document's component schemas, or built
 * from their properties. Where each comes from:
 * - `/credential`: in neither public document nor among the server SDK's resources; the web
 *   SDK's generated client (`@vapi-ai/web` dist/api.d.ts, CredentialControllerCreate and
 *   CredentialControllerRemove) calls it with the document's Create*CredentialDTO bodies. Only
 *   the two credentials the product makes are named.
 * - `/call/web`: in neither public document; `@vapi-ai/web` dist/api.d.ts declares its body,
 *   `CreateWebCallDTO`. Declared here is the part of it Switchboard sends (web-call-request.ts:
 *   a stored assistant, squad or workflow, and of the overrides only `variableValues` and
 *   `metadata`, typed as the document's `AssistantOverrides` types them). Its answer goes to
 *   the browser as it came, so it is not typed.
 */
function supplement(document: Document): {
  paths: Record<string, JsonObject>;
  schemas: Record<string, JsonObject>;
} {
  const overrides = document.components.schemas.AssistantOverrides?.properties as
    | JsonObject
    | undefined;
  if (!overrides?.variableValues || !overrides.metadata) {
    throw new Error('AssistantOverrides.variableValues or .metadata is not in the document');
  }
  const harmlessOverrides: JsonObject = {
    type: 'object',
    properties: { variableValues: overrides.variableValues, metadata: overrides.metadata },
  };
  const credentialBody: JsonObject = {
    oneOf: [ref('CreateVonageCredentialDTO'), ref('CreateWebhookCredentialDTO')],
  };
  const credential: JsonObject = { oneOf: [ref('VonageCredential'), ref('WebhookCredential')] };
  const idParameter: JsonObject = {
    name: 'id',
    in: 'path',
    required: true,
    schema: { type: 'string' },
  };
  return {
    paths: {
      '/credential': {
        post: {
          operationId: 'CredentialController_create',
          'x-supplement': '@vapi-ai/web dist/api.d.ts CredentialControllerCreate',
          requestBody: { required: true, ...json(credentialBody) },
          responses: { '201': json(credential) },
          security: [{ bearer: [] }],
        },
      },
      '/credential/{id}': {
        delete: {
          operationId: 'CredentialController_remove',
          'x-supplement': '@vapi-ai/web dist/api.d.ts CredentialControllerRemove',
          parameters: [idParameter],
          responses: { '200': json(credential) },
          security: [{ bearer: [] }],
        },
      },
      '/call/web': {
        post: {
          operationId: 'CallController_createWebCall',
          'x-supplement': '@vapi-ai/web dist/api.d.ts CreateWebCallDTO, the part Switchboard sends',
          requestBody: { required: true, ...json(ref('CreateWebCallDTO')) },
          responses: { '201': {} },
          security: [{ bearer: [] }],
        },
      },
    },
    schemas: {
      CreateWebCallDTO: {
        type: 'object',
        properties: {
          assistantId: { type: 'string' },
          assistantOverrides: harmlessOverrides,
          squadId: { type: 'string' },
          squadOverrides: harmlessOverrides,
          workflowId: { type: 'string' },
          workflowOverrides: harmlessOverrides,
          roomDeleteOnUserLeaveEnabled: { type: 'boolean' },
        },
      },
    },
  };
}

/**
 * The document's quirks that would give wrong types (../shared/platform/README.md): a string
 * enum declared `type: object` (`TransferPlan.sipVerb`, `BackoffPlan.type`) is a string enum; an
 * array's enum belongs to its items; an empty enum says nothing.
 */
function normalise(node: Json): Json {
  if (Array.isArray(node)) return node.map(normalise);
  if (!node || typeof node !== 'object') return node;
  const out: JsonObject = Object.fromEntries(
    Object.entries(node).map(([key, value]) => [key, normalise(value)]),
  );
  const values = out.enum;
  if (Array.isArray(values)) {
    if (values.length === 0) {
      delete out.enum;
    } else if (out.type === 'object' && values.every((value) => typeof value === 'string')) {
      out.type = 'string';
    } else if (out.type === 'array' && out.items && typeof out.items === 'object') {
      out.items = { ...(out.items as JsonObject), enum: values };
      delete out.enum;
    }
  }
  return out;
}

function schemaRefs(node: Json, found = new Set<string>()): Set<string> {
  if (Array.isArray(node)) {
    for (const item of node) schemaRefs(item, found);
  } else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') {
        const match = /^#\/components\/schemas\/(.+)$/.exec(value);
        if (match) found.add(decodeURIComponent(match[1]!));
      } else {
        schemaRefs(value, found);
      }
    }
  }
  return found;
}

/**
 * The generator's input: the document's paths above, the supplement's, and only the schemas
 * they reach (the trimmed copy holds 600-odd, for the sandbox; the server's requests use 30).
 */
export function platformSubset(document: Document): Document {
  const extra = supplement(document);
  const paths: Record<string, JsonObject> = {};
  for (const name of DOCUMENT_PATHS) {
    const item = document.paths[name];
    if (!item) throw new Error(`${name} is not in the platform's document`);
    paths[name] = item;
  }
  for (const [name, item] of Object.entries(extra.paths)) {
    if (document.paths[name])
      throw new Error(`${name} is in the document now: drop it from the supplement`);
    paths[name] = item;
  }
  const all: Record<string, JsonObject> = { ...document.components.schemas, ...extra.schemas };
  const queue = [
    ...schemaRefs(paths),
    ...DOCUMENT_SCHEMAS,
    ...Object.values(extra.schemas).flatMap((schema) => [...schemaRefs(schema)]),
  ];
  const kept = new Set<string>(Object.keys(extra.schemas));
  while (queue.length > 0) {
    const name = queue.pop()!;
    if (kept.has(name)) continue;
    const schema = all[name];
    if (!schema) throw new Error(`schema ${name} is not in the platform's document`);
    kept.add(name);
    queue.push(...schemaRefs(schema));
  }
  return {
    openapi: document.openapi,
    info: document.info,
    paths: normalise(
      Object.fromEntries(
        Object.keys(paths)
          .sort()
          .map((name) => [name, paths[name]!]),
      ),
    ) as Record<string, JsonObject>,
    components: {
      ...(document.components.securitySchemes
        ? { securitySchemes: document.components.securitySchemes }
        : {}),
      schemas: normalise(
        Object.fromEntries([...kept].sort().map((name) => [name, all[name]!])),
      ) as Record<string, JsonObject>,
    },
  };
}

function header(document: Document): string {
  const source = document.info['x-source'] as { file?: string; sha256?: string } | undefined;
  return `// Generated by \`npm run platform:generate\` (decision 083) from the trimmed copy of the voice
// platform's OpenAPI document (apps/sandbox/platform/platform-openapi.json: ${source?.file ?? '?'},
// sha256 ${(source?.sha256 ?? '?').slice(0, 12)}), the paths and schemas the server asks beside its SDK, and a
// supplement for paths the document lacks (apps/server/src/cli/platform-types.ts). Do not edit.
`;
}

/** The types file for the platform's (trimmed) document, formatted as the repository formats it. */
export async function platformTypesSource(documentText: string): Promise<string> {
  const document = JSON.parse(documentText) as Document;
  const subset = platformSubset(document);
  const ast = await openapiTS(subset as unknown as Parameters<typeof openapiTS>[0], {
    alphabetize: true,
    // A property with a default is optional to whoever sends it: the bodies here are sent.
    defaultNonNullable: false,
    // `type: object` with no properties (AssistantOverrides.variableValues …) is any object.
    emptyObjectsUnknown: true,
    silent: true,
  });
  const source = header(document) + astToString(ast);
  return formatAsRepository(PLATFORM_TYPES_FILE, source);
}

async function main() {
  const text = await fs.readFile(PLATFORM_DOCUMENT_FILE, 'utf8');
  await fs.writeFile(PLATFORM_TYPES_FILE, await platformTypesSource(text));
  console.log(`wrote ${path.relative(process.cwd(), PLATFORM_TYPES_FILE)}`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  await main();
}
