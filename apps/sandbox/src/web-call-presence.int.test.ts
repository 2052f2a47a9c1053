import type { Vapi } from '@vapi-ai/server-sdk';
import { describe, expect, it } from 'vitest';
import { createSandbox } from './sandbox';
import { sandboxForSuite, sayInRoom } from './test/sandbox';

// A web call ends the way the platform ends one: when its caller leaves the room
// (customer-ended-call), when its client vanished and the line went silent (silence-timed-out,
// after the silence timeout), or at the assistant's maximum length (exceeded-max-duration) —
// never as a long "customer-ended-call" pass. Its transcript is what its client said was said.

const PRIVATE = 'presence-private-key';
const PUBLIC = 'presence-public-key';

describe('web-call presence and transcript', () => {
  const suite = sandboxForSuite({
    privateKey: PRIVATE,
    publicKey: PUBLIC,
    totalCalls: 20,
    // A minute's maximum length; a client unheard for 400 ms has gone.
    simulator: { stepMs: 10, webCallMs: 60_000, webCallSilenceMs: 400 },
  });

  async function startWebCall(assistant = 0) {
    const assistantId = suite.sandbox.demo.assistantIds[assistant];
    const created = await suite.api<{ id: string; webCallUrl: string }>(
      'POST',
      '/call/web',
      { assistantId },
      PUBLIC,
    );
    expect(created.status).toBe(201);
    return created.body;
  }

  /** The call as GET /call/:id answers it (with the private key: no presence). */
  const platformCall = async (id: string) =>
    (await suite.api<Vapi.Call>('GET', `/call/${id}`)).body;

  it('ends a call whose client vanished as silence-timed-out, a fail, after the timeout', async () => {
    const created = await startWebCall();
    // Nobody polls the room: the client is gone.
    await expect
      .poll(async () => (await platformCall(created.id)).analysis !== undefined, {
        timeout: 5000,
        interval: 50,
      })
      .toBe(true);
    const call = await platformCall(created.id);
    expect(call).toMatchObject({ status: 'ended', endedReason: 'silence-timed-out' });
    expect(call.analysis?.successEvaluation).toBe('false');
  });

  it('keeps a call whose client keeps polling, logs what was said, and ends it on hang-up', async () => {
    const created = await startWebCall();
    const room = async () => (await (await fetch(created.webCallUrl)).json()) as { status: string };
    await expect.poll(async () => (await room()).status, { timeout: 3000 }).toBe('in-progress');
    expect(
      (await sayInRoom(created.webCallUrl, 'assistant', 'Hello, how can I help?')).status,
    ).toBe(202);
    // Longer than the silence timeout (400 ms), but the client is there: it polls its room one
    // request after another, with no pause of ours between them for the timeout to fall into.
    for (const until = Date.now() + 1000; Date.now() < until;) {
      expect((await room()).status).toBe('in-progress');
    }
    expect(
      (await sayInRoom(created.webCallUrl, 'user', 'I need a cleaning on Tuesday')).status,
    ).toBe(202);
    expect((await sayInRoom(created.webCallUrl, 'assistant', 'Noted, anything else?')).status).toBe(
      202,
    );
    // A line the room refuses: not a role, or empty.
    expect((await sayInRoom(created.webCallUrl, 'user', '   ')).status).toBe(400);
    const badRole = await fetch(`${created.webCallUrl}/transcript`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ role: 'system', message: 'x' }),
    });
    expect(badRole.status).toBe(400);

    const hangUp = await fetch(`${created.webCallUrl}/hang-up`, { method: 'POST' });
    expect(await hangUp.json()).toEqual({ callId: created.id, hungUp: true });
    await expect
      .poll(async () => (await platformCall(created.id)).analysis !== undefined, {
        timeout: 5000,
      })
      .toBe(true);
    const call = await platformCall(created.id);
    expect(call).toMatchObject({ status: 'ended', endedReason: 'customer-ended-call' });
    expect(call.analysis?.successEvaluation).toBe('true');
    expect(call.artifact?.transcript).toBe(
      [
        'AI: Hello, how can I help?',
        'User: I need a cleaning on Tuesday',
        'AI: Noted, anything else?',
      ].join('\n'),
    );
    const spoken = (call.artifact?.messages ?? [])
      .map((message) => message as { role?: string; message?: string })
      .filter((message) => message.role === 'bot' || message.role === 'user')
      .map((message) => `${message.role}: ${message.message}`);
    expect(spoken).toEqual([
      'bot: Hello, how can I help?',
      'user: I need a cleaning on Tuesday',
      'bot: Noted, anything else?',
    ]);
    // Once over, the room takes no more lines.
    expect((await sayInRoom(created.webCallUrl, 'user', 'Still there?')).status).toBe(409);
  });

  it('ends a call at the maximum length as exceeded-max-duration', async () => {
    const short = await createSandbox({
      privateKey: PRIVATE,
      publicKey: PUBLIC,
      totalCalls: 20,
      logLevel: 'silent',
      simulator: { intervalMs: 0, stepMs: 10, webCallMs: 300, webCallSilenceMs: 10_000 },
    });
    try {
      const response = await fetch(`${short.baseUrl}/call/web`, {
        method: 'POST',
        headers: { authorization: `Bearer ${PUBLIC}`, 'content-type': 'application/json' },
        body: JSON.stringify({ assistantId: short.demo.assistantIds[0] }),
      });
      const created = (await response.json()) as { id: string };
      const get = async () =>
        (await (
          await fetch(`${short.baseUrl}/call/${created.id}`, {
            headers: { authorization: `Bearer ${PRIVATE}` },
          })
        ).json()) as Vapi.Call;
      await expect
        .poll(async () => (await get()).analysis !== undefined, { timeout: 5000 })
        .toBe(true);
      expect(await get()).toMatchObject({ endedReason: 'exceeded-max-duration' });
    } finally {
      await short.close();
    }
  });
});
