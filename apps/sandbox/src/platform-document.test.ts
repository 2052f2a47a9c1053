import { DEFAULT_SERVER_MESSAGES } from '@switchboard/shared/platform';
import { describe, expect, it } from 'vitest';
import {
  describeErrors,
  platformDocument,
  queryValidator,
  requestBodyValidator,
  validatorFor,
} from './platform-document';

// The trimmed document and the way its quirks are read.

function problems(validate: ReturnType<typeof validatorFor>, value: unknown): string[] {
  return validate(value) ? [] : describeErrors(validate.errors);
}

describe('the trimmed platform document', () => {
  const document = platformDocument();

  it('names only server message types the document lists, in the default both sides use', () => {
    // The default itself is written in the property's description ("Default is …"), which the
    // trimmed copy leaves out; what can be checked here is that each type is one it allows.
    const schemas = (
      document as unknown as {
        components: {
          schemas: Record<string, { properties?: Record<string, { items?: { enum?: string[] } }> }>;
        };
      }
    ).components.schemas;
    const allowed = schemas.CreateAssistantDTO?.properties?.serverMessages?.items?.enum ?? [];
    expect(allowed.length).toBeGreaterThan(0);
    expect(DEFAULT_SERVER_MESSAGES.filter((type) => !allowed.includes(type))).toEqual([]);
  });

  it('keeps the paths and webhook schemas the product and the sandbox use, and no prose', () => {
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/assistant',
        '/assistant/{id}',
        '/call',
        '/call/{id}',
        '/call/{id}/mono-recording',
        '/phone-number',
        '/phone-number/{id}',
        '/analytics',
      ]),
    );
    // The platform console's resources (decision 032), so the next screens can build on them.
    expect(Object.keys(document.paths)).toEqual(
      expect.arrayContaining([
        '/tool',
        '/tool/{id}',
        '/file',
        '/file/{id}',
        '/v2/knowledge-base',
        '/v2/knowledge-base/{id}',
        '/v2/knowledge-base/{id}/file',
        '/squad',
        '/squad/{id}',
        '/structured-output',
        '/structured-output/{id}',
        '/campaign',
        '/v2/campaign',
        '/chat',
        '/session',
        '/eval',
        '/eval/run',
        '/eval/simulation/scenario',
        '/eval/simulation/suite',
        '/eval/simulation/run',
        '/call/{id}/call-logs',
        '/v2/phone-number',
      ]),
    );
    const schemas = document.components.schemas;
    for (const name of ['ServerMessage', 'ServerMessageResponseToolCalls', 'Server']) {
      expect(schemas[name], name).toBeDefined();
    }
    expect(schemas.CreateWebhookCredentialDTO).toBeDefined();

    const prose: string[] = [];
    const refs = new Set<string>();
    const walk = (node: unknown, where: string, inProperties: boolean) => {
      if (Array.isArray(node)) return node.forEach((item, n) => walk(item, `${where}/${n}`, false));
      if (!node || typeof node !== 'object') return;
      for (const [key, value] of Object.entries(node)) {
        if (!inProperties && ['description', 'example', 'examples', 'summary'].includes(key)) {
          prose.push(`${where}/${key}`);
        }
        if (key === '$ref' && typeof value === 'string') refs.add(value);
        walk(value, `${where}/${key}`, key === 'properties' && !inProperties);
      }
    };
    walk({ paths: document.paths, components: document.components }, '', false);
    expect(prose).toEqual([]);
    const unresolved = [...refs].filter(
      (ref) => !schemas[ref.replace('#/components/schemas/', '')],
    );
    expect(unresolved).toEqual([]);
  });
});

describe('validators read the document’s quirks', () => {
  it('regular-expression literals in pattern match (a function name has no spaces)', () => {
    const validate = requestBodyValidator('POST', '/assistant');
    const tool = (name: string) => ({
      model: {
        provider: 'openai',
        model: 'gpt-4o',
        tools: [{ type: 'function', function: { name } }],
      },
    });
    expect(problems(validate, tool('book_appointment'))).toEqual([]);
    expect(problems(validate, tool('book appointment'))).toEqual([
      'model.tools.0.function.name must match ^[a-zA-Z0-9_-]{1,64}$ regular expression',
    ]);
  });

  it('an enum on an array applies to its items', () => {
    const validate = requestBodyValidator('POST', '/assistant');
    expect(problems(validate, { serverMessages: ['tool-calls', 'status-update'] })).toEqual([]);
    const [message] = problems(validate, { serverMessages: ['tool-calls', 'carrier-pigeon'] });
    expect(message).toMatch(/^serverMessages\.1 must be one of the following values: /);
  });

  it('reads an enum of strings on a property typed object as a string enum (BackoffPlan.type)', () => {
    const validate = requestBodyValidator('POST', '/assistant');
    const server = (type: unknown) => ({
      server: {
        url: 'https://example.com/hook',
        backoffPlan: { type, maxRetries: 3, baseDelaySeconds: 1 },
      },
    });
    expect(problems(validate, server('fixed'))).toEqual([]);
    expect(problems(validate, server('exponential'))).toEqual([]);
    const [linear] = problems(validate, server('linear'));
    expect(linear).toMatch(
      /^server\.backoffPlan\.type must be one of the following values: fixed, exponential$/,
    );
    expect(problems(validate, server({ kind: 'fixed' }))).not.toEqual([]);
    // Its excludedStatusCodes are status codes (the document types the items object).
    const withCodes = (codes: unknown) => ({
      server: {
        url: 'https://example.com/hook',
        backoffPlan: {
          type: 'fixed',
          maxRetries: 3,
          baseDelaySeconds: 1,
          excludedStatusCodes: codes,
        },
      },
    });
    expect(problems(validate, withCodes([400, 404]))).toEqual([]);
    expect(problems(validate, withCodes([{ code: 400 }]))).toEqual([
      'server.backoffPlan.excludedStatusCodes.0 must be a number conforming to the specified constraints',
    ]);
  });

  it('picks a oneOf branch by its discriminating property, named or inferred', () => {
    const validate = requestBodyValidator('POST', '/assistant');
    expect(problems(validate, { voice: { provider: 'vapi', voiceId: 'Elliot' } })).toEqual([]);
    const [unknown] = problems(validate, { voice: { provider: 'carrier-pigeon' } });
    expect(unknown).toMatch(/^voice\.provider must be one of the following values: .*vapi/);
    expect(
      problems(validate, { voice: { provider: 'vapi', voiceId: 'Elliot', pitch: 2 } }),
    ).toEqual(['voice.property pitch should not exist']);
  });

  it('reads overlapping oneOf lists as anyOf (a model name from the list is also a string)', () => {
    const call = validatorFor('Call');
    const base = {
      id: 'c',
      orgId: 'o',
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    };
    expect(
      problems(call, {
        ...base,
        messages: [{ role: 'user', message: 'Hi', time: 1, endTime: 2, secondsFromStart: 0 }],
      }),
    ).toEqual([]);
  });

  it('closes query strings to the named parameters, coercing their values', () => {
    const validate = queryValidator('GET', '/call');
    expect(problems(validate, { limit: '10', createdAtGt: '2026-01-01' })).toEqual([]);
    expect(problems(validate, { limit: 'ten' })).toEqual([
      'limit must be a number conforming to the specified constraints',
    ]);
    expect(problems(validate, { page: '2' })).toEqual(['property page should not exist']);
  });
});
