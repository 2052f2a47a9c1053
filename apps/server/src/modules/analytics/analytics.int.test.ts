import type { AgentAnalytics, AgentBreakdowns } from '@switchboard/shared/analytics';
import { beforeAll, describe, expect, it } from 'vitest';
import { agents } from '../../db/schema';
import { toCallRecord } from '../../platform/call-record';
import { appForSuite, databaseTargets } from '../../test/test-app';
import type { WireError } from '@switchboard/shared/errors';
import { ingestCalls } from '../call-ingest/call-ingest.service';
import { AnalyticsService } from './analytics.service';

// One agent of a New York business, hand-made calls around the edges of 10–11 March 2026
// (New York is on EDT, UTC−4, from 8 March). Every expected figure below is worked out by hand.
const AGENT = 'asst-analytics-ny';
const OTHER_AGENT = 'asst-analytics-other';

type CallSpec = {
  id: string;
  createdAt: string;
  seconds?: number;
  cost?: number;
  status?: string;
  endedReason?: string;
  successEvaluation?: string;
  type?: string;
  assistantId?: string;
  costBreakdown?: Record<string, number>;
};

function platformCall(spec: CallSpec) {
  const created = Date.parse(spec.createdAt);
  const started = created + 2_000;
  return {
    id: spec.id,
    orgId: 'org-1',
    assistantId: spec.assistantId ?? AGENT,
    type: spec.type ?? 'inboundPhoneCall',
    status: spec.status ?? 'ended',
    endedReason: spec.endedReason ?? 'assistant-ended-call',
    createdAt: spec.createdAt,
    updatedAt: new Date(created + 600_000).toISOString(),
    ...(spec.seconds === undefined
      ? {}
      : {
          startedAt: new Date(started).toISOString(),
          endedAt: new Date(started + spec.seconds * 1000).toISOString(),
        }),
    ...(spec.cost === undefined ? {} : { cost: spec.cost }),
    ...(spec.costBreakdown ? { costBreakdown: spec.costBreakdown } : {}),
    analysis: spec.successEvaluation ? { successEvaluation: spec.successEvaluation } : {},
  };
}

const CALLS: CallSpec[] = [
  // 10 March 00:00 EDT exactly: the first instant of the range counts.
  { id: 'start-edge', createdAt: '2026-03-10T04:00:00.000Z', seconds: 60, cost: 0.2 },
  {
    id: 'c1',
    createdAt: '2026-03-10T14:00:00.000Z', // 10:00 EDT
    seconds: 90,
    cost: 0.5,
    successEvaluation: 'true',
    costBreakdown: { transport: 0.1, stt: 0.1, llm: 0.2, tts: 0.05, vapi: 0.05, total: 0.5 },
  },
  {
    id: 'c2',
    createdAt: '2026-03-11T03:30:00.000Z', // 10 March 23:30 EDT: still the 10th locally
    seconds: 45,
    cost: 0.3333,
    successEvaluation: 'false',
    type: 'outboundPhoneCall',
    endedReason: 'customer-ended-call',
  },
  {
    id: 'c3',
    createdAt: '2026-03-11T04:30:00.000Z', // 11 March 00:30 EDT
    seconds: 31,
    cost: 0.25,
    type: 'webCall',
    endedReason: 'customer-ended-call', // no evaluation, > 30 s: a pass
  },
  {
    id: 'c4',
    createdAt: '2026-03-11T16:15:00.000Z', // 12:15 EDT
    seconds: 30,
    cost: 0.1,
    endedReason: 'customer-ended-call', // exactly 30 s: a fail
  },
  // Not counted: still in progress, no cost, another agent, before and at the end of the range.
  { id: 'live', createdAt: '2026-03-10T15:00:00.000Z', status: 'in-progress', seconds: 20 },
  { id: 'unpriced', createdAt: '2026-03-10T15:30:00.000Z', seconds: 40 },
  {
    id: 'other',
    createdAt: '2026-03-10T16:00:00.000Z',
    seconds: 100,
    cost: 9,
    assistantId: OTHER_AGENT,
  },
  { id: 'before', createdAt: '2026-03-10T03:59:59.000Z', seconds: 50, cost: 5 },
  { id: 'end-edge', createdAt: '2026-03-12T04:00:00.000Z', seconds: 50, cost: 5 },
];

describe.each(databaseTargets)('agent analytics on %s', (target) => {
  const ctx = appForSuite(target);
  let member: Record<string, string>;
  let stranger: Record<string, string>;
  let admin: Record<string, string>;

  beforeAll(async () => {
    const db = ctx.app.database.db;
    const business = await ctx.createBusinessWithMember({ timezone: 'America/New_York' });
    const strangerBusiness = await ctx.createBusinessWithMember();
    const operator = await ctx.createAdminUser();
    await db.insert(agents).values([
      { platformAssistantId: AGENT, businessId: business.businessId, name: 'Front desk' },
      { platformAssistantId: OTHER_AGENT, businessId: strangerBusiness.businessId, name: 'X' },
    ]);
    await ingestCalls(
      db,
      CALLS.map((spec) => toCallRecord(platformCall(spec))),
    );
    member = await ctx.sessionHeaders(business.userName);
    stranger = await ctx.sessionHeaders(strangerBusiness.userName);
    admin = await ctx.sessionHeaders(operator.userName);
  });

  const analyticsUrl = `/api/agents/${AGENT}/analytics?from=2026-03-10&to=2026-03-11`;

  it('computes the four figures over counted calls, days in the business time zone', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: analyticsUrl, headers: member });
    expect(res.statusCode).toBe(200);
    const body = res.json<AgentAnalytics>();
    expect(body.range).toEqual({
      from: '2026-03-10',
      to: '2026-03-11',
      timeZone: 'America/New_York',
      start: '2026-03-10T04:00:00.000Z',
      end: '2026-03-12T04:00:00.000Z',
    });
    // 60 + 90 + 45 + 31 + 30 = 256 s = 4.2666… min; 0.2 + 0.5 + 0.3333 + 0.25 + 0.1 = 1.3833.
    expect(body.summary).toEqual({
      totalCallMinutes: 4.27,
      numberOfCalls: 5,
      totalSpent: 1.38,
      averageCostPerCall: 0.28, // 1.3833 / 5 = 0.27666
    });
    expect(body.daily).toEqual([
      // start-edge, c1, c2: 195 s, 1.0333
      { date: '2026-03-10', calls: 3, minutes: 3.25, spend: 1.03, passed: 1, failed: 2 },
      // c3, c4: 61 s, 0.35
      { date: '2026-03-11', calls: 2, minutes: 1.02, spend: 0.35, passed: 1, failed: 1 },
    ]);
    expect(body.outcomes).toEqual({ passed: 2, failed: 3 });
  });

  it('breaks the same calls down by reason, type, day, cost component, duration and hour', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/agents/${AGENT}/analytics/breakdowns?from=2026-03-10&to=2026-03-11`,
      headers: member,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json<AgentBreakdowns>();
    expect(body.totalCalls).toBe(5);
    expect(body.endedReasons).toEqual([
      { reason: 'customer-ended-call', calls: 3 },
      { reason: 'assistant-ended-call', calls: 2 },
    ]);
    expect(body.otherEndedReasons).toEqual({ calls: 0, reasons: 0 });
    expect(body.callTypes).toEqual([
      { type: 'inbound', calls: 3 },
      { type: 'outbound', calls: 1 },
      { type: 'web', calls: 1 },
    ]);
    expect(body.successRate).toEqual([
      { date: '2026-03-10', calls: 3, passed: 1, rate: 33.33 },
      { date: '2026-03-11', calls: 2, passed: 1, rate: 50 },
    ]);
    expect(body.costComponents).toEqual([
      { component: 'transport', label: 'Transport', cost: 0.1 },
      { component: 'stt', label: 'Speech-to-text', cost: 0.1 },
      { component: 'llm', label: 'Model', cost: 0.2 },
      { component: 'tts', label: 'Voice', cost: 0.05 },
      { component: 'vapi', label: 'Platform', cost: 0.05 },
    ]);
    // 30, 31, 45 s → "30s–1m"; 60, 90 s → "1–2m".
    expect(body.durations.map((d) => d.calls)).toEqual([0, 3, 2, 0, 0, 0, 0]);
    const hours = Object.fromEntries(
      body.hours.filter((h) => h.calls > 0).map((h) => [h.hour, h.calls]),
    );
    expect(hours).toEqual({ 0: 2, 10: 1, 12: 1, 23: 1 });
    expect(body.hours).toHaveLength(24);
  });

  it('fills every day of the range and answers zeros for a range without calls', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: `/api/agents/${AGENT}/analytics?from=2026-01-01&to=2026-01-03`,
      headers: member,
    });
    const body = res.json<AgentAnalytics>();
    expect(body.summary).toEqual({
      totalCallMinutes: 0,
      numberOfCalls: 0,
      totalSpent: 0,
      averageCostPerCall: 0,
    });
    expect(body.daily.map((d) => d.date)).toEqual(['2026-01-01', '2026-01-02', '2026-01-03']);
  });

  it('refuses a backwards or over-long range with the reason', async () => {
    const backwards = await ctx.app.inject({
      method: 'GET',
      url: `/api/agents/${AGENT}/analytics?from=2026-03-11&to=2026-03-10`,
      headers: member,
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json<WireError>().error.message).toBe(
      'The start date must be on or before the end date',
    );
    const long = await ctx.app.inject({
      method: 'GET',
      url: `/api/agents/${AGENT}/analytics/breakdowns?from=2024-01-01&to=2026-03-10`,
      headers: member,
    });
    expect(long.statusCode).toBe(400);
    expect(long.json<WireError>().error.message).toBe('A date range can span at most 366 days');
    const garbage = await ctx.app.inject({
      method: 'GET',
      url: `/api/agents/${AGENT}/analytics?from=2026-02-30`,
      headers: member,
    });
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json<WireError>().error.message).toBe('Use a date in the form YYYY-MM-DD');
  });

  it("answers 404 for another business's agent, and lets the operator see it", async () => {
    for (const url of [analyticsUrl, `/api/agents/${AGENT}/analytics/breakdowns`]) {
      const res = await ctx.app.inject({ method: 'GET', url, headers: stranger });
      expect(res.statusCode).toBe(404);
    }
    const res = await ctx.app.inject({ method: 'GET', url: analyticsUrl, headers: admin });
    expect(res.statusCode).toBe(200);
    expect(res.json<AgentAnalytics>().summary.numberOfCalls).toBe(5);
  });

  it('defaults to the last 30 days ending today in the business time zone', async () => {
    const service = new AnalyticsService({
      db: ctx.app.database.db,
      // 12 March 03:00 UTC is still 11 March in New York.
      now: () => new Date('2026-03-12T03:00:00.000Z'),
    });
    const result = await service.agentAnalytics({ kind: 'all' }, AGENT, {});
    expect(result.range.from).toBe('2026-02-10');
    expect(result.range.to).toBe('2026-03-11');
    expect(result.daily).toHaveLength(30);
    // The five of 10–11 March and 'before' (9 March 23:59:59 EDT); not 'end-edge' (the 12th).
    expect(result.summary.numberOfCalls).toBe(6);
  });

  it("counts today and the last 7 days for the dashboard in the business's zone", async () => {
    const service = new AnalyticsService({
      db: ctx.app.database.db,
      now: () => new Date('2026-03-11T20:00:00.000Z'), // 11 March 16:00 EDT
    });
    const business = await ctx.app.database.db.query.agents.findFirst({
      where: (a, { eq }) => eq(a.platformAssistantId, AGENT),
    });
    const figures = await service.callStatistics({
      businessId: business?.businessId ?? null,
      timeZone: 'America/New_York',
    });
    // Today (11 March EDT): c3 and c4. Last 7 days: the five counted calls ('before' too:
    // 9 March 23:59:59 EDT is inside the week; it cost 5 and lasted 50 s, a fail).
    expect(figures.today).toEqual({ calls: 2, minutes: 1.02, spend: 0.35, successRate: 50 });
    expect(figures.last7Days).toEqual({
      calls: 6,
      minutes: 5.1, // 306 s
      spend: 6.38, // 1.3833 + 5
      successRate: 33.33, // 2 of 6
    });
  });
});
