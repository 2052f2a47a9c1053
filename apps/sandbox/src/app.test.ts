import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requestBodyValidator } from './platform-document';
import { assembleSandbox, type AssembledSandbox } from './sandbox';
import { TEST_NOW, TEST_PUBLIC_URL } from './test/fixtures';

// The HTTP contract through Fastify's inject (no socket): auth, error bodies, validation,
// status codes, CORS. The same contract through the official SDK is in contract.int.test.ts.

const PRIVATE = 'test-private-key';
const PUBLIC = 'test-public-key';
const auth = { authorization: `Bearer ${PRIVATE}` };
const json = { ...auth, 'content-type': 'application/json' };

let sandbox: AssembledSandbox;
// The assistant bodies' validators are the document's largest (seconds of CPU on a busy machine,
// once per worker): compiled here, so the tests that send assistants time only their requests.
beforeAll(() => {
  requestBodyValidator('POST', '/assistant');
  requestBodyValidator('PATCH', '/assistant/{id}');
});
beforeAll(async () => {
  sandbox = await assembleSandbox({
    privateKey: PRIVATE,
    publicKey: PUBLIC,
    now: TEST_NOW,
    totalCalls: 500,
    publicUrl: TEST_PUBLIC_URL,
    logLevel: 'silent',
    simulator: { intervalMs: 0, stepMs: 1, webCallMs: 1 },
  });
});
afterAll(() => sandbox.close());

const inject = (options: InjectOptions) => sandbox.app.inject(options);

function expectPlatformError(
  res: Awaited<ReturnType<typeof inject>>,
  statusCode: number,
  message?: string | RegExp,
) {
  expect(res.statusCode).toBe(statusCode);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  const body = res.json<{ message: string | string[]; error: string; statusCode: number }>();
  expect(body.statusCode).toBe(statusCode);
  expect(body.error).toEqual(expect.any(String));
  if (message !== undefined) {
    const text = Array.isArray(body.message) ? body.message.join('\n') : body.message;
    expect(text).toMatch(message);
  }
  return body;
}

describe('sandbox platform HTTP contract', () => {
  it('answers its health check without a key', async () => {
    const res = await inject({ method: 'GET', url: '/health' });
    expect(res.json()).toEqual({ status: 'ok', service: 'switchboard-sandbox-platform' });
  });

  it('answers unknown routes with a JSON 404, as the platform does', async () => {
    expectPlatformError(await inject({ method: 'GET', url: '/nope?x=1' }), 404, 'Cannot GET /nope');
  });

  it('refuses a missing or wrong key, and the public key on the private API, with a JSON 401', async () => {
    expectPlatformError(await inject({ method: 'GET', url: '/call' }), 401, /Invalid Key/);
    expectPlatformError(
      await inject({ method: 'GET', url: '/call', headers: { authorization: 'Bearer nope' } }),
      401,
    );
    expectPlatformError(
      await inject({
        method: 'GET',
        url: '/assistant',
        headers: { authorization: `Bearer ${PUBLIC}` },
      }),
      401,
    );
    expectPlatformError(
      await inject({
        method: 'POST',
        url: '/call/web',
        headers: json,
        payload: { assistantId: sandbox.catalog.demoAssistantIds[0] },
      }),
      401,
    );
  });

  it('validates list parameters with 400s, and refuses unknown ones', async () => {
    const bad = async (query: string) =>
      inject({ method: 'GET', url: `/call?${query}`, headers: auth });
    expectPlatformError(await bad('limit=abc'), 400, 'limit must be a number');
    expectPlatformError(await bad('limit=1001'), 400, 'limit must not be greater than 1000');
    expectPlatformError(await bad('limit=-1'), 400, 'limit must not be less than 0');
    expectPlatformError(
      await bad('createdAtGt=yesterday'),
      400,
      'createdAtGt must be a valid ISO 8601 date string',
    );
    expectPlatformError(await bad('assistantId=dental'), 400, 'assistantId must be a UUID');
    expectPlatformError(await bad('limit=2&foo=bar'), 400, 'property foo should not exist');
    const ok = await bad('limit=2&createdAtGt=2025-01-01');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toHaveLength(2);
    const defaults = await inject({ method: 'GET', url: '/call', headers: auth });
    expect(defaults.json()).toHaveLength(100);
  });

  it('checks ids: 400 for a malformed id, 404 for an unknown one', async () => {
    expectPlatformError(
      await inject({ method: 'GET', url: '/call/abc', headers: auth }),
      400,
      'uuid is expected',
    );
    expectPlatformError(
      await inject({
        method: 'GET',
        url: '/call/6f1c8a62-5a3f-4c7e-9d4b-2f7a1e0c9b11',
        headers: auth,
      }),
      404,
      'Call not found',
    );
    expectPlatformError(
      await inject({
        method: 'GET',
        url: '/assistant/6f1c8a62-5a3f-4c7e-9d4b-2f7a1e0c9b11',
        headers: auth,
      }),
      404,
    );
  });

  it('creates (201), updates, gets and deletes an assistant; refuses unknown or invalid fields', async () => {
    expectPlatformError(
      await inject({
        method: 'POST',
        url: '/assistant',
        headers: json,
        payload: { name: 'x', colour: 'blue' },
      }),
      400,
      'property colour should not exist',
    );
    expectPlatformError(
      await inject({
        method: 'POST',
        url: '/assistant',
        headers: json,
        payload: { name: 'x'.repeat(41) },
      }),
      400,
      'name must be shorter than or equal to 40 characters',
    );
    expectPlatformError(
      await inject({
        method: 'POST',
        url: '/assistant',
        headers: json,
        payload: { server: { url: 'https://example.com/hook', timeoutSeconds: 0 } },
      }),
      400,
      'server.timeoutSeconds must not be less than 1',
    );
    const created = await inject({
      method: 'POST',
      url: '/assistant',
      headers: json,
      payload: { name: 'Front desk', firstMessage: 'Hi!' },
    });
    expect(created.statusCode).toBe(201);
    const assistant = created.json<{ id: string; createdAt: string; updatedAt: string }>();
    expect(assistant.createdAt).toMatch(/\.\d{3}Z$/);

    const patched = await inject({
      method: 'PATCH',
      url: `/assistant/${assistant.id}`,
      headers: json,
      payload: { firstMessage: 'Hello!' },
    });
    expect(patched.json()).toMatchObject({
      id: assistant.id,
      name: 'Front desk',
      firstMessage: 'Hello!',
    });

    const listed = await inject({ method: 'GET', url: '/assistant?limit=1', headers: auth });
    expect(listed.json<{ id: string }[]>()[0]!.id).toBe(assistant.id);

    // The SDK may send Content-Type: application/json with an empty body on DELETE.
    const deleted = await inject({
      method: 'DELETE',
      url: `/assistant/${assistant.id}`,
      headers: json,
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ id: assistant.id });
    expectPlatformError(
      await inject({ method: 'GET', url: `/assistant/${assistant.id}`, headers: auth }),
      404,
    );
  });

  it('renames (PATCH) and deletes (DELETE with a JSON body, as the SDK sends it) a call', async () => {
    const [call] = (await inject({ method: 'GET', url: '/call?limit=1', headers: auth })).json<
      { id: string }[]
    >();
    const renamed = await inject({
      method: 'PATCH',
      url: `/call/${call!.id}`,
      headers: json,
      payload: { name: 'VIP' },
    });
    expect(renamed.json()).toMatchObject({ id: call!.id, name: 'VIP' });
    const deleted = await inject({
      method: 'DELETE',
      url: `/call/${call!.id}`,
      headers: json,
      payload: {},
    });
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toMatchObject({ id: call!.id });
    expectPlatformError(
      await inject({ method: 'GET', url: `/call/${call!.id}`, headers: auth }),
      404,
    );
  });

  it('answers malformed JSON with a JSON 400', async () => {
    expectPlatformError(
      await inject({ method: 'POST', url: '/assistant', headers: json, payload: '{"name":' }),
      400,
    );
  });

  it('creates web calls with the public key only, with a webCallUrl and a daily transport', async () => {
    const webHeaders = { authorization: `Bearer ${PUBLIC}`, 'content-type': 'application/json' };
    expectPlatformError(
      await inject({ method: 'POST', url: '/call/web', headers: webHeaders, payload: {} }),
      400,
      'Assistant or Squad or Workflow must be provided.',
    );
    expectPlatformError(
      await inject({
        method: 'POST',
        url: '/call/web',
        headers: webHeaders,
        payload: { assistantId: '6f1c8a62-5a3f-4c7e-9d4b-2f7a1e0c9b11' },
      }),
      400,
    );
    const res = await inject({
      method: 'POST',
      url: '/call/web',
      headers: webHeaders,
      payload: {
        assistantId: sandbox.catalog.demoAssistantIds[2],
        assistantOverrides: { variableValues: { a: 1 } },
      },
    });
    expect(res.statusCode).toBe(201);
    const call = res.json<Record<string, unknown> & { id: string; webCallUrl: string }>();
    expect(call).toMatchObject({
      type: 'webCall',
      status: 'queued',
      assistantId: sandbox.catalog.demoAssistantIds[2],
      webCallUrl: `${TEST_PUBLIC_URL}/web-call/${call.id}`,
      transport: { provider: 'daily', callUrl: call.webCallUrl },
      artifactPlan: { videoRecordingEnabled: false },
      assistant: { voice: { provider: 'openai' } },
    });
    expect(call).not.toHaveProperty('duration');
    const got = await inject({ method: 'GET', url: `/call/${call.id}`, headers: auth });
    expect(got.json()).toMatchObject({ id: call.id, type: 'webCall' });
  });

  it('serves the v2 paginated list', async () => {
    const res = await inject({
      method: 'GET',
      url: '/v2/call?limit=10&page=2&sortBy=cost&sortOrder=ASC',
      headers: auth,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ results: { cost: number }[]; metadata: Record<string, unknown> }>();
    expect(body.results).toHaveLength(10);
    expect(body.metadata).toMatchObject({ itemsPerPage: 10, currentPage: 2, hasNextPage: true });
    expectPlatformError(
      await inject({ method: 'GET', url: '/v2/call?sortBy=name', headers: auth }),
      400,
      'sortBy must be one of',
    );
    expectPlatformError(
      await inject({ method: 'GET', url: '/v2/call?page=0', headers: auth }),
      400,
      'page must not be less than 1',
    );
  });

  it('finds a caller’s calls by number in /v2/call, also with a raw "+" in the query', async () => {
    const calls = (await inject({ method: 'GET', url: '/call?limit=50', headers: auth })).json<
      { id: string; customer?: { number: string } }[]
    >();
    const number = calls.find((c) => c.customer?.number)!.customer!.number;
    for (const value of [encodeURIComponent(number), number]) {
      const res = await inject({
        method: 'GET',
        url: `/v2/call?customerNumberAny=${value}`,
        headers: auth,
      });
      const body = res.json<{ results: { customer?: { number: string } }[] }>();
      expect(body.results.length).toBeGreaterThan(0);
      expect(body.results.every((c) => c.customer?.number === number)).toBe(true);
    }
  });

  it('runs analytics (201) and explains invalid queries', async () => {
    const ok = await inject({
      method: 'POST',
      url: '/analytics',
      headers: json,
      payload: {
        queries: [
          {
            table: 'call',
            name: 'perDay',
            operations: [{ operation: 'sum', column: 'duration' }],
            timeRange: {
              start: '2025-05-01T00:00:00Z',
              end: '2025-05-03T00:00:00Z',
              step: 'day',
              timezone: 'Europe/Paris',
            },
          },
        ],
      },
    });
    expect(ok.statusCode).toBe(201);
    const results = ok.json<{ name: string; result: Record<string, unknown>[] }[]>();
    expect(results).toHaveLength(1);
    expect(results[0]!.name).toBe('perDay');
    expect(results[0]!.result.every((row) => typeof row.sumDuration === 'number')).toBe(true);
    const bad = (queries: unknown) =>
      inject({ method: 'POST', url: '/analytics', headers: json, payload: { queries } });
    expectPlatformError(
      await bad([
        { table: 'call', name: 'x', operations: [{ operation: 'median', column: 'cost' }] },
      ]),
      400,
      'operation must be one of',
    );
    expectPlatformError(
      await bad([{ table: 'call', name: 'x', operations: [] }]),
      400,
      'operations should not be empty',
    );
    expectPlatformError(
      await bad([
        {
          table: 'call',
          name: 'x',
          operations: [{ operation: 'sum', column: 'cost' }],
          timeRange: { timezone: 'Mars/Base' },
        },
      ]),
      400,
      'timezone must be a valid IANA time zone',
    );
    expectPlatformError(
      await bad([
        { table: 'subscription', name: 'x', operations: [{ operation: 'sum', column: 'cost' }] },
      ]),
      400,
    );
    expectPlatformError(
      await inject({ method: 'POST', url: '/analytics', headers: json, payload: {} }),
      400,
      'queries',
    );
  });

  it('serves recordings without a key, playable from any origin, with byte ranges', async () => {
    const call = (await inject({ method: 'GET', url: '/call?limit=20', headers: auth }))
      .json<{ id: string; artifact?: { recordingUrl?: string } }[]>()
      // A call another test simulated may still be in progress (no artifact yet).
      .find((c) => c.artifact?.recordingUrl)!;
    const path = call.artifact!.recordingUrl!.replace(TEST_PUBLIC_URL, '');
    const res = await inject({
      method: 'GET',
      url: path,
      headers: { origin: 'http://elsewhere.test' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/wav');
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.rawPayload.subarray(0, 4).toString()).toBe('RIFF');
    const part = await inject({ method: 'GET', url: path, headers: { range: 'bytes=0-99' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload).toHaveLength(100);
    expect(part.headers['content-range']).toBe(`bytes 0-99/${res.rawPayload.length}`);
    expectPlatformError(
      await inject({ method: 'GET', url: '/recordings/6f1c8a62-5a3f-4c7e-9d4b-2f7a1e0c9b11.wav' }),
      404,
    );
  });

  it('answers CORS preflights for the browser', async () => {
    const res = await inject({
      method: 'OPTIONS',
      url: '/call/web',
      headers: {
        origin: 'http://localhost:3000',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,content-type',
      },
    });
    expect(res.statusCode).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe('*');
    expect(res.headers['access-control-allow-headers']).toBe('authorization,content-type');
  });
});
