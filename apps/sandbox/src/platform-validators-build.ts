import fs from 'node:fs';
import path from 'node:path';
import standaloneCode from 'ajv/dist/standalone/index.js';
import {
  createAjv,
  documentHash,
  precompiledFile,
  precompiledSchemas,
  type PrecompiledKind,
} from './platform-document';

// Build time only (scripts/build-server.mjs, decision 089): the request-side validators of
// platform-document.ts written as ajv standalone code, so the built sandbox compiles none of
// them at run time. Not imported by the sandbox itself.

const KINDS: readonly PrecompiledKind[] = ['body', 'query'];

/**
 * A kind's module: `documentHash`, and `validators(formats, require)`, which returns its
 * validators by key. One ajv (made as createAjv makes it at run time) for all of a kind, so a
 * referenced schema's function is written once and shared, as it is when compiled at run time.
 * A schema ajv cannot compile is left out (and named in `skipped`): asked for at run time, it is
 * compiled there and fails as it always did.
 */
export function precompiledValidatorsSource(kind: PrecompiledKind, skipped: string[] = []): string {
  const ajv = createAjv(kind, { standalone: true });
  const refs: Record<string, string> = {};
  let count = 0;
  for (const [key, schema] of precompiledSchemas()[kind]) {
    // Registered under a plain name: the schemas' references (`platform-openapi.json#/…`)
    // resolve against it as they do against a schema compiled without one.
    const id = `validator-${count++}`;
    ajv.addSchema(schema, id);
    try {
      ajv.getSchema(id);
      refs[key] = id;
    } catch {
      skipped.push(key);
    }
  }
  return [
    `'use strict';`,
    `exports.documentHash = ${JSON.stringify(documentHash())};`,
    `exports.validators = function (formats, require) {`,
    `const exports = {};`,
    standaloneCode(ajv, refs),
    `return exports;`,
    `};`,
    '',
  ].join('\n');
}

/** Writes each kind's module into `dir` (the sandbox's bundle); returns what it left out. */
export function writePrecompiledValidators(dir: string): { skipped: string[] } {
  const skipped: string[] = [];
  for (const kind of KINDS) {
    fs.writeFileSync(
      path.join(dir, precompiledFile(kind)),
      precompiledValidatorsSource(kind, skipped),
    );
  }
  return { skipped };
}
