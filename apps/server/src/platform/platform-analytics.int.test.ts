import { addDays, todayIn } from '@switchboard/shared/date-range';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { executeRows } from '../db/client';
import { agents, businesses } from '../db/schema';
import {
  breakdownFigures,
  breakdownFiguresFromCalls,
  dailyFigures,
  dailyFiguresFromCalls,
  zoneMidnights,
  type BreakdownRows,
  type CallWindow,
} from '../modules/analytics/analytics.repository';
import { AnalyticsService } from '../modules/analytics/analytics.service';
import {
  countCallLog,
  countCallLogFromCalls,
  type CallLogCriteria,
} from '../modules/calls/calls.repository';
import { CallIngestService, ingestCalls } from '../modules/call-ingest/call-ingest.service';
import { storedAndRecountedRollups } from '../test/rollup-recount';
import {
  appForSuite,
  createBusinessWithMember,
  databaseTargets,
  type TestApp,
} from '../test/test-app';
import { toCallRecord } from './call-record';
import {
  summaryFromPlatform,
  summaryFromPlatformAnalytics,
  summaryFromPlatformCalls,
} from './platform-analytics';

/** The first sync, which must end without an error. */
async function syncOnce(app: TestApp) {
  const status = await app.callSync.runNow();
  expect(status?.lastError ?? null).toBeNull();
}

// Reconciliation: the figures our store computes in SQL equal the ones the seed got from the
// platform, by its analytics query and by its fallback over the call list, for every sandbox
// agent. 1,500 calls make the fallback page (limit 1000) for the busiest agents.
describe.each(databaseTargets)('store and platform analytics agree on %s', (target) => {
  const ctx = appForSuite(target, { SANDBOX_CALLS: '1500' }, syncOnce);

  it('gives the same four figures three ways for every agent, over all and part of the window', async () => {
    const sandbox = ctx.app.platform.sandbox;
    if (!sandbox) throw new Error('the test app runs the sandbox platform');
    const analytics = new AnalyticsService({ db: ctx.app.database.db });
    const today = todayIn('UTC');
    const ranges = [
      { from: addDays(today, -95), to: today }, // the whole demo window
      { from: addDays(today, -40), to: addDays(today, -10) }, // cut through the middle
    ];
    let compared = 0;
    for (const assistantId of sandbox.demo.assistantIds) {
      for (const range of ranges) {
        const store = await analytics.agentAnalytics({ kind: 'all' }, assistantId, range);
        const window = {
          assistantId,
          start: new Date(store.range.start),
          end: new Date(store.range.end),
        };
        const byQuery = await summaryFromPlatformAnalytics(ctx.app.platform.client, window);
        const byCalls = await summaryFromPlatformCalls(ctx.app.platform.client, window);
        expect(store.summary.numberOfCalls).toBeGreaterThan(0);
        expect(byQuery, `${assistantId} ${range.from}..${range.to} analytics query`).toEqual(
          store.summary,
        );
        expect(byCalls, `${assistantId} ${range.from}..${range.to} call list`).toEqual(
          store.summary,
        );
        compared += 1;
      }
    }
    expect(compared).toBe(sandbox.demo.assistantIds.length * ranges.length);
  });

  it('falls back to the call list when the analytics query fails', async () => {
    const sandbox = ctx.app.platform.sandbox;
    const assistantId = sandbox?.demo.assistantIds[0];
    if (!assistantId) throw new Error('no demo assistant');
    const client = ctx.app.platform.client;
    // The same SDK, except that its analytics query fails as an unreachable platform would.
    const failingAnalytics = {
      ...client,
      sdk: new Proxy(client.sdk, {
        get: (sdk, property) =>
          property === 'analytics'
            ? { get: () => Promise.reject(new Error('analytics unavailable')) }
            : (Reflect.get(sdk, property, sdk) as unknown),
      }),
    };
    const end = new Date();
    const window = { assistantId, start: new Date(end.getTime() - 100 * 86_400_000), end };
    const fallback = await summaryFromPlatform(failingAnalytics, window);
    expect(fallback.source).toBe('calls');
    expect(fallback.summary).toEqual(await summaryFromPlatformCalls(client, window));
    expect((await summaryFromPlatform(client, window)).source).toBe('analytics');
  });
});

// The rollups the figures and the call log's totals are summed from (decision 028) stay equal
// to a recount of the calls through every way a call changes, and what they answer equals
// what the calls answer.
describe.each(databaseTargets)('rollups and the call store agree on %s', (target) => {
  const ctx = appForSuite(target, { SANDBOX_CALLS: '600' }, syncOnce);

  const db = () => ctx.app.database.db;

  async function expectRollupsEqualRecount(step: string) {
    const { stored, recounted } = await storedAndRecountedRollups(db());
    expect(stored.hours, `${step}: call_rollups`).toEqual(recounted.hours);
    expect(stored.reasons, `${step}: call_rollup_reasons`).toEqual(recounted.reasons);
  }

  const sorted = (figures: BreakdownRows) => ({
    ...figures,
    reasons: [...figures.reasons].sort((a, b) => String(a.reason).localeCompare(String(b.reason))),
    types: [...figures.types].sort((a, b) => a.type.localeCompare(b.type)),
    days: [...figures.days].sort((a, b) => a.day.localeCompare(b.day)),
    hours: [...figures.hours].sort((a, b) => a.hour - b.hour),
    buckets: [...figures.buckets].sort((a, b) => a.bucket - b.bucket),
    // numeric sums against double-precision sums: equal to far below a cent
    costs: Object.fromEntries(
      Object.entries(figures.costs).map(([key, value]) => [key, Math.round(value * 1e6) / 1e6]),
    ),
  });

  /** Every agent's figures and call-log totals from the rollups equal those from the calls. */
  async function expectAnswersEqualCalls(step: string) {
    // The test changes agents and zones straight in the database: the answers' held stamps are
    // dropped once the change notices are heard (decision 081), so wait for them first.
    await ctx.app.changeNotices.settled();
    const rows = await executeRows<{ assistant_id: string; time_zone: string }>(
      db(),
      sql`select a.platform_assistant_id as assistant_id, coalesce(b.timezone, 'UTC') as time_zone
          from agents a left join businesses b on b.id = a.business_id order by 1`,
    );
    expect(rows.length).toBeGreaterThan(0);
    let counted = 0;
    for (const { assistant_id: assistantId, time_zone: timeZone } of rows) {
      const today = todayIn(timeZone);
      for (const [from, to] of [
        [addDays(today, -95), today],
        [addDays(today, -40), addDays(today, -10)],
      ] as const) {
        const [start, end] = await zoneMidnights(db(), [from, addDays(to, 1)], timeZone);
        for (const includeTest of [false, true]) {
          const window: CallWindow = {
            assistantId,
            from,
            to,
            start: start!,
            end: end!,
            timeZone,
            includeTest,
          };
          const label = `${step}: ${assistantId} ${from}..${to} test=${includeTest}`;
          const round = (rows: Awaited<ReturnType<typeof dailyFigures>>) =>
            rows
              .filter((row) => row.calls > 0)
              .map((row) => ({
                ...row,
                seconds: Math.round(row.seconds * 1e6) / 1e6,
                spend: Math.round(row.spend * 1e6) / 1e6,
              }))
              .sort((a, b) => a.day.localeCompare(b.day));
          const daily = round(await dailyFigures(db(), window));
          expect(daily, label).toEqual(round(await dailyFiguresFromCalls(db(), window)));
          counted += daily.reduce((sum, row) => sum + row.calls, 0);
          expect(sorted(await breakdownFigures(db(), window)), label).toEqual(
            sorted(await breakdownFiguresFromCalls(db(), window)),
          );
        }
        for (const tab of ['all', 'successful', 'failed', 'transferred'] as const) {
          for (const ranged of [true, false]) {
            const criteria: CallLogCriteria = {
              assistantId,
              tab,
              ...(ranged ? { start, end } : {}),
              days: { timeZone, ...(ranged ? { from, to } : {}) },
            };
            expect(await countCallLog(db(), criteria), `${step}: ${assistantId} ${tab}`).toBe(
              await countCallLogFromCalls(db(), criteria),
            );
          }
        }
      }
    }
    expect(counted).toBeGreaterThan(0);
  }

  async function storedCall(where: ReturnType<typeof sql>) {
    const [row] = await executeRows<{ id: string; payload: Record<string, unknown> }>(
      db(),
      sql`select id, payload from calls where ${where} order by id limit 1`,
    );
    if (!row) throw new Error('no such call in the store');
    return row;
  }

  it('hold the figures of a sync, and every agent answers the same from them as from the calls', async () => {
    await expectRollupsEqualRecount('after the first sync');
    await expectAnswersEqualCalls('after the first sync');
  });

  it('follow a late end-of-call report, a newer copy, a delete and a test flag', async () => {
    // A newer copy of a call that was still going: now ended, with a cost (insert … on conflict).
    const going = await storedCall(sql`status <> 'ended'`).catch(() =>
      storedCall(sql`status = 'ended'`),
    );
    const later = new Date(Date.now() - 1_000).toISOString();
    const ended = {
      ...going.payload,
      status: 'ended',
      endedReason: 'customer-ended-call',
      startedAt: going.payload.createdAt,
      endedAt: new Date(Date.parse(String(going.payload.createdAt)) + 95_000).toISOString(),
      cost: 0.4321,
      costBreakdown: { transport: 0.01, stt: 0.02, llm: 0.3, tts: 0.1021, vapi: 0 },
      updatedAt: later,
    };
    expect(await ingestCalls(db(), [toCallRecord(ended)])).toBe(1);
    await expectRollupsEqualRecount('a newer copy');

    // A report carrying an older copy: its own fields merge into the stored one (an update).
    const reported = await storedCall(
      sql`status = 'ended' and cost is not null and id <> ${going.id}`,
    );
    const older = { ...reported.payload, updatedAt: '2000-01-01T00:00:00.000Z' };
    expect(
      await new CallIngestService({ db: db() }).message(toCallRecord(older), {
        report: {
          endedReason: 'assistant-forwarded-call',
          cost: 1.25,
          costBreakdown: { transport: 0.25, stt: 0.25, llm: 0.25, tts: 0.25, vapi: 0.25 },
          analysis: { successEvaluation: 'false' },
        },
      }),
    ).toBe(1);
    await expectRollupsEqualRecount('a late end-of-call report');

    // Test calls, then a removal.
    await db().execute(
      sql`update calls set is_test = true where id in (select id from calls order by id limit 25)`,
    );
    await expectRollupsEqualRecount('test flags');
    await db().execute(
      sql`delete from calls where id in (select id from calls order by id desc limit 10)`,
    );
    await expectRollupsEqualRecount('a delete');
    await expectAnswersEqualCalls('after the changes');
  });

  it("bump the answers' versions of every business a change of calls touches", async () => {
    // The versions the cached answers are stamped with (decision 073), read from the table.
    const versions = async () =>
      new Map(
        (
          await executeRows<{ scope: string; version: string }>(
            db(),
            sql`select scope, version::text as version from answer_versions`,
          )
        ).map((row) => [row.scope, BigInt(row.version)]),
      );
    /** The scopes whose version moved between two readings. */
    const moved = (before: Map<string, bigint>, after: Map<string, bigint>) =>
      [...after]
        .filter(([scope, version]) => before.get(scope) !== version)
        .map(([s]) => s)
        .sort();
    const businessOf = async (callId: string) => {
      const [row] = await executeRows<{ scope: string }>(
        db(),
        sql`select coalesce(a.business_id::text, '-') as scope from calls c
            left join agents a on a.platform_assistant_id = c.assistant_id where c.id = ${callId}`,
      );
      return row!.scope;
    };

    // An update (a newer copy, through the insert's ON CONFLICT): its business only.
    const call = await storedCall(sql`assistant_id is not null`);
    const scope = await businessOf(call.id);
    let before = await versions();
    const newer = { ...call.payload, cost: 0.9876, updatedAt: new Date().toISOString() };
    expect(await ingestCalls(db(), [toCallRecord(newer)])).toBe(1);
    expect(moved(before, await versions())).toEqual([scope]);

    // A call moved to an agent of another business: both, the one it left and the one it joined.
    const other = await createBusinessWithMember(ctx.app, {});
    await db()
      .insert(agents)
      .values({ platformAssistantId: 'asst-versions-move', businessId: other.businessId });
    before = await versions();
    await db().execute(
      sql`update calls set assistant_id = 'asst-versions-move' where id = ${call.id}`,
    );
    expect(moved(before, await versions())).toEqual([scope, other.businessId].sort());

    // A delete: the business it was in. A statement that changes no call: none.
    before = await versions();
    await db().execute(sql`delete from calls where id = ${call.id}`);
    expect(moved(before, await versions())).toEqual([other.businessId]);
    before = await versions();
    await db().execute(sql`update calls set is_test = true where id = 'no-such-call'`);
    await db().execute(sql`delete from calls where id = 'no-such-call'`);
    expect(moved(before, await versions())).toEqual([]);
  });

  it('follow an agent to a business in another zone, a zone change and an unassignment', async () => {
    const [first] = await db().select().from(agents).orderBy(agents.platformAssistantId).limit(1);
    if (!first) throw new Error('no agent');
    const kolkata = await createBusinessWithMember(ctx.app, { timezone: 'Asia/Kolkata' });
    await db()
      .update(agents)
      .set({ businessId: kolkata.businessId })
      .where(eq(agents.id, first.id));
    await expectRollupsEqualRecount('reassigned to Asia/Kolkata');
    await db()
      .update(businesses)
      .set({ timezone: 'Pacific/Chatham' })
      .where(eq(businesses.id, kolkata.businessId));
    await expectRollupsEqualRecount('its business moved to Pacific/Chatham');
    await expectAnswersEqualCalls('after the zone changes');
    await db().update(agents).set({ businessId: null }).where(eq(agents.id, first.id));
    await expectRollupsEqualRecount('unassigned (UTC)');

    // Calls of an assistant not known yet count in UTC, then move with the agent row.
    const stranger = await storedCall(sql`assistant_id is not null`);
    const copy = {
      ...stranger.payload,
      id: 'rollup-stranger-call',
      assistantId: 'asst-not-known-yet',
      updatedAt: new Date().toISOString(),
    };
    expect(await ingestCalls(db(), [toCallRecord(copy)])).toBe(1);
    await expectRollupsEqualRecount('a call of an unknown assistant');
    await db()
      .insert(agents)
      .values({ platformAssistantId: 'asst-not-known-yet', businessId: kolkata.businessId });
    await expectRollupsEqualRecount('its agent row, in Pacific/Chatham');
    await db().delete(agents).where(eq(agents.platformAssistantId, 'asst-not-known-yet'));
    await expectRollupsEqualRecount('its agent row deleted');
    await expectAnswersEqualCalls('at the end');
  });
});
