import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { _, Ajv, type ErrorObject, type Format, type ValidateFunction } from 'ajv';
import { fullFormats } from 'ajv-formats/dist/formats.js';
import { parseIsoDate } from './http/validation';

// The platform's own API description (the trimmed copy in ../platform, made by
// `npm run platform:trim`) as validators. Three readings of the same document:
//   - responses: what the platform sends may carry more than the document says (not strict);
//   - request bodies: the platform's DTOs are NestJS class-validator classes with
//     whitelist + forbidNonWhitelisted, so a property the document does not name is refused;
//   - query strings: the same rule, with values coerced from text as NestJS transforms them.
// ajv is given the document normalised for its quirks (see normaliseSchema).

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

interface Parameter {
  name: string;
  in: string;
  required?: boolean;
  schema?: JsonObject;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: JsonObject }> };
  responses?: Record<string, { content?: Record<string, { schema?: JsonObject }> }>;
}
export interface PlatformDocument {
  openapi: string;
  info: { title: string; version: string; 'x-source': Record<string, unknown> };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, JsonObject> };
}

const DOCUMENT_URL = new URL('../platform/platform-openapi.json', import.meta.url);
const DOCUMENT_ID = 'platform-openapi.json';

let documentText: string | undefined;
let loaded: PlatformDocument | undefined;

function readDocumentText(): string {
  documentText ??= readFileSync(DOCUMENT_URL, 'utf8');
  return documentText;
}

/** The trimmed document, read once. */
export function platformDocument(): PlatformDocument {
  loaded ??= fixDocument(JSON.parse(readDocumentText()) as PlatformDocument);
  return loaded;
}

/** What precompiled validators were generated from: the document's text, hashed. */
export function documentHash(): string {
  return createHash('sha256').update(readDocumentText()).digest('hex');
}

/**
 * The document's bugs no general rule reads right, fixed where they are, each by what the
 * platform's own example says it takes:
 * - `BackoffPlan.excludedStatusCodes` types its items `object`; they are HTTP status codes and
 *   the document's example is `[400, 401, 403, 404]`: numbers.
 */
function fixDocument(document: PlatformDocument): PlatformDocument {
  const backoff = document.components.schemas.BackoffPlan?.properties;
  const codes = isObject(backoff) ? backoff.excludedStatusCodes : undefined;
  if (isObject(codes) && isObject(codes.items) && codes.items.type === 'object')
    codes.items = { type: 'number' };
  return document;
}

/** The property names a schema of the document declares (none for an unknown schema). */
export function documentedProperties(schemaName: string): string[] {
  const properties = platformDocument().components.schemas[schemaName]?.properties;
  return isObject(properties) ? Object.keys(properties) : [];
}

function isObject(value: Json | undefined): value is JsonObject {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * The document's quirks, made plain JSON Schema for ajv:
 * - `pattern` written as a regular-expression literal (`/^…$/u`) loses its slashes and flags;
 * - an `enum` on an array type moves to its items; an empty `enum` is dropped;
 * - an `enum` of strings on a property typed `object` (`BackoffPlan.type`: `["fixed",
 *   "exponential"]`, also `TransferPlan.sipVerb`, `AudioFormat.format`, `VoiceLibrary.provider`)
 *   is a string enum: the platform accepts `"fixed"`, and no object can equal a string;
 * - `oneOf` + `discriminator` with a `mapping` becomes "the branch the property names" (one
 *   `if`/`then` per mapped value, plus the property's allowed values), so an error names the
 *   problem inside the chosen branch; the same is inferred for a `oneOf` of `$ref`s that each
 *   fix one property to their own values; any other `oneOf` is validated as `anyOf` (its
 *   branches overlap: a model is "one of these names, or any string");
 * - with `closed`, every object schema that lists `properties` (and says nothing about
 *   `additionalProperties`) refuses other properties, as the platform's DTO validation does.
 */
function normaliseSchema(node: Json, closed: boolean): Json {
  if (Array.isArray(node)) return node.map((item) => normaliseSchema(item, closed));
  if (!isObject(node)) return node;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'properties' && isObject(value)) {
      out[key] = Object.fromEntries(
        Object.entries(value).map(([name, schema]) => [name, normaliseSchema(schema, closed)]),
      );
    } else if (key === 'discriminator' || key === 'enum') {
      continue; // handled below
    } else {
      out[key] = normaliseSchema(value, closed);
    }
  }

  if (typeof out.pattern === 'string') {
    const literal = /^\/(.*)\/[a-z]*$/s.exec(out.pattern);
    if (literal) out.pattern = literal[1]!;
  }

  const enumValues = node.enum;
  if (Array.isArray(enumValues) && enumValues.length > 0) {
    // `BackoffPlan.type` (and three more) are declared objects with an enum of strings: the
    // platform takes the strings (`"fixed"`), so they are string enums.
    if (out.type === 'object' && enumValues.every((value) => typeof value === 'string'))
      out.type = 'string';
    if (out.type === 'array' && isObject(out.items)) {
      if (out.items.enum === undefined) out.items = { ...out.items, enum: enumValues };
    } else if (out.type !== 'array') {
      out.enum = enumValues;
    }
  }

  const discriminator = isObject(node.discriminator)
    ? node.discriminator
    : Array.isArray(node.oneOf)
      ? inferDiscriminator(node.oneOf)
      : undefined;
  if (discriminator && Array.isArray(out.oneOf)) {
    const property = discriminator.propertyName;
    const mapping = discriminator.mapping;
    if (typeof property === 'string' && isObject(mapping)) {
      const values = Object.keys(mapping);
      delete out.oneOf;
      out.type = 'object';
      out.required = [property];
      out.properties = { [property]: { type: 'string', enum: values } };
      out.allOf = values.map((value) => ({
        if: { properties: { [property]: { const: value } }, required: [property] },
        then: { $ref: mapping[value] as string },
      }));
    }
  }
  if (Array.isArray(out.oneOf)) {
    // The document's plain oneOf lists overlap (`model: oneOf [enum of names, string]`), so
    // "exactly one" would refuse valid values: read them as anyOf.
    out.anyOf = out.oneOf;
    delete out.oneOf;
  }

  if (
    closed &&
    isObject(out.properties) &&
    out.additionalProperties === undefined &&
    out.allOf === undefined
  ) {
    out.additionalProperties = false;
  }
  return out;
}

/**
 * A `oneOf` of `$ref`s without a discriminator whose branches each fix one property to their
 * own values (`provider: ['openai']`, `type: ['status-update']`) is picked by that property,
 * as the platform's DTO classes pick their subtype; otherwise undefined.
 */
function inferDiscriminator(branches: Json[]): JsonObject | undefined {
  const schemas = platformDocument().components.schemas;
  const targets = branches.map((branch) => {
    const ref = isObject(branch) ? branch.$ref : undefined;
    const name =
      typeof ref === 'string' ? /^#\/components\/schemas\/(.+)$/.exec(ref)?.[1] : undefined;
    return name ? { ref: ref as string, schema: schemas[name] } : undefined;
  });
  if (targets.length < 2 || targets.some((target) => !target?.schema)) return undefined;
  const first = targets[0]!.schema!.properties;
  if (!isObject(first)) return undefined;
  for (const property of Object.keys(first)) {
    const mapping: JsonObject = {};
    const usable = targets.every((target) => {
      const properties = target!.schema!.properties;
      const values =
        isObject(properties) && isObject(properties[property])
          ? properties[property].enum
          : undefined;
      if (!Array.isArray(values) || values.length === 0) return false;
      return values.every((value) => {
        if (typeof value !== 'string' || value in mapping) return false;
        mapping[value] = target!.ref;
        return true;
      });
    });
    if (usable) return { propertyName: property, mapping };
  }
  return undefined;
}

function normalisedComponents(closed: boolean): JsonObject {
  const schemas = platformDocument().components.schemas;
  return {
    $id: DOCUMENT_ID,
    components: {
      schemas: Object.fromEntries(
        Object.entries(schemas).map(([name, schema]) => [name, normaliseSchema(schema, closed)]),
      ),
    },
  };
}

export type ValidatorKind = 'response' | 'body' | 'query';

/** The DTOs use class-validator's IsDateString (ISO 8601: a date alone or without offset too). */
const isoDateString = (value: string) => parseIsoDate(value) !== undefined;

const formatsByKind = new Map<ValidatorKind, Record<string, Format>>();
/**
 * The formats the document uses, as each reading takes them: ajv-formats' own (what
 * `addFormats(ajv, ['date-time', 'uuid', 'uri'])` adds), with class-validator's ISO 8601 dates
 * for what is sent to the platform. One object per kind, shared by the validators compiled here
 * and the precompiled ones (which are handed it when loaded).
 */
function formatsFor(kind: ValidatorKind): Record<string, Format> {
  let formats = formatsByKind.get(kind);
  if (!formats) {
    formats = {
      'date-time': kind === 'response' ? fullFormats['date-time'] : isoDateString,
      uuid: fullFormats.uuid,
      uri: fullFormats.uri,
    };
    formatsByKind.set(kind, formats);
  }
  return formats;
}

/**
 * An ajv for one reading of the document. `standalone`: one whose validators can be written out
 * as code (platform-validators-build.ts), their formats read from a `formats` variable the
 * written module is given (the same `formatsFor(kind)` object); the validation is the same.
 */
export function createAjv(kind: ValidatorKind, { standalone = false } = {}): Ajv {
  const ajv = new Ajv({
    strict: false,
    allErrors: true,
    logger: false,
    coerceTypes: kind === 'query',
    // One function per referenced schema, shared by every schema that refers to it: inlined,
    // the document's many references to the same models and tools were generated again at each
    // (the first assistant body took 4.2 s to compile on a busy machine; about 30 % less so).
    inlineRefs: false,
    ...(standalone ? { code: { source: true, formats: _`formats` } } : {}),
  });
  for (const [name, format] of Object.entries(formatsFor(kind))) ajv.addFormat(name, format);
  if (kind !== 'query') ajv.addSchema(normalisedComponents(kind === 'body'));
  return ajv;
}

const ajvs = new Map<ValidatorKind, Ajv>();
function ajvFor(kind: ValidatorKind): Ajv {
  let ajv = ajvs.get(kind);
  if (!ajv) {
    ajv = createAjv(kind);
    ajvs.set(kind, ajv);
  }
  return ajv;
}

const schemaRef = (name: string) => `${DOCUMENT_ID}#/components/schemas/${name}`;

/** The validator of a named schema (`components.schemas[name]`), compiled once. */
export function validatorFor(
  schemaName: string,
  { closed = false }: { closed?: boolean } = {},
): ValidateFunction {
  if (!platformDocument().components.schemas[schemaName]) {
    throw new Error(`${schemaName} is not in the trimmed platform document`);
  }
  const ajv = ajvFor(closed ? 'body' : 'response');
  const ref = schemaRef(schemaName);
  return ajv.getSchema(ref) ?? ajv.compile({ $ref: ref });
}

function operation(method: string, path: string): Operation {
  const found = platformDocument().paths[path]?.[method.toLowerCase()];
  if (!found) throw new Error(`${method} ${path} is not in the trimmed platform document`);
  return found;
}

/** Rewrites the document's local `$ref`s to point into the registered document. */
function rebase(node: Json): Json {
  if (Array.isArray(node)) return node.map(rebase);
  if (!isObject(node)) return node;
  return Object.fromEntries(
    Object.entries(node).map(([key, value]) => [
      key,
      key === '$ref' && typeof value === 'string' && value.startsWith('#/')
        ? `${DOCUMENT_ID}${value}`
        : rebase(value),
    ]),
  );
}

const compiled = new Map<string, ValidateFunction>();
function compileOnce(key: string, kind: ValidatorKind, schema: () => JsonObject) {
  let validate = compiled.get(key);
  if (!validate) {
    validate =
      (kind === 'response' ? undefined : precompiledValidator(kind, key)) ??
      ajvFor(kind).compile(schema());
    compiled.set(key, validate);
  }
  return validate;
}

const bodyKey = (method: string, path: string) => `body ${method.toUpperCase()} ${path}`;
const queryKey = (method: string, path: string) => `query ${method.toUpperCase()} ${path}`;

/** The validator of an operation's JSON response (e.g. `('GET', '/call/{id}', 200)`). */
export function responseValidator(method: string, path: string, status: number) {
  return compileOnce(`response ${method.toUpperCase()} ${path} ${status}`, 'response', () => {
    const schema = operation(method, path).responses?.[String(status)]?.content?.[
      'application/json'
    ]?.schema;
    if (!schema) throw new Error(`${method} ${path} has no JSON ${status} response`);
    return rebase(normaliseSchema(schema, false)) as JsonObject;
  });
}

function requestBodySchema(method: string, path: string): JsonObject {
  const schema = operation(method, path).requestBody?.content?.['application/json']?.schema;
  if (!schema) throw new Error(`${method} ${path} has no JSON request body`);
  return rebase(normaliseSchema(schema, true)) as JsonObject;
}

/** The validator of an operation's JSON request body, closed like the platform's DTOs. */
export function requestBodyValidator(method: string, path: string) {
  return compileOnce(bodyKey(method, path), 'body', () => requestBodySchema(method, path));
}

const WEB_CALL_KEY = 'body POST /call/web';

/**
 * `POST /call/web`'s body, which the document lacks: `CreateWebCallDTO` as the official web SDK
 * declares it (`@vapi-ai/web` `dist/api.d.ts`, the client generated from the platform's full API
 * description), its nested types the document's own, closed like the document's DTOs.
 */
function webCallBodySchema(): JsonObject {
  const ref = (name: string) => ({ $ref: schemaRef(name) });
  return {
    type: 'object',
    properties: {
      assistantVersion: { type: 'string', nullable: true },
      roomDeleteOnUserLeaveEnabled: { type: 'boolean' },
      assistantId: { type: 'string' },
      assistant: ref('CreateAssistantDTO'),
      assistantOverrides: ref('AssistantOverrides'),
      squadId: { type: 'string' },
      squad: ref('CreateSquadDTO'),
      squadOverrides: ref('AssistantOverrides'),
      workflowId: { type: 'string' },
      workflow: ref('CreateWorkflowDTO'),
      workflowOverrides: ref('WorkflowOverrides'),
    },
    additionalProperties: false,
  };
}

export function webCallBodyValidator() {
  return compileOnce(WEB_CALL_KEY, 'body', webCallBodySchema);
}

function querySchema(method: string, path: string): JsonObject {
  const parameters = (operation(method, path).parameters ?? []).filter((p) => p.in === 'query');
  return {
    type: 'object',
    properties: Object.fromEntries(
      parameters.map((p) => [p.name, normaliseSchema(p.schema ?? {}, true)]),
    ),
    required: parameters.filter((p) => p.required).map((p) => p.name),
    additionalProperties: false,
  };
}

/** The validator of an operation's query string: the named parameters only. */
export function queryValidator(method: string, path: string) {
  return compileOnce(queryKey(method, path), 'query', () => querySchema(method, path));
}

// Precompiled validators (decision 089). `npm run build` writes the request-side validators
// (every operation's JSON request body and query string, and `POST /call/web`'s body) as ajv
// standalone code beside the sandbox's bundle, a module per kind; the built sandbox loads them
// instead of compiling them at run time (the first start's PATCH of the demo assistants
// compiled the assistant body: seconds of CPU and ~60–90 MB). They are the same validators:
// generated from this module's schemas by an ajv made as createAjv makes it, given the same
// formats, and used only when the document they were generated from is the one read now. The
// responses' validators and the named schemas (`validatorFor`) are compiled at run time as
// before. Under tsx (dev, tests) nothing is precompiled.

/**
 * Every validator the build precompiles, by kind: its key and its schema. The named schemas
 * (`validatorFor`) are not among them: written out apart from the bodies that refer to them,
 * each is generated again (all those the bodies reach: 9.9 MB of code against 5.8 MB).
 */
export function precompiledSchemas(): Record<'body' | 'query', Map<string, JsonObject>> {
  const body = new Map<string, JsonObject>();
  const query = new Map<string, JsonObject>();
  for (const [path, methods] of Object.entries(platformDocument().paths)) {
    for (const [method, found] of Object.entries(methods)) {
      if (found.requestBody?.content?.['application/json']?.schema)
        body.set(bodyKey(method, path), requestBodySchema(method, path));
      if ((found.parameters ?? []).some((p) => p.in === 'query'))
        query.set(queryKey(method, path), querySchema(method, path));
    }
  }
  body.set(WEB_CALL_KEY, webCallBodySchema());
  return { body, query };
}

export type PrecompiledKind = 'body' | 'query';

/** The file the build writes beside the sandbox's bundle, one per kind. */
export const precompiledFile = (kind: PrecompiledKind) => `platform-validators.${kind}.cjs`;

/** What a written module exports: the document's hash, and its validators made with formats. */
interface PrecompiledModule {
  documentHash: string;
  validators: (formats: Record<string, Format>, require: NodeJS.Require) => Record<string, unknown>;
}

/**
 * The precompiled validators of a kind in `file`, by key, or undefined when the file is missing
 * or was generated from another document. They are handed the formats the run-time ajv of
 * their kind has, and this module's `require` for ajv's runtime helpers (`ucs2length`, `equal`).
 */
export function loadPrecompiledValidators(
  file: string,
  kind: PrecompiledKind,
): Map<string, ValidateFunction> | undefined {
  if (!existsSync(file)) return undefined;
  const require = createRequire(import.meta.url);
  const written = require(file) as PrecompiledModule;
  if (written.documentHash !== documentHash()) return undefined;
  return new Map(
    Object.entries(written.validators(formatsFor(kind), require)) as [string, ValidateFunction][],
  );
}

const precompiled = new Map<PrecompiledKind, Map<string, ValidateFunction> | null>();
function precompiledValidator(kind: PrecompiledKind, key: string): ValidateFunction | undefined {
  let validators = precompiled.get(kind);
  if (validators === undefined) {
    const file = fileURLToPath(new URL(`./${precompiledFile(kind)}`, import.meta.url));
    validators = loadPrecompiledValidators(file, kind) ?? null;
    precompiled.set(kind, validators);
  }
  return validators?.get(key);
}

function pathOf(error: ErrorObject): string {
  return error.instancePath
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .join('.');
}

const BRANCH_KEYWORDS = new Set(['if', 'anyOf', 'oneOf', 'allOf', 'not']);

/**
 * ajv errors in the words of class-validator behind NestJS's ValidationPipe: `name must be
 * shorter than or equal to 40 characters`, `property foo should not exist`, nested ones
 * prefixed with their parent's path (`voice.property foo should not exist`).
 */
export function describeErrors(errors: readonly ErrorObject[] | null | undefined): string[] {
  const messages: string[] = [];
  for (const error of errors ?? []) {
    if (BRANCH_KEYWORDS.has(error.keyword)) continue;
    const path = pathOf(error);
    const params = error.params as Record<string, unknown>;
    let message: string;
    switch (error.keyword) {
      case 'additionalProperties':
        message = `${path ? `${path}.` : ''}property ${String(params.additionalProperty)} should not exist`;
        break;
      case 'required': {
        const name = String(params.missingProperty);
        message = `${path ? `${path}.` : ''}${name} should not be null or undefined`;
        break;
      }
      default:
        message = `${path ? `${path} ` : ''}${phrase(error)}`;
    }
    if (!messages.includes(message)) messages.push(message);
  }
  if (messages.length === 0 && errors && errors.length > 0) {
    messages.push(`${pathOf(errors[0]!) || 'body'} does not match any allowed shape`);
  }
  return messages;
}

function phrase(error: ErrorObject): string {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case 'type': {
      const type = String(params.type);
      if (type.includes('string')) return 'must be a string';
      if (type.includes('number') || type.includes('integer')) {
        return 'must be a number conforming to the specified constraints';
      }
      if (type.includes('boolean')) return 'must be a boolean value';
      if (type.includes('array')) return 'must be an array';
      return 'must be an object';
    }
    case 'enum':
      return `must be one of the following values: ${(params.allowedValues as unknown[]).join(', ')}`;
    case 'const':
      return `must be equal to ${String(params.allowedValue)}`;
    case 'maxLength':
      return `must be shorter than or equal to ${String(params.limit)} characters`;
    case 'minLength':
      return `must be longer than or equal to ${String(params.limit)} characters`;
    case 'maximum':
      return `must not be greater than ${String(params.limit)}`;
    case 'minimum':
      return `must not be less than ${String(params.limit)}`;
    case 'maxItems':
      return `must contain no more than ${String(params.limit)} elements`;
    case 'minItems':
      return `must contain at least ${String(params.limit)} elements`;
    case 'format':
      switch (params.format) {
        case 'date-time':
          return 'must be a valid ISO 8601 date string';
        case 'uuid':
          return 'must be a UUID';
        case 'uri':
          return 'must be a URL address';
        default:
          return `must be a valid ${String(params.format)}`;
      }
    case 'pattern':
      return `must match ${String(params.pattern)} regular expression`;
    default:
      return error.message ?? 'is invalid';
  }
}
