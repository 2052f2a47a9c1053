import { and, eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AlertOverview, AlertRule, AlertRuleInput } from '@switchboard/shared/alerts';
import type { WireError } from '@switchboard/shared/errors';
import {
  agents,
  alertEvents,
  alertRules,
  campaignContacts,
  campaigns,
  mailOutbox,
} from '../../db/schema';
import { toCallRecord } from '../../platform/call-record';
import { insertRunningCampaign } from '../../test/campaign-rows';
import { appForSuite, injectAs, oneDatabase } from '../../test/test-app';
import { ingestCalls } from '../call-ingest/call-ingest.service';
import { AlertsJob } from './alerts.job';
import { AlertsService } from './alerts.service';
import { DigestService } from './digest.service';

// Tuesday 10 March 2026, 11:00 in New York (EDT, UTC−4): inside Mon–Fri 09:00–17:00.
const START = Date.parse('2026-03-10T15:00:00Z');
const ZONE = 'America/New_York';
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

let clock = START;
let callCounter = 0;

type CallSpec = {
  at: number;
  pass?: boolean;
  seconds?: number;
  cost?: number;
  endedReason?: string;
  assistantId: string;
};

function platformCall(spec: CallSpec) {
  callCounter += 1;
  const seconds = spec.seconds ?? 60;
  return {
    id: `alert-call-${callCounter}`,
    orgId: 'org-1',
    assistantId: spec.assistantId,
    type: 'inboundPhoneCall',
    status: 'ended',
    endedReason: spec.endedReason ?? 'assistant-ended-call',
    createdAt: new Date(spec.at).toISOString(),
    updatedAt: new Date(spec.at + seconds * 1000 + 5000).toISOString(),
    startedAt: new Date(spec.at + 1000).toISOString(),
    endedAt: new Date(spec.at + 1000 + seconds * 1000).toISOString(),
    cost: spec.cost ?? 0.1,
    analysis: { successEvaluation: spec.pass === false ? 'false' : 'true' },
  };
}

describe.each(oneDatabase)('alerts on %s', (target) => {
  const ctx = appForSuite(target, { SANDBOX_CALLS: '0' }, undefined, { now: () => clock });
  let owner: Record<string, string>;
  let member: Record<string, string>;
  let otherOwner: Record<string, string>;
  let admin: Record<string, string>;
  let businessId: string;
  let ownerEmail: string;
  let agentId: string;

  const db = () => ctx.app.database.db;
  const addCalls = (specs: Omit<CallSpec, 'assistantId'>[]) =>
    ingestCalls(
      db(),
      specs.map((spec) => toCallRecord(platformCall({ assistantId: agentId, ...spec }))),
    );
  const evaluate = () => ctx.app.alertsJob.round();

  async function setRule(input: AlertRuleInput): Promise<AlertRule> {
    const res = await injectAs(ctx.app, 'POST', '/api/alerts', owner, input);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<AlertRule>();
  }

  async function eventsOf(ruleId: string) {
    return db()
      .select()
      .from(alertEvents)
      .where(eq(alertEvents.ruleId, ruleId))
      .orderBy(alertEvents.createdAt);
  }

  async function alertMails() {
    return db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.kind, 'alert'), eq(mailOutbox.toAddress, ownerEmail)))
      .orderBy(mailOutbox.createdAt);
  }

  beforeAll(async () => {
    const a = await ctx.createBusinessWithMember({
      timezone: ZONE,
      name: 'Bright Teeth',
      email: 'owner@bright-teeth.example',
    });
    businessId = a.businessId;
    ownerEmail = 'owner@bright-teeth.example';
    owner = await ctx.sessionHeaders(a.userName);
    const m = await ctx.addTeamMember(businessId);
    member = await ctx.sessionHeaders(m.userName);
    const b = await ctx.createBusinessWithMember({ timezone: ZONE, name: 'Other Plumbing' });
    otherOwner = await ctx.sessionHeaders(b.userName);
    admin = await ctx.sessionHeaders((await ctx.createAdminUser()).userName);
    // A real assistant on the sandbox platform, so agent health can read it.
    const assistant = await ctx.app.platform.client.sdk.assistants.create({
      name: 'Front Desk',
    });
    agentId = assistant.id;
    await db()
      .insert(agents)
      .values({ platformAssistantId: agentId, businessId, name: 'Front Desk' });
  });

  beforeEach(async () => {
    clock = START;
    // Each test starts with no rules and no calls of its own.
    await db().delete(alertRules);
    await db().delete(alertEvents);
    await db().delete(mailOutbox);
    await ctx.app.database.db.execute(
      (await import('drizzle-orm')).sql`delete from calls where assistant_id = ${agentId}`,
    );
    await db()
      .update(agents)
      .set({ lastWebhookAt: null })
      .where(eq(agents.platformAssistantId, agentId));
  });

  it('success rate over the last N calls fires once, with the figures, and clears once', async () => {
    // 10 calls in the last hours, 3 successful: 30 %.
    await addCalls(
      Array.from({ length: 10 }, (_, n) => ({ at: START - (n + 1) * 10 * MINUTE, pass: n < 3 })),
    );
    const rule = await setRule({
      agentId,
      condition: { kind: 'success_rate', belowPercent: 60, over: 'calls', count: 10 },
    });
    expect(rule.description).toBe('Success rate below 60 % over the last 10 calls');
    await evaluate();
    await evaluate();
    let events = await eventsOf(rule.id);
    expect(events.map((e) => e.kind)).toEqual(['fired']);
    expect(events[0]!.message).toBe(
      "7 callers of 10 did not get what they called for: Front Desk's success rate is 30% over the last 10 calls, below your 60 %.",
    );
    expect(events[0]!.link).toBe(`/agent/${agentId}/call-logs?tab=failed`);
    const mails = await alertMails();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Alert: Front Desk: success rate 30%');
    expect(mails[0]!.textBody).toContain(`/agent/${agentId}/call-logs?tab=failed`);

    // Ten good calls since: the last 10 are all successful.
    clock = START + 30 * MINUTE;
    await addCalls(Array.from({ length: 10 }, (_, n) => ({ at: START + n * MINUTE, pass: true })));
    await evaluate();
    await evaluate();
    events = await eventsOf(rule.id);
    expect(events.map((e) => e.kind)).toEqual(['fired', 'cleared']);
    expect(events[1]!.message).toBe(
      "Front Desk's success rate is 100% over the last 10 calls again, at or above your 60 %.",
    );
    expect((await alertMails()).map((mail) => mail.subject)).toEqual([
      'Alert: Front Desk: success rate 30%',
      'Cleared: Front Desk: success rate back to 100%',
    ]);
  });

  it('success rate over the last N hours reads the hourly rollups', async () => {
    await addCalls([
      ...Array.from({ length: 4 }, (_, n) => ({ at: START - (n + 1) * 5 * MINUTE, pass: false })),
      { at: START - 30 * MINUTE, pass: true },
    ]);
    const rule = await setRule({
      agentId: null,
      condition: { kind: 'success_rate', belowPercent: 50, over: 'hours', count: 2 },
    });
    await evaluate();
    expect((await eventsOf(rule.id)).map((e) => e.kind)).toEqual(['fired']);
    // Four hours later, the window holds no calls: too few to judge, nothing changes.
    clock = START + 4 * HOUR;
    await evaluate();
    expect((await eventsOf(rule.id)).map((e) => e.kind)).toEqual(['fired']);
    await addCalls(
      Array.from({ length: 5 }, (_, n) => ({ at: clock - (n + 1) * MINUTE, pass: true })),
    );
    await evaluate();
    expect((await eventsOf(rule.id)).map((e) => e.kind)).toEqual(['fired', 'cleared']);
  });

  it('cost per day above X fires on the day and clears on the next', async () => {
    await addCalls([
      { at: START - HOUR, cost: 0.8 },
      { at: START - 2 * HOUR, cost: 0.45 },
    ]);
    const rule = await setRule({ agentId, condition: { kind: 'daily_cost', aboveDollars: 1 } });
    await evaluate();
    await evaluate();
    const events = await eventsOf(rule.id);
    expect(events.map((e) => e.kind)).toEqual(['fired']);
    expect(events[0]!.message).toBe(
      "Front Desk's 2 calls cost $1.25 today, above your $1.00 a day.",
    );
    // The next day in New York starts with nothing spent.
    clock = Date.parse('2026-03-11T04:30:00Z');
    await evaluate();
    expect((await eventsOf(rule.id)).map((e) => e.kind)).toEqual(['fired', 'cleared']);
  });

  it('no call for N hours counts opening hours only, and clears with the next call', async () => {
    // The last call: Monday 16:30; the rule: 2 hours within Mon–Fri 09:00–17:00.
    clock = Date.parse('2026-03-09T16:00:00Z');
    const rule = await setRule({
      agentId,
      condition: {
        kind: 'no_calls',
        hours: 2,
        openFrom: 9 * 60,
        openTo: 17 * 60,
        days: [1, 2, 3, 4, 5],
      },
    });
    await addCalls([{ at: Date.parse('2026-03-09T20:30:00Z') }]);
    // Tuesday 10:00: 30 minutes on Monday + 1 hour on Tuesday: not yet.
    clock = Date.parse('2026-03-10T14:00:00Z');
    await evaluate();
    expect(await eventsOf(rule.id)).toHaveLength(0);
    // 10:31: 2 hours and 1 minute of opening hours.
    clock = Date.parse('2026-03-10T14:31:00Z');
    await evaluate();
    await evaluate();
    const fired = await eventsOf(rule.id);
    expect(fired.map((e) => e.kind)).toEqual(['fired']);
    expect(fired[0]!.message).toBe(
      'Nobody has reached Front Desk for 2 hours of opening hours (the last call was Mar 9, 2026, 16:30): check that your number still rings through.',
    );
    await addCalls([{ at: clock + MINUTE }]);
    clock += 5 * MINUTE;
    await evaluate();
    expect((await eventsOf(rule.id)).map((e) => e.kind)).toEqual(['fired', 'cleared']);
  });

  it('platform errors: fires at the count within the hours, clears when they age out', async () => {
    await addCalls([
      { at: START - 20 * MINUTE, endedReason: 'pipeline-error-openai-llm-failed', pass: false },
      {
        at: START - 10 * MINUTE,
        endedReason: 'call.in-progress.error-vapifault-transport-never-connected',
        pass: false,
      },
      { at: START - 5 * MINUTE, endedReason: 'customer-ended-call' },
    ]);
    const rule = await setRule({
      agentId,
      condition: { kind: 'platform_errors', atLeast: 2, hours: 1 },
    });
    await evaluate();
    await evaluate();
    const events = await eventsOf(rule.id);
    expect(events.map((e) => e.kind)).toEqual(['fired']);
    expect(events[0]!.message).toBe(
      '2 callers were cut off by a platform or provider failure in the last 1 hour on Front Desk.',
    );
    clock = START + 2 * HOUR;
    await evaluate();
    expect((await eventsOf(rule.id)).map((e) => e.kind)).toEqual(['fired', 'cleared']);
  });

  it('webhooks silent: calls arrive only by sync; clears when a webhook comes', async () => {
    await addCalls([{ at: START - 30 * MINUTE }]);
    const rule = await setRule({ agentId, condition: { kind: 'webhooks', silentHours: 2 } });
    await evaluate();
    await evaluate();
    const events = await eventsOf(rule.id);
    expect(events.map((e) => e.kind)).toEqual(['fired']);
    expect(events[0]!.message).toContain(
      'Front Desk had calls in the last 2 hours but the platform sent Switchboard no update',
    );
    await db()
      .update(agents)
      .set({ lastWebhookAt: new Date(START) })
      .where(eq(agents.platformAssistantId, agentId));
    await evaluate();
    expect((await eventsOf(rule.id)).map((e) => e.kind)).toEqual(['fired', 'cleared']);
  });

  it('webhooks refused: agent health says the platform is refused', async () => {
    let problem: string | null =
      "The agent's server does not carry Switchboard's webhook secret: its calls are refused.";
    const service = new AlertsService({
      db: db(),
      mail: ctx.app.mail,
      publicBaseUrl: () => 'https://switchboard.example',
      log: ctx.app.log,
      now: () => clock,
      webhookProblem: async () => problem,
    });
    const rule = await setRule({ agentId, condition: { kind: 'webhooks', silentHours: 2 } });
    await service.evaluateAll();
    const events = await eventsOf(rule.id);
    expect(events[0]!.message).toBe(
      "Front Desk: The agent's server does not carry Switchboard's webhook secret: its calls are refused.",
    );
    problem = null;
    await service.evaluateAll();
    expect((await eventsOf(rule.id)).map((e) => e.kind)).toEqual(['fired', 'cleared']);
  });

  it('campaign stalled: a running campaign in its window with numbers waiting and no progress', async () => {
    const campaign = await insertRunningCampaign(db(), {
      businessId,
      agentId,
      startAt: new Date(START - 5 * HOUR),
      timeZone: ZONE,
      maxConcurrency: 2,
      platformCampaignId: 'platform-campaign-1',
      windowEndsAt: new Date(START + 6 * HOUR),
    });
    await db()
      .insert(campaignContacts)
      .values([
        {
          campaignId: campaign.id,
          phone: '+12125550101',
          status: 'answered',
          updatedAt: new Date(START - 3 * HOUR),
        },
        { campaignId: campaign.id, phone: '+12125550102', status: 'pending' },
        { campaignId: campaign.id, phone: '+12125550103', status: 'pending' },
      ]);
    const rule = await setRule({
      agentId: null,
      condition: { kind: 'campaign_stalled', hours: 2 },
    });
    await evaluate();
    await evaluate();
    const events = await eventsOf(rule.id);
    expect(events.map((e) => e.kind)).toEqual(['fired']);
    expect(events[0]!.message).toBe(
      'Campaign “Spring check-ups” has placed no call for 2 hours though 2 numbers are still waiting to be called.',
    );
    expect(events[0]!.link).toBe(`/campaigns/${campaign.id}`);
    await db()
      .update(campaignContacts)
      .set({ status: 'answered', updatedAt: new Date(START) })
      .where(eq(campaignContacts.campaignId, campaign.id));
    await evaluate();
    expect((await eventsOf(rule.id)).map((e) => e.kind)).toEqual(['fired', 'cleared']);
    await db().delete(campaigns).where(eq(campaigns.id, campaign.id));
  });

  it('two instances at once: one evaluates, the alert fires once', async () => {
    await addCalls(
      Array.from({ length: 6 }, (_, n) => ({ at: START - (n + 1) * MINUTE, pass: false })),
    );
    const rule = await setRule({
      agentId,
      condition: { kind: 'success_rate', belowPercent: 60, over: 'calls', count: 10 },
    });
    const instances = [0, 1].map(() => {
      const alerts = new AlertsService({
        db: db(),
        mail: ctx.app.mail,
        publicBaseUrl: () => 'https://switchboard.example',
        log: ctx.app.log,
        now: () => clock,
      });
      const evaluateAll = vi.spyOn(alerts, 'evaluateAll');
      const digests = new DigestService({
        db: db(),
        mail: ctx.app.mail,
        publicBaseUrl: () => 'https://switchboard.example',
        log: ctx.app.log,
        now: () => clock,
      });
      const job = new AlertsJob({
        tryWithLock: ctx.app.database.tryWithLock,
        alerts,
        digests,
        log: ctx.app.log,
      });
      return { job, evaluateAll };
    });
    await Promise.all(instances.map((instance) => instance.job.round()));
    expect((await eventsOf(rule.id)).map((e) => e.kind)).toEqual(['fired']);
    expect(await alertMails()).toHaveLength(1);
    if (ctx.app.database.driver === 'postgres') {
      // The advisory lock let one round in; the other skipped.
      const runs = instances.map((instance) => instance.evaluateAll.mock.calls.length);
      expect(runs.sort()).toEqual([0, 1]);
    }
  });

  it('members read the alerts and their history; only owners set them', async () => {
    const rule = await setRule({ agentId, condition: { kind: 'daily_cost', aboveDollars: 5 } });
    const read = await ctx.app.inject({ method: 'GET', url: '/api/alerts', headers: member });
    expect(read.statusCode).toBe(200);
    expect(read.json<AlertOverview>().rules.map((r) => r.id)).toEqual([rule.id]);
    expect(read.json<AlertOverview>().rules[0]!.agentName).toBe('Front Desk');
    const write = await ctx.app.inject({
      method: 'POST',
      url: '/api/alerts',
      headers: member,
      payload: { agentId: null, condition: { kind: 'daily_cost', aboveDollars: 5 } },
    });
    expect(write.statusCode).toBe(403);
    const off = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/alerts/${rule.id}`,
      headers: owner,
      payload: { enabled: false },
    });
    expect(off.json<AlertRule>().enabled).toBe(false);
  });

  it.each([
    [
      { kind: 'success_rate', belowPercent: 150, over: 'calls', count: 20 },
      'condition.belowPercent',
      'The success rate must be a whole number from 1 to 99 %',
    ],
    [
      { kind: 'success_rate', belowPercent: 50, over: 'calls', count: 2 },
      'condition.count',
      'The number of calls must be a whole number from 5 to 1000',
    ],
    [
      { kind: 'success_rate', belowPercent: 50, over: 'hours', count: 500 },
      'condition.count',
      'The number of hours must be a whole number from 1 to 168',
    ],
    [
      { kind: 'daily_cost', aboveDollars: 0 },
      'condition.aboveDollars',
      'The cost must be at least $0.01',
    ],
    [
      { kind: 'daily_cost', aboveDollars: -3 },
      'condition.aboveDollars',
      'The cost must be at least $0.01',
    ],
    [
      { kind: 'no_calls', hours: 0, openFrom: 540, openTo: 1020, days: [1] },
      'condition.hours',
      'The hours without a call must be a whole number from 1 to 72',
    ],
    [
      { kind: 'no_calls', hours: 2, openFrom: 1020, openTo: 540, days: [1] },
      'condition.openTo',
      'Closing time must be after opening time',
    ],
    [
      { kind: 'no_calls', hours: 2, openFrom: 540, openTo: 1020, days: [] },
      'condition.days',
      'Choose at least one day you are open',
    ],
    [
      { kind: 'platform_errors', atLeast: 1, hours: 48 },
      'condition.hours',
      'The hours must be a whole number from 1 to 24',
    ],
    [
      { kind: 'webhooks', silentHours: 1.5 },
      'condition.silentHours',
      'The hours without webhooks must be a whole number from 1 to 72',
    ],
    [
      { kind: 'campaign_stalled', hours: 'two' },
      'condition.hours',
      'The hours without a call must be a whole number from 1 to 48',
    ],
  ])(
    'a threshold out of range is a 400 naming the field: %j',
    async (condition, field, message) => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/alerts',
        headers: owner,
        payload: { agentId: null, condition },
      });
      expect(res.statusCode).toBe(400);
      const error = res.json<WireError>();
      expect(error.error.code).toBe('VALIDATION_ERROR');
      const issue = error.error.details?.issues?.find((i) => String(i.path).includes(field));
      expect(issue?.message, JSON.stringify(error)).toBe(message);
    },
  );

  it("another business's alert or agent is a 404", async () => {
    const rule = await setRule({ agentId, condition: { kind: 'daily_cost', aboveDollars: 5 } });
    for (const request of [
      { method: 'PATCH' as const, url: `/api/alerts/${rule.id}`, payload: { enabled: false } },
      { method: 'DELETE' as const, url: `/api/alerts/${rule.id}` },
      { method: 'PATCH' as const, url: '/api/alerts/not-an-id', payload: { enabled: false } },
      {
        method: 'POST' as const,
        url: '/api/alerts',
        payload: { agentId, condition: { kind: 'daily_cost', aboveDollars: 5 } },
      },
    ]) {
      const res = await ctx.app.inject({ ...request, headers: otherOwner });
      expect(res.statusCode, `${request.method} ${request.url}`).toBe(404);
    }
    const theirs = await ctx.app.inject({ method: 'GET', url: '/api/alerts', headers: otherOwner });
    expect(theirs.json<AlertOverview>().rules).toEqual([]);
    const unknown = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/businesses/00000000-0000-4000-8000-000000000000/alerts',
      headers: admin,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it("the operator's alerts on a business are its own: told to the operators, not the owners", async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/admin/businesses/${businessId}/alerts`,
      headers: admin,
      payload: { agentId, condition: { kind: 'daily_cost', aboveDollars: 0.5 } },
    });
    expect(res.statusCode, res.body).toBe(201);
    await addCalls([{ at: START - HOUR, cost: 0.8 }]);
    await evaluate();
    const mine = await ctx.app.inject({
      method: 'GET',
      url: `/api/admin/businesses/${businessId}/alerts`,
      headers: admin,
    });
    expect(mine.json<AlertOverview>().events.map((e) => e.kind)).toEqual(['fired']);
    const owners = await ctx.app.inject({ method: 'GET', url: '/api/alerts', headers: owner });
    expect(owners.json<AlertOverview>().rules).toEqual([]);
    expect(owners.json<AlertOverview>().events).toEqual([]);
    expect(await alertMails()).toHaveLength(0);
  });
});
