/**
 * Analytics benchmark: how fast an agent's figures come out of the call store (the analytics
 * endpoint, 90-day range) with 1,000,000 calls across 20 agents, on PostgreSQL and on PGlite,
 * against the seed's way (every call of the range fetched from the platform through the SDK
 * and summed in JavaScript, or its POST /analytics query) on the sandbox. Not part of `npm test`.
 *
 *   npm run bench:analytics -- [--calls 1000000] [--agents 20] [--requests 200] [--seed-runs 5] [--db pglite,postgres]
 *
 * PostgreSQL is used when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set; a scratch database
 * is created and dropped. Prints one line per measurement and a summary table.
 */
import type { AgentAnalytics } from '@switchboard/shared/analytics';
import { addDays, todayIn } from '@switchboard/shared/date-range';
import type { Db } from '../apps/server/src/db/client';
import {
  dailyFigures,
  zoneMidnights,
  type CallWindow,
} from '../apps/server/src/modules/analytics/analytics.repository';
import {
  summaryFromPlatformAnalytics,
  summaryFromPlatformCalls,
  type PlatformSummaryWindow,
} from '../apps/server/src/platform/platform-analytics';
import { BENCH_ZONE as ZONE, callStoreBench, TARGET_P95_MS, type BenchTarget } from './lib/app';
import { explainQueries } from './lib/explain';
import { fmt, mb } from './lib/stats';

const bench = callStoreBench({ requests: '200', seedRuns: '5' });
const { agentCount, requests, seedRuns, targets, ids, results, timeGets } = bench;

const RANGE_DAYS = 90;

const plans: { db: string; indexOnly: boolean; lines: string[] }[] = [];

/** EXPLAIN (ANALYZE, BUFFERS) of the daily-figures query exactly as the repository sends it. */
async function explainDaily(
  db: Db,
  window: CallWindow & { from: string; to: string },
): Promise<string[]> {
  const plans = await explainQueries(db, (explaining) => dailyFigures(explaining, window));
  return plans.at(-1) ?? [];
}

async function benchTarget(target: BenchTarget) {
  // The compact payload (no transcripts) the figures in bench/README.md were measured with.
  const { app, db, headers, close } = await bench.openApp(target, {
    rangeDays: RANGE_DAYS,
    transcripts: false,
  });
  try {
    const today = todayIn(ZONE);
    const range = `from=${addDays(today, -(RANGE_DAYS - 1))}&to=${today}`;
    const first = await app.inject({
      method: 'GET',
      url: `/api/agents/${ids[0]}/analytics?${range}`,
      headers,
    });
    const sample = first.json<AgentAnalytics>();
    // The 90-day window the store measured (business-zone midnights), reused for the seed way.
    bench.storeWindow = { start: new Date(sample.range.start), end: new Date(sample.range.end) };
    console.log(
      `[${target}] ${ids[0]} ${sample.range.from}..${sample.range.to} (${ZONE}): ` +
        `${sample.summary.numberOfCalls} counted calls, ${sample.summary.totalCallMinutes} min, ` +
        `$${sample.summary.totalSpent}`,
    );

    await timeGets(
      app,
      target,
      'store: GET /api/agents/:id/analytics (90 days)',
      ids.map((id) => `/api/agents/${id}/analytics?${range}`),
      headers,
      agentCount,
    );
    // Right after the endpoint's own runs, so the plan sees the cache they left.
    const [start, end] = await zoneMidnights(
      db,
      [addDays(today, -(RANGE_DAYS - 1)), addDays(today, 1)],
      ZONE,
    );
    const plan = await explainDaily(db, {
      assistantId: ids[0]!,
      start: start!,
      end: end!,
      timeZone: ZONE,
      includeTest: false,
      from: addDays(today, -(RANGE_DAYS - 1)),
      to: today,
    });
    const indexOnly = plan.some((line) =>
      line.includes('Index Only Scan using calls_assistant_analytics_idx'),
    );
    plans.push({ db: target, indexOnly, lines: plan });
    console.log(
      `[${target}] daily-figures plan: ${indexOnly ? 'Index Only Scan on calls_assistant_analytics_idx' : 'NOT an index-only scan on calls_assistant_analytics_idx'}`,
    );
    for (const line of plan.slice(0, 14)) console.log(`    ${line}`);
    await timeGets(
      app,
      target,
      'store: GET /api/agents/:id/analytics/breakdowns (90 days)',
      ids.map((id) => `/api/agents/${id}/analytics/breakdowns?${range}`),
      headers,
      agentCount,
    );
    await timeGets(
      app,
      target,
      `store: GET /api/agents (${agentCount} agents, 7 days)`,
      ['/api/agents'],
      headers,
      3,
    );
    await timeGets(
      app,
      target,
      'store: GET /api/statistics/dashboard',
      ['/api/statistics/dashboard'],
      headers,
      3,
    );
  } finally {
    await close();
  }
}

/** The seed's way on the sandbox, holding as many calls per agent as the store. */
async function benchSeedWay() {
  const { sandbox, client, window, assistants } = await bench.startSandbox(RANGE_DAYS, RANGE_DAYS);
  const windowOf = (i: number): PlatformSummaryWindow => ({
    assistantId: assistants[i % assistants.length]!,
    ...window,
  });
  try {
    const samples: number[] = [];
    for (let i = 0; i < seedRuns; i++) {
      const started = performance.now();
      const summary = await summaryFromPlatformCalls(client, windowOf(i));
      const ms = performance.now() - started;
      samples.push(ms);
      console.log(
        `[sandbox] every call + JS, ${windowOf(i).assistantId}: ${summary.numberOfCalls} counted calls ` +
          `in ${(ms / 1000).toFixed(1)} s (RSS ${mb()} MB)`,
      );
    }
    results.record('sandbox', 'seed way: every call (GET /call pages) summed in JS', samples);

    for (let i = 0; i < 3; i++) await summaryFromPlatformAnalytics(client, windowOf(i));
    const querySamples: number[] = [];
    for (let i = 0; i < requests; i++) {
      const started = performance.now();
      await summaryFromPlatformAnalytics(client, windowOf(i));
      querySamples.push(performance.now() - started);
    }
    results.record('sandbox', 'seed way: POST /analytics', querySamples);
  } finally {
    await sandbox.close();
  }
}

await bench.run('requests', benchTarget, benchSeedWay);
const find = (db: string, prefix: string) => results.find(db, prefix);
const seedCalls = find('sandbox', 'seed way: every call');
const seedQuery = find('sandbox', 'seed way: POST /analytics');
for (const db of targets) {
  const store = find(db, 'store: GET /api/agents/:id/analytics (');
  if (!store) continue;
  if (seedCalls) {
    console.log(
      `\n[${db}] seed way (every call) ÷ store: p50 ${(seedCalls.p50 / store.p50).toFixed(0)}×, ` +
        `p95 ${(seedCalls.p95 / store.p95).toFixed(0)}×`,
    );
  }
  if (seedQuery) {
    console.log(
      `[${db}] seed way (POST /analytics) ÷ store: p50 ${(seedQuery.p50 / store.p50).toFixed(1)}×, ` +
        `p95 ${(seedQuery.p95 / store.p95).toFixed(1)}×`,
    );
  }
  if (db === 'postgres') {
    console.log(
      `[postgres] target p95 ≤ ${TARGET_P95_MS} ms: ${store.p95 <= TARGET_P95_MS ? 'met' : 'NOT met'} (${fmt(store.p95)} ms)`,
    );
  }
}
for (const p of plans) {
  console.log(
    `[${p.db}] daily-figures query: ${p.indexOnly ? 'Index Only Scan on calls_assistant_analytics_idx' : 'NOT index-only'}`,
  );
}
