import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ErrorObject, ValidateFunction } from 'ajv';
import { afterAll, describe, expect, it } from 'vitest';
import { demoAssistant } from './demo/catalog';
import { DEMO_PROFILES } from './demo/profiles';
import {
  describeErrors,
  loadPrecompiledValidators,
  precompiledFile,
  precompiledSchemas,
  queryValidator,
  requestBodyValidator,
  webCallBodyValidator,
  type PrecompiledKind,
} from './platform-document';
import { precompiledValidatorsSource } from './platform-validators-build';

// The build's precompiled validators (decision 089) against the ones compiled here at run time
// (tsx finds no precompiled module beside platform-document.ts): the same verdict and the same
// errors for the same value, body by body and query by query.

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'platform-validators-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const written = new Map<PrecompiledKind, Map<string, ValidateFunction>>();
/** A kind's module, generated once by the first test that needs it (the bodies' takes seconds). */
function precompiled(kind: PrecompiledKind): Map<string, ValidateFunction> {
  let validators = written.get(kind);
  if (!validators) {
    const file = path.join(dir, precompiledFile(kind));
    fs.writeFileSync(file, precompiledValidatorsSource(kind));
    validators = loadPrecompiledValidators(file, kind);
    if (!validators) throw new Error(`the precompiled ${kind} module was not loaded`);
    written.set(kind, validators);
  }
  return validators;
}

type Verdict = { valid: boolean; errors: ErrorObject[]; messages: string[] };
function verdict(validate: (value: unknown) => boolean, value: unknown): Verdict {
  // A copy each time: the query validators coerce values in place.
  const valid = validate(structuredClone(value));
  const errors = (validate as unknown as { errors?: ErrorObject[] | null }).errors ?? [];
  return { valid, errors: valid ? [] : errors, messages: valid ? [] : describeErrors(errors) };
}

const { body: bodySchemas, query: querySchemas } = precompiledSchemas();

function runtimeBody(key: string) {
  if (key === 'body POST /call/web') return webCallBodyValidator();
  const [, method, route] = key.split(' ') as [string, string, string];
  return requestBodyValidator(method, route);
}

function runtimeQuery(key: string) {
  const [, method, route] = key.split(' ') as [string, string, string];
  return queryValidator(method, route);
}

/** A demo assistant as a create or update body: the platform's own fields left out. */
function assistantBodies(): Record<string, unknown>[] {
  const server = { url: 'https://example.com/api/platform/webhook' };
  return DEMO_PROFILES.map((profile, index) => {
    const body: Record<string, unknown> = {
      ...demoAssistant(7, index, profile, Date.UTC(2026, 0, 1), server),
    };
    for (const field of ['id', 'orgId', 'createdAt', 'updatedAt']) delete body[field];
    return body;
  });
}

/** Bodies the platform refuses, each a demo assistant with one thing wrong. */
function refusedAssistantBodies(): Record<string, unknown>[] {
  const [first] = assistantBodies() as [Record<string, unknown>];
  const model = first.model as Record<string, unknown>;
  return [
    { ...first, notAnAssistantField: true },
    { ...first, model: { ...model, notAModelField: 1 } },
    { ...first, model: { ...model, provider: 'carrier-pigeon' } },
    { ...first, voice: { provider: 'vapi', voiceId: 'Elliot', pitch: 2 } },
    { ...first, serverMessages: ['tool-calls', 'carrier-pigeon'] },
    { ...first, name: 'n'.repeat(41) },
    {
      ...first,
      model: { ...model, tools: [{ type: 'function', function: { name: 'book appointment' } }] },
    },
    {
      ...first,
      server: {
        url: 'https://example.com/hook',
        backoffPlan: { type: 'linear', maxRetries: 3, baseDelaySeconds: 1 },
      },
    },
  ];
}

/** A demo assistant with each of its fields replaced by a number, then by an object. */
function alteredAssistantBodies(): Record<string, unknown>[] {
  const [first] = assistantBodies() as [Record<string, unknown>];
  return Object.keys(first).flatMap((key) => [
    { ...first, [key]: 12_345 },
    { ...first, [key]: { notInTheDocument: true } },
  ]);
}

describe('precompiled request validators', () => {
  it('are written for every request body and query string of the document', () => {
    const body = precompiled('body');
    const query = precompiled('query');
    expect([...body.keys()].sort()).toEqual([...bodySchemas.keys()].sort());
    expect([...query.keys()].sort()).toEqual([...querySchemas.keys()].sort());
    expect(body.has('body PATCH /assistant/{id}')).toBe(true);
    expect(body.has('body POST /call/web')).toBe(true);
  });

  it('give the run-time verdicts on the demo assistants and on bodies the platform refuses', () => {
    const body = precompiled('body');
    const accepted = assistantBodies();
    const refused = refusedAssistantBodies();
    for (const key of ['body POST /assistant', 'body PATCH /assistant/{id}']) {
      const runtime = runtimeBody(key);
      const written = body.get(key)!;
      for (const value of accepted) {
        expect(verdict(written, value), key).toEqual({ valid: true, errors: [], messages: [] });
        expect(verdict(runtime, value).valid, key).toBe(true);
      }
      for (const value of refused) {
        const expected = verdict(runtime, value);
        expect(expected.valid, key).toBe(false);
        expect(verdict(written, value), key).toEqual(expected);
      }
      let refusedAltered = 0;
      for (const value of alteredAssistantBodies()) {
        const expected = verdict(runtime, value);
        if (!expected.valid) refusedAltered += 1;
        expect(verdict(written, value), key).toEqual(expected);
      }
      expect(refusedAltered, key).toBeGreaterThan(10);
    }
  });

  it('give the run-time verdicts on every body: empty, with an unknown field, not an object', () => {
    const body = precompiled('body');
    const samples: unknown[] = [{}, { notInTheDocument: 1 }, 'text', [], 42];
    for (const key of bodySchemas.keys()) {
      const runtime = runtimeBody(key);
      const written = body.get(key)!;
      for (const value of samples)
        expect(verdict(written, value), key).toEqual(verdict(runtime, value));
    }
  });

  it('give the run-time verdicts on every query, its dates read as the platform reads them', () => {
    const query = precompiled('query');
    const samples: unknown[] = [
      {},
      { notAParameter: 'x' },
      { limit: '10', createdAtGt: '2026-01-01' },
      { limit: 'ten' },
      { createdAtGt: 'yesterday' },
      { createdAtLt: '2026-01-01T10:00:00' },
    ];
    const call = query.get('query GET /call')!;
    // A date alone is an ISO 8601 date string (class-validator), not an RFC 3339 date-time.
    expect(verdict(call, { createdAtGt: '2026-01-01' }).valid).toBe(true);
    expect(verdict(call, { createdAtGt: 'yesterday' }).valid).toBe(false);
    for (const key of querySchemas.keys()) {
      const runtime = runtimeQuery(key);
      const written = query.get(key)!;
      for (const value of samples)
        expect(verdict(written, value), key).toEqual(verdict(runtime, value));
    }
  });

  it('are not loaded when the document they were generated from is not the one read now', () => {
    const file = path.join(dir, 'other-document.cjs');
    precompiled('query');
    const source = fs.readFileSync(path.join(dir, precompiledFile('query')), 'utf8');
    fs.writeFileSync(file, source.replace(/documentHash = "[0-9a-f]+"/, 'documentHash = "0"'));
    expect(loadPrecompiledValidators(file, 'query')).toBeUndefined();
    expect(loadPrecompiledValidators(path.join(dir, 'missing.cjs'), 'query')).toBeUndefined();
  });
});
