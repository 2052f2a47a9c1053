import { createHmac, randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { VapiError, type Vapi } from '@vapi-ai/server-sdk';
import { describe, expect, it } from 'vitest';
import { sandboxForSuite, testClient } from './test/sandbox';
import { CONTRACT_SANDBOX } from './test/fixtures';
import { receiverForSuite } from './test/receiver';

// The contract, proven through the official server SDK (unchanged, pointed at the sandbox with
// baseUrl) on a real loopback port, plus the webhooks the simulator sends to a real receiver.

const PRIVATE = 'contract-private-key';
const PUBLIC = 'contract-public-key';

async function expectVapiError(promise: Promise<unknown>, statusCode: number): Promise<VapiError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(VapiError);
  const vapiError = error as VapiError;
  expect(vapiError.statusCode).toBe(statusCode);
  expect(vapiError.body).toMatchObject({ statusCode, error: expect.any(String) as unknown });
  expect((vapiError.body as { message: unknown }).message).toBeDefined();
  return vapiError;
}

describe('the official server SDK against the sandbox', () => {
  const suite = sandboxForSuite({
    privateKey: PRIVATE,
    publicKey: PUBLIC,
    ...CONTRACT_SANDBOX,
  });

  it('creates (201), gets, updates, lists and deletes assistants', async () => {
    const { data: created, rawResponse } = await suite.client.assistants
      .create({
        name: 'Contract test',
        firstMessage: 'Hello there',
        model: {
          provider: 'openai',
          model: 'gpt-4o-mini',
          messages: [{ role: 'system', content: 'Be brief.' }],
        },
        voice: { provider: '11labs', voiceId: 'sarah' },
      })
      .withRawResponse();
    expect(rawResponse.status).toBe(201);
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.orgId).toBe(suite.sandbox.demo.orgId);

    expect(await suite.client.assistants.get({ id: created.id })).toEqual(created);
    const updated = await suite.client.assistants.update({
      id: created.id,
      firstMessage: 'Hi again',
    });
    expect(updated).toMatchObject({
      id: created.id,
      name: 'Contract test',
      firstMessage: 'Hi again',
    });
    expect(Date.parse(updated.updatedAt)).toBeGreaterThan(Date.parse(created.updatedAt));

    const listed = await suite.client.assistants.list();
    expect(listed[0]?.id).toBe(created.id);
    expect(listed.map((a) => a.id)).toEqual(
      expect.arrayContaining([...suite.sandbox.demo.assistantIds]),
    );
    expect(await suite.client.assistants.list({ limit: 2 })).toHaveLength(2);
    const older = await suite.client.assistants.list({ createdAtLt: created.createdAt });
    expect(older.map((a) => a.id)).not.toContain(created.id);

    expect((await suite.client.assistants.delete({ id: created.id })).id).toBe(created.id);
    await expectVapiError(suite.client.assistants.get({ id: created.id }), 404);
  });

  it('gives the demo assistants a realistic configuration', async () => {
    const dental = await suite.client.assistants.get({ id: suite.sandbox.demo.assistantIds[0]! });
    expect(dental.name).toBe('Bright Smile Dental Receptionist');
    expect(dental.model).toMatchObject({ provider: 'openai' });
    const tools = dental.model && 'tools' in dental.model ? (dental.model.tools ?? []) : [];
    const names = tools.map((tool) => (tool.type === 'function' ? tool.function?.name : tool.type));
    expect(names).toEqual(['create_enquiry', 'book_appointment']);
    expect(dental.voice).toBeDefined();
    expect(dental.transcriber).toMatchObject({ provider: 'deepgram' });
  });

  it('lists calls newest first with limit and filters, and pages with createdAtLt', async () => {
    const first = await suite.client.calls.list({ limit: 10 });
    expect(first).toHaveLength(10);
    for (let n = 1; n < first.length; n++) {
      expect(Date.parse(first[n - 1]!.createdAt)).toBeGreaterThan(Date.parse(first[n]!.createdAt));
    }
    expect(first.every((call) => !('duration' in call))).toBe(true);

    const plumbing = suite.sandbox.demo.assistantIds[1]!;
    const byAssistant = await suite.client.calls.list({ assistantId: plumbing, limit: 50 });
    expect(byAssistant.every((call) => call.assistantId === plumbing)).toBe(true);
    const phone = suite.sandbox.demo.phoneNumberIds[1]!;
    const byPhone = await suite.client.calls.list({ phoneNumberId: phone, limit: 50 });
    expect(byPhone.every((call) => call.phoneNumberId === phone)).toBe(true);
    expect(await suite.client.calls.list({ id: first[3]!.id })).toEqual([first[3]]);

    const seen = new Set<string>();
    let createdAtLt: string | undefined;
    for (;;) {
      const page = await suite.client.calls.list({
        limit: 1000,
        ...(createdAtLt ? { createdAtLt } : {}),
      });
      page.forEach((call) => seen.add(call.id));
      if (page.length < 1000) break;
      createdAtLt = page[page.length - 1]!.createdAt;
    }
    expect(seen.size).toBeGreaterThanOrEqual(1500);

    const window = await suite.client.calls.list({
      createdAtGe: first[5]!.createdAt,
      createdAtLe: first[2]!.createdAt,
    });
    expect(window.map((call) => call.id)).toEqual(first.slice(2, 6).map((call) => call.id));
  });

  it('gets a call, and answers an unknown one with a NestJS 404 body', async () => {
    const [latest] = await suite.client.calls.list({ limit: 1 });
    const call = await suite.client.calls.get({ id: latest!.id });
    expect(call).toEqual(latest);
    expect(call.status).toBe('ended');
    expect(call.costBreakdown?.total).toBe(call.cost);

    const error = await expectVapiError(suite.client.calls.get({ id: randomUUID() }), 404);
    expect(error.body).toEqual({ message: 'Call not found', error: 'Not Found', statusCode: 404 });
    expect(error.rawResponse?.headers.get('content-type')).toMatch(/application\/json/);
  });

  it('refuses a wrong key with a 401 and a JSON body', async () => {
    const wrong = testClient(suite.sandbox, 'not-the-key');
    const error = await expectVapiError(wrong.calls.list(), 401);
    expect(error.body).toMatchObject({ error: 'Unauthorized', statusCode: 401 });
    const publicKey = testClient(suite.sandbox, PUBLIC);
    await expectVapiError(publicKey.assistants.list(), 401);
  });

  it('lists and gets phone numbers', async () => {
    const numbers = await suite.client.phoneNumbers.list();
    expect(numbers.map((phone) => phone.id).sort()).toEqual(
      [...suite.sandbox.demo.phoneNumberIds].sort(),
    );
    for (const phone of numbers) {
      expect(phone.number).toMatch(/^\+1\d{10}$/);
      expect(suite.sandbox.demo.assistantIds).toContain(phone.assistantId);
      expect(['vapi', 'twilio']).toContain(phone.provider);
    }
    const one = await suite.client.phoneNumbers.get({ id: numbers[0]!.id });
    expect(one).toEqual(numbers[0]);
  });

  it('runs analytics with groupBy and a daily step', async () => {
    const end = suite.sandbox.demo.windowEnd;
    const start = new Date(end.getTime() - 7 * 86_400_000);
    const [result] = await suite.client.analytics.get({
      queries: [
        {
          table: 'call',
          name: 'byAssistantPerDay',
          operations: [
            { operation: 'count', column: 'id' },
            { operation: 'sum', column: 'duration' },
            { operation: 'avg', column: 'cost' },
          ],
          groupBy: ['assistantId'],
          timeRange: {
            start: start.toISOString(),
            end: end.toISOString(),
            step: 'day',
            timezone: 'America/Chicago',
          },
        },
      ],
    });
    expect(result).toBeDefined();
    expect(result!.name).toBe('byAssistantPerDay');
    expect(result!.timeRange).toMatchObject({ step: 'day', timezone: 'America/Chicago' });
    const rows = result!.result as {
      date: string;
      assistantId: string;
      countId: number;
      sumDuration: number;
      avgCost: number;
    }[];
    expect(rows.length).toBeGreaterThan(7);
    for (const row of rows) {
      expect(suite.sandbox.demo.assistantIds).toContain(row.assistantId);
      expect(new Date(row.date).toISOString()).toBe(row.date);
      expect(row.countId).toBeGreaterThan(0);
      expect(row.sumDuration).toBeGreaterThanOrEqual(0);
    }
    const total = rows.reduce((sum, row) => sum + row.countId, 0);
    const calls = await suite.client.calls.list({
      createdAtGe: start.toISOString(),
      createdAtLt: end.toISOString(),
      limit: 1000,
    });
    expect(total).toBe(calls.length);
  });

  it('serves GET /v2/call through suite.client.fetch in the paginated shape', async () => {
    // SDK 2.0.1 quirk: a relative path is joined by assigning URL.pathname, which escapes "?",
    // so a query string only survives in an absolute URL (auth and retries still apply).
    const relative = await suite.client.fetch('/v2/call?limit=1', { method: 'GET' });
    expect(relative.url).toContain('/v2/call%3Flimit=1');
    expect(relative.status).toBe(404);

    const response = await suite.client.fetch(
      `${suite.sandbox.baseUrl}/v2/call?page=2&limit=5&sortBy=createdAt&sortOrder=DESC`,
      { method: 'GET' },
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as Vapi.CallPaginatedResponse;
    expect(body.results).toHaveLength(5);
    expect(body.metadata).toMatchObject({ itemsPerPage: 5, currentPage: 2, hasNextPage: true });
    expect(body.metadata.totalItems).toBeGreaterThanOrEqual(1500);
    expect(body.metadata.totalPages).toBe(Math.ceil(body.metadata.totalItems / 5));
    const newest = await suite.client.calls.list({ limit: 10 });
    expect(body.results.map((call) => call.id)).toEqual(newest.slice(5, 10).map((call) => call.id));
  });

  it('creates a web call with the public key (as the web SDK does) and refuses the private key', async () => {
    const response = await fetch(`${suite.sandbox.baseUrl}/call/web`, {
      method: 'POST',
      headers: { authorization: `Bearer ${PUBLIC}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        assistantId: suite.sandbox.demo.assistantIds[0],
        assistantOverrides: { variableValues: { a: 1 } },
      }),
    });
    expect(response.status).toBe(201);
    const call = (await response.json()) as Vapi.Call & { webCallUrl: string };
    expect(call.type).toBe('webCall');
    expect(call.webCallUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/web-call\//);
    expect(call.transport).toMatchObject({ provider: 'daily', callUrl: call.webCallUrl });
    expect(call.assistant?.voice).toBeDefined();

    const privateKey = await suite.client.fetch('/call/web', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ assistantId: suite.sandbox.demo.assistantIds[0] }),
    });
    expect(privateKey.status).toBe(401);
    expect(await privateKey.json()).toMatchObject({ statusCode: 401, error: 'Unauthorized' });

    // The call plays out (no server URL here) and ends.
    await expect
      .poll(async () => (await suite.client.calls.get({ id: call.id })).status, { timeout: 5000 })
      .toBe('ended');
  });

  it('serves the recording a call links to as a playable WAV', async () => {
    const calls = await suite.client.calls.list({ limit: 20 });
    const url = calls.find((call) => call.artifact?.recordingUrl)?.artifact?.recordingUrl;
    expect(url).toMatch(new RegExp(`^${suite.sandbox.baseUrl}/recordings/[0-9a-f-]{36}\\.wav$`));
    const response = await fetch(url!);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('audio/wav');
    expect(response.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.toString('ascii', 0, 4)).toBe('RIFF');
  });

  it('serves a call’s logs: GET /call/{id}/call-logs through the SDK, a 302 to a presigned JSON Lines file', async () => {
    const [call] = await suite.client.calls.list({ limit: 1 });
    if (!call) throw new Error('the sandbox has calls');
    // The SDK wraps the route (it follows the redirect and reads no body).
    await expect(
      suite.client.calls.callArtifactControllerCallLogsDownload({ id: call.id }),
    ).resolves.toBeUndefined();
    await expectVapiError(
      suite.client.calls.callArtifactControllerCallLogsDownload({ id: randomUUID() }),
      404,
    );

    const auth = { authorization: `Bearer ${PRIVATE}` };
    const download = await fetch(`${suite.sandbox.baseUrl}/call/${call.id}/call-logs`, {
      headers: auth,
      redirect: 'manual',
    });
    expect(download.status).toBe(302);
    const link = download.headers.get('location')!;
    expect(link).toMatch(/\/logs\/[0-9a-f-]{36}-log\.jsonl\?X-Amz-Date=/);
    // Private: the file without its signature is refused.
    expect((await fetch(link.split('?')[0]!)).status).toBe(403);
    const file = await fetch(link);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    const text = await file.text();
    const lines = text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.length).toBeGreaterThan(3);
    // Each line is the platform's call log line (CallLogPrivileged of the specification's era).
    for (const line of lines) {
      expect(Object.keys(line).sort()).toEqual(['callId', 'level', 'log', 'orgId', 'time']);
      expect(line).toMatchObject({ callId: call.id, orgId: call.orgId });
      expect(['INFO', 'LOG', 'WARN', 'ERROR', 'CHECKPOINT']).toContain(line.level);
      expect(new Date(line.time as string).toISOString()).toBe(line.time);
    }
    expect(lines.at(-1)).toMatchObject({ level: 'CHECKPOINT', log: 'Call ended' });
    // The same call always has the same logs.
    expect(await (await fetch(link)).text()).toBe(text);
  });
});

const HMAC_CREDENTIAL = '6f0f3a52-2b1e-4c38-9d7e-0c6b1a7e5a11';

describe('the simulator sends the platform webhooks', () => {
  const receiver = receiverForSuite({
    toolResult: 'Booked: reference APT-777',
    answer: (_message, path) =>
      path === '/fail' ? { status: 500, body: { message: 'boom' } } : undefined,
  });
  /** Where the product takes the platform's webhooks. */
  const hookUrl = () => `${receiver.base}/api/platform/webhook`;
  const SERVER = () => ({ url: hookUrl(), headers: { 'x-vapi-secret': 'shh' } });
  const suite = sandboxForSuite(() => ({
    privateKey: PRIVATE,
    publicKey: PUBLIC,
    totalCalls: 200,
    server: SERVER(),
    credentials: [
      {
        id: HMAC_CREDENTIAL,
        authenticationPlan: { type: 'hmac', secretKey: 'hmac-secret', algorithm: 'sha256' },
      },
    ],
    simulator: { stepMs: 10, webCallMs: 20 },
  }));

  it('sends status updates, a tool call (reading the reply) and the end-of-call report, in order', async () => {
    const dental = suite.sandbox.demo.assistantIds[0]!;
    const call = await suite.sandbox.simulateCall({
      assistantId: dental,
      type: 'inboundPhoneCall',
      endedReason: 'customer-ended-call',
      tool: 'book_appointment',
    });
    const sequence = receiver.received.map((r) =>
      r.message.status ? `${r.message.type}:${r.message.status}` : r.message.type,
    );
    expect(sequence).toEqual([
      'status-update:queued',
      'status-update:ringing',
      'status-update:in-progress',
      'tool-calls',
      'status-update:ended',
      'end-of-call-report',
    ]);
    expect(receiver.received.every((r) => r.path === '/api/platform/webhook')).toBe(true);
    expect(receiver.received.every((r) => r.headers['x-vapi-secret'] === 'shh')).toBe(true);
    expect(receiver.received.every((r) => typeof r.message.timestamp === 'number')).toBe(true);
    expect(receiver.received.every((r) => (r.message.call as Vapi.Call).id === call.id)).toBe(true);

    const toolCalls = receiver.received.find((r) => r.message.type === 'tool-calls')!.message;
    const [toolCall] = toolCalls.toolCallList as Vapi.ToolCall[];
    expect(toolCall).toMatchObject({ type: 'function', function: { name: 'book_appointment' } });
    const args = JSON.parse(toolCall!.function.arguments) as Record<string, string>;
    expect(Object.keys(args).sort()).toEqual([
      'callerEmail',
      'callerName',
      'notes',
      'service',
      'startsAt',
    ]);
    expect(new Date(args.startsAt!).toISOString()).toBe(args.startsAt);
    expect(Date.parse(args.startsAt!)).toBeGreaterThan(Date.now());
    expect(toolCalls.toolWithToolCallList).toEqual([
      expect.objectContaining({ type: 'function', toolCall, server: SERVER() }),
    ]);

    const ended = receiver.received.find((r) => r.message.status === 'ended')!.message;
    expect(ended.endedReason).toBe('customer-ended-call');

    const report = receiver.received.at(-1)!.message;
    expect(report).toMatchObject({
      type: 'end-of-call-report',
      endedReason: 'customer-ended-call',
      cost: call.cost,
      startedAt: call.startedAt,
      endedAt: call.endedAt,
      customer: { number: expect.stringMatching(/^\+1\d{10}$/) as unknown },
    });
    expect(report.analysis).toEqual(call.analysis);
    const messages = (report.artifact as Vapi.Artifact).messages ?? [];
    expect(messages).toContainEqual(
      expect.objectContaining({
        role: 'tool_call_result',
        toolCallId: toolCall!.id,
        result: 'Booked: reference APT-777',
      }),
    );

    // The call ended "now" after a realistic duration, and the API shows the final version.
    expect(Date.parse(call.endedAt!)).toBeGreaterThan(Date.now() - 5000);
    expect(Date.parse(call.endedAt!) - Date.parse(call.startedAt!)).toBeGreaterThan(60_000);
    expect(await suite.client.calls.get({ id: call.id })).toEqual(call);
    const [newest] = await suite.client.calls.list({ limit: 1, updatedAtGe: call.updatedAt });
    expect(newest?.id).toBe(call.id);
  });

  it('authenticates with a Bearer header or an HMAC credential when the server says so', async () => {
    suite.sandbox.setServer({ url: hookUrl(), headers: { Authorization: 'Bearer tok' } });
    await suite.sandbox.simulateCall({
      assistantId: suite.sandbox.demo.assistantIds[3],
      endedReason: 'customer-busy',
      type: 'outboundPhoneCall',
    });
    expect(receiver.received.length).toBeGreaterThan(0);
    expect(receiver.received.every((r) => r.headers.authorization === 'Bearer tok')).toBe(true);
    // An unanswered call never goes in progress.
    expect(receiver.received.map((r) => r.message.status ?? r.message.type)).toEqual([
      'queued',
      'ringing',
      'ended',
      'end-of-call-report',
    ]);

    receiver.received.length = 0;
    suite.sandbox.setServer({ url: hookUrl(), credentialId: HMAC_CREDENTIAL });
    await suite.sandbox.simulateCall({ assistantId: suite.sandbox.demo.assistantIds[3] });
    expect(receiver.received.length).toBeGreaterThan(0);
    for (const { headers, raw } of receiver.received) {
      const timestamp = headers['x-timestamp'] as string;
      expect(Math.abs(Number(timestamp) - Date.now())).toBeLessThan(10_000);
      const expected = createHmac('sha256', 'hmac-secret')
        .update(`${timestamp}.${raw}`)
        .digest('hex');
      expect(headers['x-signature']).toBe(expected);
      expect(headers['x-vapi-secret']).toBeUndefined();
    }
    suite.sandbox.setServer(SERVER());
  });

  it('creates the call without webhooks when delivery is "missed", so only sync can find it', async () => {
    const before = new Date().toISOString();
    const call = await suite.sandbox.simulateCall({ deliverWebhooks: false });
    expect(receiver.received).toEqual([]);
    expect(call.status).toBe('ended');
    const recent = await suite.client.calls.list({ updatedAtGt: before });
    expect(recent.map((c) => c.id)).toContain(call.id);
  });

  it('survives a receiver that is down or failing', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const { port } = closed.address() as AddressInfo;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const options = {
      assistantId: suite.sandbox.demo.assistantIds[0],
      tool: 'create_enquiry',
      endedReason: 'assistant-ended-call',
      type: 'inboundPhoneCall',
    } as const;

    suite.sandbox.setServer({ url: `http://127.0.0.1:${port}/down` });
    const unreachable = await suite.sandbox.simulateCall(options);
    expect(unreachable.status).toBe('ended');
    const noAnswer = unreachable.artifact?.messages?.find((m) => m.role === 'tool_call_result');
    expect(noAnswer && 'result' in noAnswer ? noAnswer.result : '').toMatch(/did not answer/);
    expect((await suite.client.calls.get({ id: unreachable.id })).status).toBe('ended');

    suite.sandbox.setServer({ url: `${receiver.base}/fail` });
    const failing = await suite.sandbox.simulateCall(options);
    expect(failing.status).toBe('ended');
    expect(receiver.received.map((r) => r.message.type)).toContain('end-of-call-report');
    const error = failing.artifact?.messages?.find((m) => m.role === 'tool_call_result');
    expect(error && 'result' in error ? error.result : '').toMatch(/500/);
    suite.sandbox.setServer(SERVER());
  });

  it('points the demo assistants and their tools at a new server URL', async () => {
    suite.sandbox.setServer({ url: 'http://127.0.0.1:1/elsewhere' });
    const dental = await suite.client.assistants.get({ id: suite.sandbox.demo.assistantIds[0]! });
    expect(dental.server?.url).toBe('http://127.0.0.1:1/elsewhere');
    const tools = dental.model && 'tools' in dental.model ? (dental.model.tools ?? []) : [];
    expect(tools.map((tool) => (tool.type === 'function' ? tool.server?.url : undefined))).toEqual([
      'http://127.0.0.1:1/elsewhere',
      'http://127.0.0.1:1/elsewhere',
    ]);
    suite.sandbox.setServer(SERVER());
    expect(
      (await suite.client.assistants.get({ id: suite.sandbox.demo.assistantIds[0]! })).server?.url,
    ).toBe(hookUrl());
  });

  it('plays out a web call created with POST /call/web, with its webhooks', async () => {
    const response = await fetch(`${suite.sandbox.baseUrl}/call/web`, {
      method: 'POST',
      headers: { authorization: `Bearer ${PUBLIC}`, 'content-type': 'application/json' },
      body: JSON.stringify({ assistantId: suite.sandbox.demo.assistantIds[2] }),
    });
    const created = (await response.json()) as Vapi.Call;
    await expect
      .poll(() => receiver.received.some((r) => r.message.type === 'end-of-call-report'), {
        timeout: 5000,
      })
      .toBe(true);
    const types = receiver.received.map((r) => r.message.status ?? r.message.type);
    expect(types[0]).toBe('queued');
    expect(types).toContain('in-progress');
    // The restaurant assistant carries the tools, so even a short web call books or records.
    expect(types).toContain('tool-calls');
    expect(types.at(-1)).toBe('end-of-call-report');
    const final = await suite.client.calls.get({ id: created.id });
    // Nobody left the room: the call ran to the assistant's maximum length (webCallMs here).
    expect(final).toMatchObject({
      status: 'ended',
      type: 'webCall',
      endedReason: 'exceeded-max-duration',
    });
    expect((final as { webCallUrl?: string }).webCallUrl).toBe(
      (created as { webCallUrl?: string }).webCallUrl,
    );
  });
});

describe('web-call room', () => {
  const suite = sandboxForSuite({
    privateKey: PRIVATE,
    publicKey: PUBLIC,
    totalCalls: 50,
    // Held for a minute unless the caller leaves the room.
    simulator: { stepMs: 10, webCallMs: 60_000 },
  });

  /** A web call to the first demo assistant, in progress. */
  async function startWebCall() {
    const created = await suite.api<{ id: string; webCallUrl: string }>(
      'POST',
      '/call/web',
      { assistantId: suite.sandbox.demo.assistantIds[0] },
      PUBLIC,
    );
    return created.body;
  }

  it('ends a held web call at once when the caller hangs up the room', async () => {
    const created = await startWebCall();
    const room = async () =>
      (await fetch(created.webCallUrl)).json() as Promise<{ status: string }>;
    await expect.poll(async () => (await room()).status, { timeout: 3000 }).toBe('in-progress');

    const hangUp = await fetch(`${created.webCallUrl}/hang-up`, { method: 'POST' });
    expect(hangUp.status).toBe(202);
    expect(await hangUp.json()).toEqual({ callId: created.id, hungUp: true });
    await expect.poll(async () => (await room()).status, { timeout: 3000 }).toBe('ended');
    const again = await fetch(`${created.webCallUrl}/hang-up`, { method: 'POST' });
    expect(await again.json()).toEqual({ callId: created.id, hungUp: false });

    const unknown = await fetch(`${suite.sandbox.baseUrl}/web-call/${randomUUID()}/hang-up`, {
      method: 'POST',
    });
    expect(unknown.status).toBe(404);
  });

  it('takes live call controls: a say that ends the call after it is spoken ends it with that reason', async () => {
    const created = await startWebCall();
    const room = async () =>
      (await fetch(created.webCallUrl)).json() as Promise<{ status: string; endedReason: string }>;
    await expect.poll(async () => (await room()).status, { timeout: 3000 }).toBe('in-progress');
    const control = (body: unknown) =>
      fetch(`${created.webCallUrl}/control`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });

    // What the platform refuses: unknown types, controls and fields, a say with nothing to say.
    for (const bad of [
      { type: 'shout' },
      { type: 'control', control: 'dance' },
      { type: 'say', message: 'Hi', endCallAfterSpoken: 'yes' },
      { type: 'say' },
      { type: 'end-call', reason: 'x' },
    ]) {
      const refused = await control(bad);
      expect(refused.status, JSON.stringify(bad)).toBe(400);
      expect(await refused.json()).toMatchObject({ statusCode: 400, error: 'Bad Request' });
    }
    // The web SDK's messages as it sends them.
    for (const good of [
      { type: 'control', control: 'say-first-message', videoRecordingStartDelaySeconds: 1.5 },
      {
        type: 'say',
        message: 'Goodbye for now.',
        endCallAfterSpoken: true,
        interruptionsEnabled: false,
        interruptAssistantEnabled: true,
      },
    ]) {
      const accepted = await control(good);
      expect(accepted.status).toBe(202);
      expect(await accepted.json()).toEqual({ callId: created.id, accepted: good.type });
    }
    // The client leaves once it is said.
    await fetch(`${created.webCallUrl}/hang-up`, { method: 'POST' });
    await expect.poll(async () => (await room()).status, { timeout: 3000 }).toBe('ended');
    expect((await room()).endedReason).toBe('assistant-ended-call-after-message-spoken');
    expect((await control({ type: 'end-call' })).status).toBe(409);
  });
});
