import { VapiError, type Vapi } from '@vapi-ai/server-sdk';
import { describe, expect, it } from 'vitest';
import { describeErrors, responseValidator } from './platform-document';
import { sandboxForSuite } from './test/sandbox';
import { campaignOutcome } from './simulator/campaign-runner';
import { receiverForSuite, waitFor } from './test/receiver';

// /campaign dials: its customers get outbound calls within the schedule and concurrency, each
// call carries the campaign's id, and the counters follow the calls.

const PRIVATE = 'campaign-private-key';

type Message = { type: string; call?: Vapi.Call; status?: string };

const numbers = Array.from({ length: 12 }, (_, i) => `+1555010${String(i).padStart(4, '0')}`);

describe('the sandbox platform’s campaigns', () => {
  const receiver = receiverForSuite<Message>();
  const suite = sandboxForSuite(() => ({
    privateKey: PRIVATE,
    publicKey: 'campaign-public',
    totalCalls: 20,
    server: { url: receiver.url },
    simulator: { stepMs: 5, webCallMs: 10 },
  }));

  const messages = () => receiver.received.map((r) => r.message);
  /** The most calls live at once, by the messages in the order they came. */
  const maxLive = () => {
    let live = 0;
    let most = 0;
    for (const message of messages()) {
      if (message.type === 'status-update' && message.status === 'queued') {
        live += 1;
        most = Math.max(most, live);
      }
      if (message.type === 'end-of-call-report') live -= 1;
    }
    return most;
  };

  it('dials every customer once, at most maxConcurrency at a time, and ends', async () => {
    const [assistant] = suite.sandbox.demo.assistants;
    const created = await suite.client.campaigns.campaignControllerCreate({
      name: 'Recall',
      assistantId: assistant!.id,
      phoneNumberId: assistant!.phoneNumberId,
      customers: numbers.map((number) => ({ number })),
      maxConcurrency: 3,
      schedulePlan: { earliestAt: new Date().toISOString() },
    });
    const valid = responseValidator('POST', '/campaign', 201);
    expect(valid(created) ? [] : describeErrors(valid.errors)).toEqual([]);
    expect(created.status).toBe('scheduled');

    const ended = await waitFor(
      () => suite.client.campaigns.campaignControllerFindOne({ id: created.id }),
      (c) => c.status === 'ended',
    );
    expect(ended.endedReason).toBe('campaign.ended.success');
    expect(ended.callsCounterScheduled).toBe(12);
    expect(ended.callsCounterQueued).toBe(12);
    expect(ended.callsCounterEnded).toBe(12);
    const voicemails = numbers.filter(
      (n) => campaignOutcome(42, n).endedReason === 'voicemail',
    ).length;
    expect(ended.callsCounterEndedVoicemail).toBe(voicemails);
    expect(maxLive()).toBeLessThanOrEqual(3);

    const reports = messages().filter(
      (m) => m.type === 'end-of-call-report' && m.call?.campaignId === created.id,
    );
    expect(reports.map((m) => m.call?.customer?.number).sort()).toEqual([...numbers].sort());
    // Each number ends as the seed says; the mix has answered and unanswered calls.
    for (const report of reports) {
      expect(report.call?.endedReason).toBe(
        campaignOutcome(42, report.call!.customer!.number!).endedReason,
      );
    }
    expect(new Set(reports.map((m) => m.call?.endedReason)).size).toBeGreaterThan(1);
  });

  it('waits for earliestAt, and a cancelled campaign places no calls', async () => {
    const [assistant] = suite.sandbox.demo.assistants;
    const later = await suite.client.campaigns.campaignControllerCreate({
      name: 'Later',
      assistantId: assistant!.id,
      phoneNumberId: assistant!.phoneNumberId,
      customers: [{ number: '+15550109999' }],
      schedulePlan: { earliestAt: new Date(Date.now() + 60_000).toISOString() },
    });
    const cancelled = await suite.client.campaigns.campaignControllerUpdate({
      id: later.id,
      body: { status: 'cancelled' },
    });
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      endedReason: 'campaign.scheduled.ended-by-user',
      callsCounterQueued: 0,
    });
  });

  it('keeps the platform’s rules: a phone number, at most 10,000 customers, a known assistant', async () => {
    const [assistant] = suite.sandbox.demo.assistants;
    const refuse = async (body: Vapi.CreateCampaignDto) => {
      const error = await suite.client.campaigns
        .campaignControllerCreate(body)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(VapiError);
      expect((error as VapiError).statusCode).toBe(400);
      return JSON.stringify((error as VapiError).body);
    };
    expect(
      await refuse({
        name: 'x',
        assistantId: assistant!.id,
        customers: [{ number: '+15550100001' }],
      }),
    ).toContain('Either phoneNumberId or dialPlan must be provided.');
    expect(
      await refuse({
        name: 'x',
        assistantId: assistant!.id,
        phoneNumberId: assistant!.phoneNumberId,
        customers: Array.from({ length: 10_001 }, (_, i) => ({
          number: `+1555${String(i).padStart(7, '0')}`,
        })),
      }),
    ).toContain('no more than 10000');
    expect(
      await refuse({
        name: 'x',
        assistantId: '00000000-0000-4000-8000-000000000000',
        phoneNumberId: assistant!.phoneNumberId,
        customers: [{ number: '+15550100001' }],
      }),
    ).toContain("Couldn't Get Assistant");
  });
});
