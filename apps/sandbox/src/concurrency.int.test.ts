import { VapiClient, type Vapi } from '@vapi-ai/server-sdk';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { Sandbox } from './sandbox';
import { startTestSandbox } from './test/sandbox';
import { startReceiver, waitFor, type Receiver } from './test/receiver';

// The org's concurrency limit (Org.concurrencyLimit): POST /call beyond it ends as
// call.start.error-subscription-concurrency-limit-reached; a campaign holds its calls beyond it
// and places them as lines free (schedulePlan), for up to its hold time.

const PRIVATE = 'concurrency-private-key';
const REFUSED = 'call.start.error-subscription-concurrency-limit-reached';

type Message = { type: string; call?: Vapi.Call; status?: string; endedReason?: string };

describe('the sandbox platform’s org concurrency limit', () => {
  let sandbox: Sandbox | undefined;
  let receiver: Receiver<Message> | undefined;
  afterEach(async () => {
    await sandbox?.close();
    await receiver?.close();
    sandbox = undefined;
    receiver = undefined;
  });
  afterAll(async () => {
    await sandbox?.close();
  });

  async function start(options: { concurrencyHoldMs?: number }) {
    receiver = await startReceiver<Message>();
    sandbox = await startTestSandbox({
      privateKey: PRIVATE,
      publicKey: 'concurrency-public',
      totalCalls: 20,
      server: { url: receiver.url },
      // Calls last a few hundred milliseconds: long enough to hold both lines.
      simulator: { stepMs: 150, webCallMs: 10 },
      concurrencyLimit: 2,
      ...options,
    });
    const client = new VapiClient({ token: PRIVATE, baseUrl: sandbox.baseUrl, maxRetries: 0 });
    const [assistant] = sandbox.demo.assistants;
    const dial = (number: string) =>
      client.calls.create({
        assistantId: assistant!.id,
        phoneNumberId: assistant!.phoneNumberId,
        customer: { number },
      }) as Promise<Vapi.Call>;
    return { client, assistant: assistant!, dial };
  }

  it('ends a POST /call beyond the limit as refused, and takes calls again once a line is free', async () => {
    const { client, dial } = await start({});
    const first = await dial('+15550100001');
    const second = await dial('+15550100002');
    const third = await dial('+15550100003');
    expect(third.status).toBe('queued');
    const refused = await waitFor(
      () => client.calls.get({ id: third.id }),
      (call) => call.status === 'ended',
    );
    expect(refused.endedReason).toBe(REFUSED);
    const report = await waitFor(
      async () =>
        receiver!.received
          .map((r) => r.message)
          .find((m) => m.type === 'end-of-call-report' && m.call?.id === third.id),
      Boolean,
    );
    expect(report?.endedReason ?? report?.call?.endedReason).toBe(REFUSED);
    // The two calls within the limit are placed as usual.
    for (const call of [first, second]) {
      const ended = await waitFor(
        () => client.calls.get({ id: call.id }),
        (c) => c.status === 'ended',
      );
      expect(ended.endedReason).not.toBe(REFUSED);
    }
    // Both lines are free again: the next call goes through.
    const fourth = await dial('+15550100004');
    const ended = await waitFor(
      () => client.calls.get({ id: fourth.id }),
      (c) => c.status === 'ended',
    );
    expect(ended.endedReason).not.toBe(REFUSED);
  });

  it('holds a campaign’s calls beyond the limit and places them as lines free', async () => {
    const { client, assistant } = await start({});
    const numbers = Array.from({ length: 6 }, (_, i) => `+1555020${String(i).padStart(4, '0')}`);
    const created = await client.campaigns.campaignControllerCreate({
      name: 'Beyond the limit',
      assistantId: assistant.id,
      phoneNumberId: assistant.phoneNumberId,
      customers: numbers.map((number) => ({ number })),
      maxConcurrency: 5,
      schedulePlan: { earliestAt: new Date().toISOString() },
    });
    const ended = await waitFor(
      () => client.campaigns.campaignControllerFindOne({ id: created.id }),
      (c) => c.status === 'ended',
      30_000,
    );
    expect(ended.callsCounterQueued).toBe(6);
    expect(ended.callsCounterEnded).toBe(6);
    // Never more than two calls at once, by the calls' own times (webhooks may come late).
    const placed = await Promise.all(
      Object.keys(ended.calls ?? {}).map((id) => client.calls.get({ id })),
    );
    const edges = placed.flatMap((c) => [
      { at: Date.parse(c.createdAt), step: 1 },
      { at: Date.parse(c.endedAt!), step: -1 },
    ]);
    // An end and a start at the same millisecond: the end first (the line was free).
    edges.sort((a, b) => a.at - b.at || a.step - b.step);
    let atOnce = 0;
    let most = 0;
    for (const edge of edges) {
      atOnce += edge.step;
      most = Math.max(most, atOnce);
    }
    expect(most).toBe(2);
    const reasons = Object.values(ended.calls ?? {}).map(
      (call) => (call as { endedReason?: string }).endedReason,
    );
    expect(reasons).not.toContain(REFUSED);
  });

  it('does not place a campaign’s calls still held when its hold time is over', async () => {
    const { client, assistant, dial } = await start({ concurrencyHoldMs: 1 });
    // Both lines taken by calls of their own when the campaign starts.
    await dial('+15550100011');
    await dial('+15550100012');
    const created = await client.campaigns.campaignControllerCreate({
      name: 'No line',
      assistantId: assistant.id,
      phoneNumberId: assistant.phoneNumberId,
      customers: [{ number: '+15550300001' }, { number: '+15550300002' }],
      schedulePlan: { earliestAt: new Date().toISOString() },
    });
    const ended = await waitFor(
      () => client.campaigns.campaignControllerFindOne({ id: created.id }),
      (c) => c.status === 'ended',
    );
    expect(ended.callsCounterScheduled).toBe(2);
    expect(ended.callsCounterQueued).toBe(0);
    expect(Object.keys(ended.calls ?? {})).toEqual([]);
  });
});
