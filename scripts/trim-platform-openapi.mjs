#!/usr/bin/env node
// Re-derives apps/sandbox/platform/platform-openapi.json, the project's trimmed copy of the voice
// platform's public OpenAPI document, from ../shared/platform/ (beside the clone) when that folder
// is there. Keeps the paths the product and the sandbox use, the webhook schemas, and every schema
// they reference; drops the platform's prose (description, example, examples, title, summary).
//
//   npm run platform:trim              write the trimmed copy
//   npm run platform:trim -- --check   exit 1 when the committed copy differs from a fresh trim

import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCE_DIR = resolve(ROOT, '..', 'shared', 'platform');
const SOURCE_FILE = 'vapi-openapi-2026-08-18.json';
const OUTPUT = join(ROOT, 'apps', 'sandbox', 'platform', 'platform-openapi.json');

/** Paths kept (those absent from the document are reported, not invented). */
const PATHS = [
  '/assistant',
  '/assistant/{id}',
  '/call',
  '/call/{id}',
  '/call/web',
  '/v2/call',
  '/phone-number',
  '/phone-number/{id}',
  '/v2/phone-number',
  '/analytics',
  // The platform console's resources (decision 032): every one a business may own.
  '/call/{id}/call-logs',
  '/tool',
  '/tool/{id}',
  '/file',
  '/file/{id}',
  '/v2/knowledge-base',
  '/v2/knowledge-base/{id}',
  '/v2/knowledge-base/{id}/file',
  '/v2/knowledge-base/{id}/file/{fileId}',
  '/v2/knowledge-base/{id}/file/{fileId}/retry',
  '/squad',
  '/squad/{id}',
  '/structured-output',
  '/structured-output/{id}',
  '/structured-output/run',
  '/campaign',
  '/campaign/{id}',
  '/v2/campaign',
  '/v2/campaign/{id}',
  '/v2/campaign/{id}/contacts',
  '/chat',
  '/chat/{id}',
  '/session',
  '/session/{id}',
  '/eval',
  '/eval/{id}',
  '/eval/run',
  '/eval/run/{id}',
];
const PATH_PATTERNS = [/^\/call\/\{id\}\/[a-z-]+-recording$/, /^\/eval\/simulation(\/|$)/];

/** Schemas kept besides the ones the paths reference. */
const SCHEMA_NAMES = [
  'Server',
  'CreateWebhookCredentialDTO',
  // What POST /credential answers for it (HMAC webhook mode makes one, Round 3 · 4/10 item 4).
  'WebhookCredential',
  // Importing a Vonage number takes a Vonage credential (POST /credential, beyond the public paths).
  'CreateVonageCredentialDTO',
  'VonageCredential',
  // The live call control messages a call's monitor.controlUrl accepts (decision 059).
  'ClientInboundMessage',
];
const SCHEMA_PATTERNS = [/^ServerMessage/];

/** Prose keys; never stripped when they name a property (inside `properties`). */
const PROSE = new Set(['description', 'example', 'examples', 'title', 'summary']);

function stripProse(node) {
  if (Array.isArray(node)) return node.map(stripProse);
  if (node === null || typeof node !== 'object') return node;
  const out = {};
  for (const [key, value] of Object.entries(node)) {
    if (PROSE.has(key)) continue;
    if (key === 'properties' && value && typeof value === 'object' && !Array.isArray(value)) {
      out[key] = Object.fromEntries(
        Object.entries(value).map(([name, schema]) => [name, stripProse(schema)]),
      );
    } else {
      out[key] = stripProse(value);
    }
  }
  return out;
}

function schemaRefs(node, found = new Set()) {
  if (Array.isArray(node)) {
    for (const item of node) schemaRefs(item, found);
  } else if (node && typeof node === 'object') {
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') {
        const match = /^#\/components\/schemas\/(.+)$/.exec(value);
        if (match) found.add(decodeURIComponent(match[1]));
      } else {
        schemaRefs(value, found);
      }
    }
  }
  return found;
}

/** Commit and date of the source file, from the table in ../shared/platform/README.md. */
function sourceFacts() {
  const readme = readFileSync(join(SOURCE_DIR, 'README.md'), 'utf8');
  const row = readme
    .split('\n')
    .find((line) => line.startsWith('|') && line.includes(`\`${SOURCE_FILE}\``));
  const commit = row && /`([0-9a-f]{40})`/.exec(row)?.[1];
  const date = row && /\b(\d{4}-\d{2}-\d{2})\b/.exec(row)?.[1];
  if (!commit || !date) {
    throw new Error(`no commit and date for ${SOURCE_FILE} in ${SOURCE_DIR}/README.md`);
  }
  return { commit, date };
}

function trim(document, sourceText) {
  const paths = {};
  const missing = [];
  for (const path of PATHS) {
    if (document.paths[path]) paths[path] = document.paths[path];
    else missing.push(path);
  }
  for (const path of Object.keys(document.paths)) {
    if (PATH_PATTERNS.some((pattern) => pattern.test(path))) paths[path] = document.paths[path];
  }

  const all = document.components.schemas;
  const queue = [
    ...schemaRefs(paths),
    ...SCHEMA_NAMES,
    ...Object.keys(all).filter((name) => SCHEMA_PATTERNS.some((pattern) => pattern.test(name))),
  ];
  const kept = new Set();
  while (queue.length > 0) {
    const name = queue.pop();
    if (kept.has(name)) continue;
    if (!all[name]) throw new Error(`schema ${name} is referenced but not in the document`);
    kept.add(name);
    queue.push(...schemaRefs(all[name]));
  }
  // Document order, so a re-trim of a new document gives a readable diff.
  const schemas = Object.fromEntries(
    Object.keys(all)
      .filter((name) => kept.has(name))
      .map((name) => [name, all[name]]),
  );

  const { commit, date } = sourceFacts();
  const trimmed = {
    openapi: document.openapi,
    info: {
      title: document.info.title,
      version: document.info.version,
      'x-source': {
        repository: 'VapiAI/docs',
        path: 'fern/apis/api/openapi.json',
        commit,
        date,
        file: SOURCE_FILE,
        sha256: createHash('sha256').update(sourceText).digest('hex'),
        trimmedBy: 'scripts/trim-platform-openapi.mjs',
        pathsAbsent: missing,
      },
    },
    servers: document.servers,
    paths: stripProse(sortPaths(paths)),
    components: {
      securitySchemes: stripProse(document.components.securitySchemes),
      schemas: stripProse(schemas),
    },
  };
  return { trimmed, missing, schemaCount: kept.size };
}

function sortPaths(paths) {
  return Object.fromEntries(
    Object.keys(paths)
      .sort()
      .map((path) => [path, paths[path]]),
  );
}

function main() {
  const check = process.argv.includes('--check');
  const sourcePath = join(SOURCE_DIR, SOURCE_FILE);
  if (!existsSync(sourcePath)) {
    console.log(
      `platform:trim: ${relative(ROOT, sourcePath)} is not here; keeping the committed ${relative(ROOT, OUTPUT)}.`,
    );
    return;
  }
  const sourceText = readFileSync(sourcePath, 'utf8');
  const { trimmed, missing, schemaCount } = trim(JSON.parse(sourceText), sourceText);
  const text = `${JSON.stringify(trimmed)}\n`;
  const where = relative(ROOT, OUTPUT);
  if (check) {
    const current = existsSync(OUTPUT) ? readFileSync(OUTPUT, 'utf8') : '';
    if (current !== text) {
      console.error(`platform:trim: ${where} is out of date; run npm run platform:trim`);
      process.exitCode = 1;
      return;
    }
    console.log(`platform:trim: ${where} matches ${SOURCE_FILE}`);
    return;
  }
  mkdirSync(dirname(OUTPUT), { recursive: true });
  writeFileSync(OUTPUT, text);
  console.log(
    `platform:trim: wrote ${where} (${Object.keys(trimmed.paths).length} paths, ${schemaCount} schemas, ${Math.round(text.length / 1024)} KB)`,
  );
  if (missing.length > 0) console.log(`platform:trim: not in the document: ${missing.join(', ')}`);
}

main();
