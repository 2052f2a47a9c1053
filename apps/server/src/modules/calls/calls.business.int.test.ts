import type { AgentAnalytics } from '@switchboard/shared/analytics';
import type { CallLogCount, CallLogPage } from '@switchboard/shared/call-logs';
import { parse } from 'csv-parse/sync';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { agents } from '../../db/schema';
import { toCallRecord } from '../../platform/call-record';
import type { WireError } from '@switchboard/shared/errors';
import { appForSuite, databaseTargets } from '../../test/test-app';
import { ingestCalls } from '../call-ingest/call-ingest.service';
import { countBusinessCallLogUpTo, type CallLogFilterCriteria } from './calls.repository';

// The business-wide call log (GET /api/calls), the filters every log shares (end reason, call
// type, duration, cost, test calls) and the agreement between the log and the overview.

const DESK = 'asst-biz-desk';
const NIGHT = 'asst-biz-night';
const FOREIGN = 'asst-biz-foreign';
const DAY = '2026-04-02';
const BASE = Date.parse(`${DAY}T08:00:00.000Z`);

type Spec = {
  id: string;
  agent: string;
  minute: number;
  seconds?: number;
  cost?: number;
  endedReason?: string;
  type?: string;
  test?: boolean;
  status?: string;
};

function platformCall(spec: Spec) {
  const created = BASE + spec.minute * 60_000;
  const ended = (spec.status ?? 'ended') === 'ended';
  return {
    id: spec.id,
    orgId: 'org-1',
    assistantId: spec.agent,
    type: spec.type ?? 'inboundPhoneCall',
    status: spec.status ?? 'ended',
    ...(ended ? { endedReason: spec.endedReason ?? 'customer-ended-call' } : {}),
    createdAt: new Date(created).toISOString(),
    updatedAt: new Date(created + 600_000).toISOString(),
    startedAt: new Date(created + 1000).toISOString(),
    ...(ended
      ? { endedAt: new Date(created + 1000 + (spec.seconds ?? 60) * 1000).toISOString() }
      : {}),
    ...(ended ? { cost: spec.cost ?? 0.1 } : {}),
    customer: { number: '+1 555 010 4444' },
    ...(spec.test ? { assistantOverrides: { metadata: { switchboardTestCall: true } } } : {}),
    artifact: { transcript: 'AI: Hello. User: Hi.' },
  };
}

const SPECS: Spec[] = [
  { id: 'd-1', agent: DESK, minute: 1, seconds: 20, cost: 0.05 },
  { id: 'd-2', agent: DESK, minute: 3, seconds: 90, cost: 0.25, type: 'outboundPhoneCall' },
  { id: 'd-3', agent: DESK, minute: 5, seconds: 300, cost: 1.5, endedReason: 'silence-timed-out' },
  { id: 'd-test', agent: DESK, minute: 6, seconds: 45, cost: 0.2, type: 'webCall', test: true },
  { id: 'd-live', agent: DESK, minute: 7, status: 'in-progress', type: 'webCall' },
  { id: 'n-1', agent: NIGHT, minute: 2, seconds: 61, cost: 0.3 },
  { id: 'n-2', agent: NIGHT, minute: 4, seconds: 10, cost: 0, endedReason: 'assistant-ended-call' },
  { id: 'n-test', agent: NIGHT, minute: 8, seconds: 30, cost: 0.1, type: 'webCall', test: true },
  { id: 'f-1', agent: FOREIGN, minute: 9, seconds: 60, cost: 0.4 },
];

describe.each(databaseTargets)('business call log on %s', (target) => {
  const ctx = appForSuite(target, { SANDBOX_CALLS: '0' });
  let member: Record<string, string>;
  let stranger: Record<string, string>;
  let businessId = '';

  const get = <T>(url: string, headers = member) => ctx.requestAs<T>('GET', url, headers);
  const ids = (page: CallLogPage) => page.data.map((row) => row.id);

  beforeAll(async () => {
    const owner = await ctx.createBusinessWithMember({ timezone: 'America/New_York' });
    businessId = owner.businessId;
    const other = await ctx.createBusinessWithMember();
    await ctx.app.database.db.insert(agents).values([
      { platformAssistantId: DESK, businessId: owner.businessId, name: 'Desk' },
      { platformAssistantId: NIGHT, businessId: owner.businessId, name: 'Night line' },
      { platformAssistantId: FOREIGN, businessId: other.businessId, name: 'Foreign' },
    ]);
    await ingestCalls(
      ctx.app.database.db,
      SPECS.map((spec) => toCallRecord(platformCall(spec))),
    );
    member = await ctx.sessionHeaders(owner.userName);
    stranger = await ctx.sessionHeaders(other.userName);
  });

  it('totals (from the agents’ rollups) equal the rows listed, for every tab, range and test choice', async () => {
    for (const tab of ['all', 'successful', 'failed', 'transferred']) {
      for (const range of ['', `&from=${DAY}&to=${DAY}`, '&from=2026-04-03', '&to=2026-04-01']) {
        for (const test of ['', '&includeTest=1']) {
          for (const agent of ['', `&agentId=${DESK}`]) {
            const url = `/api/calls?tab=${tab}${range}${test}${agent}&limit=100`;
            const { body } = await get<CallLogPage>(url);
            expect(body.meta.total, url).toBe(body.data.length);
            const count = await get<{ total: number }>(
              url.replace('/api/calls?', '/api/calls/count?'),
            );
            expect(count.body.total, url).toBe(body.data.length);
          }
        }
      }
    }
  });

  it('counts a filter across the agents within its bounds', async () => {
    const criteria = (filter: CallLogFilterCriteria) => ({
      agents: sql`a.business_id = ${businessId}::uuid`,
      squads: null,
      filter,
    });
    const db = ctx.app.database.db;
    const costly = criteria({ tab: 'all', minCost: 0.25, maxCost: 1.5 });
    // Six calls (test calls left out), three of them in the cost range.
    expect(await countBusinessCallLogUpTo(db, costly, 5, 100)).toEqual({
      matched: 3,
      complete: true,
    });
    // At the cap the walk stops there: whether it read every call is not counted (decision 084).
    expect(await countBusinessCallLogUpTo(db, costly, 1, 100)).toEqual({
      matched: 1,
      complete: false,
    });
    expect(await countBusinessCallLogUpTo(db, costly, 5, 6)).toEqual({
      matched: 3,
      complete: false,
    });
    const all = criteria({ tab: 'all', includeTest: true });
    expect(await countBusinessCallLogUpTo(db, all, 50, 100)).toEqual({
      matched: 8,
      complete: true,
    });
  });

  it('lists the business’s calls across its agents, newest first, test calls left out', async () => {
    const { status, body } = await get<CallLogPage>('/api/calls');
    expect(status).toBe(200);
    expect(ids(body)).toEqual(['d-live', 'd-3', 'n-2', 'd-2', 'n-1', 'd-1']);
    expect(body.meta).toMatchObject({ total: 6, page: 1, limit: 50 });
    expect(body.timeZone).toBe('America/New_York');
    expect(body.data.find((row) => row.id === 'n-1')).toMatchObject({ assistant: 'Night line' });
    const withTests = await get<CallLogPage>('/api/calls?includeTest=1');
    expect(ids(withTests.body)).toEqual([
      'n-test',
      'd-live',
      'd-test',
      'd-3',
      'n-2',
      'd-2',
      'n-1',
      'd-1',
    ]);
    expect(withTests.body.meta.total).toBe(8);
    // Another business sees only its own.
    const theirs = await get<CallLogPage>('/api/calls', stranger);
    expect(ids(theirs.body)).toEqual(['f-1']);
  });

  it('narrows to one agent; another business’s agent is not found', async () => {
    const { body } = await get<CallLogPage>(`/api/calls?agentId=${NIGHT}`);
    expect(ids(body)).toEqual(['n-2', 'n-1']);
    const foreign = await get<WireError>(`/api/calls?agentId=${FOREIGN}`);
    expect(foreign.status).toBe(404);
    const missing = await get<WireError>('/api/calls?agentId=nobody');
    expect(missing.status).toBe(404);
  });

  it('pages across agents without losing or repeating a call', async () => {
    const seen: string[] = [];
    for (const page of [1, 2, 3, 4]) {
      const { body } = await get<CallLogPage>(`/api/calls?includeTest=1&limit=2&page=${page}`);
      expect(body.meta).toMatchObject({ total: 8, totalPages: 4, page });
      seen.push(...ids(body));
    }
    expect(seen).toEqual(['n-test', 'd-live', 'd-test', 'd-3', 'n-2', 'd-2', 'n-1', 'd-1']);
  });

  it('filters by end reason, call type, duration and cost, on both logs', async () => {
    const cases: [string, string[]][] = [
      ['endReason=silence-timed-out', ['d-3']],
      ['callType=outbound', ['d-2']],
      ['callType=web&includeTest=1', ['n-test', 'd-live', 'd-test']],
      ['minDuration=60', ['d-3', 'd-2', 'n-1']],
      ['minDuration=20&maxDuration=61', ['n-1', 'd-1']],
      ['minCost=0.25&maxCost=1.5', ['d-3', 'd-2', 'n-1']],
      ['maxCost=0', ['d-live', 'n-2']],
      ['tab=successful&minDuration=31', ['d-2', 'n-1']],
    ];
    for (const [query, expected] of cases) {
      const { status, body } = await get<CallLogPage>(`/api/calls?${query}`);
      expect(status, query).toBe(200);
      expect(ids(body), query).toEqual(expected);
      // Across the agents such a filter is counted apart: the page answers first.
      expect(body.counting, query).toBe(true);
      expect(body.meta, query).toMatchObject({ total: expected.length, hasNext: false });
      const count = await get<CallLogCount>(`/api/calls/count?${query}`);
      expect(count.body, query).toEqual({ total: expected.length, more: false });
      // The agent's own log applies the same filter builder.
      const desk = await get<CallLogPage>(`/api/agents/${DESK}/calls?${query}`);
      expect(ids(desk.body), `${query} (agent)`).toEqual(
        expected.filter((id) => id.startsWith('d-')),
      );
    }
  });

  it('refuses a bad filter with a 400 that says why', async () => {
    const bad: [string, string][] = [
      ['minDuration=-1', 'Enter whole seconds from 0 to 86400'],
      ['minDuration=1.5', 'Enter whole seconds from 0 to 86400'],
      ['maxDuration=abc', 'Enter whole seconds from 0 to 86400'],
      ['minCost=0.001', 'Enter an amount in dollars from 0 to 10000'],
      ['maxCost=20000', 'Enter an amount in dollars from 0 to 10000'],
      ['minDuration=60&maxDuration=10', 'The minimum is above the maximum'],
      ['minCost=2&maxCost=1', 'The minimum is above the maximum'],
      [
        'endReason=drop%20table',
        'An end reason is a platform name: letters, digits, dots, hyphens and underscores',
      ],
      ['callType=fax', 'callType must be inbound, outbound or web'],
      ['includeTest=yes', 'includeTest must be 1 or 0'],
    ];
    for (const [query, message] of bad) {
      for (const url of [`/api/calls?${query}`, `/api/agents/${DESK}/calls?${query}`]) {
        const { status, body } = await get<WireError>(url);
        expect(status, url).toBe(400);
        expect(body.error.message, url).toContain(message);
      }
    }
  });

  it('marks a call that has not ended as in progress', async () => {
    const { body } = await get<CallLogPage>('/api/calls');
    expect(body.data.find((row) => row.id === 'd-live')).toMatchObject({
      inProgress: true,
      status: 'in-progress',
    });
    expect(body.data.find((row) => row.id === 'd-1')).toMatchObject({ inProgress: false });
  });

  it('counts the same calls as the overview for a day, with and without test calls', async () => {
    for (const includeTest of ['0', '1']) {
      const range = `from=${DAY}&to=${DAY}&includeTest=${includeTest}`;
      const overview = await get<AgentAnalytics>(`/api/agents/${DESK}/analytics?${range}`);
      // The log also lists the call still in progress, which no figure counts yet.
      const log = await get<CallLogPage>(`/api/agents/${DESK}/calls?${range}`);
      const ended = log.body.data.filter((row) => !row.inProgress).length;
      expect(ended, `includeTest=${includeTest}`).toBe(overview.body.summary.numberOfCalls);
      const business = await get<CallLogPage>(`/api/calls?agentId=${DESK}&${range}`);
      expect(business.body.meta.total).toBe(log.body.meta.total);
    }
  });

  it('exports the business-wide filter as CSV', async () => {
    const { res } = await get<unknown>('/api/calls/export?minCost=0.25');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const rows = parse<Record<string, string>>(res.body.replace(/^\uFEFF/, ''), {
      columns: true,
    });
    expect(rows.map((row) => row['Call ID'])).toEqual(['d-3', 'd-2', 'n-1']);
    const foreign = await get<WireError>(`/api/calls/export?agentId=${FOREIGN}`);
    expect(foreign.status).toBe(404);
  });
});
