/**
 * Call-log benchmark: how fast an agent's call log comes out of the call store
 * (GET /api/agents/:id/calls, 30-day range, 50 a page) with 1,000,000 calls across 20 agents,
 * on PostgreSQL and on PGlite: page 1 and page 200 (or the deepest page there is) of each tab,
 * page 1 with a phone filter, a transcript search, and one CSV export; the plans of the deep
 * page and of its total; and the seed's way (every call of the range fetched from the platform
 * through the SDK, filtered and paged in JavaScript) on the sandbox. Not part of `npm test`.
 *
 *   npm run bench:call-logs -- [--calls 1000000] [--agents 20] [--requests 100] [--seed-runs 3] [--db pglite,postgres]
 *
 * PostgreSQL is used when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set; a scratch database
 * is created and dropped. Prints one line per measurement and a summary table.
 */
import { sql } from 'drizzle-orm';
import type { CallLogPage } from '@switchboard/shared/call-logs';
import {
  CALL_LOG_PAGE_SIZE,
  CALL_LOG_TABS,
  callMatchesTab,
  formatCallRow,
  type CallLogTab,
  type PlatformCall,
} from '@switchboard/shared/calls';
import { addDays, todayIn } from '@switchboard/shared/date-range';
import type { App } from '../apps/server/src/app';
import { executeRows, type Db } from '../apps/server/src/db/client';
import { zoneMidnights } from '../apps/server/src/modules/analytics/analytics.repository';
import {
  countCallLog,
  listCallLog,
  type CallLogCriteria,
} from '../apps/server/src/modules/calls/calls.repository';
import { fetchCallsInWindow } from '../apps/server/src/platform/platform-analytics';
import { BENCH_ZONE as ZONE, callStoreBench, TARGET_P95_MS, type BenchTarget } from './lib/app';
import { explainQueries, indexesIn } from './lib/explain';
import { TRANSCRIPT_SEARCH_WORD } from './lib/load-calls';
import { fmt, mb, type Stat } from './lib/stats';

const bench = callStoreBench({ requests: '100', seedRuns: '3' });
const { seedRuns, targets, ids, results, timeGets } = bench;

/** The calls are spread over the last 90 days (as in the analytics bench)… */
const LOAD_DAYS = 90;
/** …and the log shows the last 30 (today and the 29 days before, in the business zone). */
const LOG_DAYS = 30;
const LIMIT = CALL_LOG_PAGE_SIZE;
const DEEP_PAGE = 200;
const SEED_TAB: CallLogTab = 'successful';

type Measured = { db: string; tab: CallLogTab; kind: 'page 1' | 'deep' | 'phone' | 'search' };
const cases: (Measured & { stat: Stat })[] = [];
/** The deepest page measured per tab (the same on every database: the load is reproducible). */
const deepPages = new Map<CallLogTab, number>();
type PlanSummary = {
  db: string;
  what: string;
  indexes: string[];
  executionMs: number | undefined;
};
const plans: PlanSummary[] = [];
const exports: { db: string; seconds: number; rows: number; mb: number }[] = [];

async function getPage(
  app: App,
  url: string,
  headers: Record<string, string>,
): Promise<CallLogPage> {
  const res = await app.inject({ method: 'GET', url, headers });
  if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
  return res.json<CallLogPage>();
}

const executionMs = (plan: string[]): number | undefined => {
  const line = plan.find((l) => l.startsWith('Execution Time:'));
  return line ? Number(/([\d.]+) ms/.exec(line)?.[1]) : undefined;
};

/** EXPLAIN (ANALYZE, BUFFERS) of the page query and of the count, as the repository sends them. */
async function explainLog(
  target: string,
  db: Db,
  what: string,
  criteria: CallLogCriteria,
  page: number,
): Promise<void> {
  const [pagePlan = []] = await explainQueries(db, (explaining) =>
    listCallLog(explaining, criteria, { limit: LIMIT, offset: (page - 1) * LIMIT }),
  );
  const [countPlan = []] = await explainQueries(db, (explaining) =>
    countCallLog(explaining, criteria),
  );
  for (const [query, plan] of [
    [`${what}, page ${page}`, pagePlan],
    [`${what}, count`, countPlan],
  ] as const) {
    const summary: PlanSummary = {
      db: target,
      what: query,
      indexes: indexesIn(plan),
      executionMs: executionMs(plan),
    };
    plans.push(summary);
    console.log(
      `[${target}] plan of ${query}: ${summary.indexes.join(', ') || 'no index'}; ` +
        `${summary.executionMs ?? '?'} ms`,
    );
    for (const line of plan) console.log(`    ${line}`);
  }
}

async function benchTarget(target: BenchTarget) {
  const { app, db, headers, close } = await bench.openApp(target, {
    rangeDays: LOAD_DAYS,
    transcripts: true,
  });
  try {
    const today = todayIn(ZONE);
    const from = addDays(today, -(LOG_DAYS - 1));
    const range = `from=${from}&to=${today}&limit=${LIMIT}`;
    const [start, end] = await zoneMidnights(db, [from, addDays(today, 1)], ZONE);
    // The 30-day window the store measured (business-zone midnights), reused for the seed way.
    bench.storeWindow = { start: start!, end: end! };
    const list = (id: string, query: string) => `/api/agents/${id}/calls?${range}&${query}`;

    const [mix] = await executeRows<Record<string, unknown>>(
      db,
      sql`select count(*)::int as calls,
                 round(100.0 * count(*) filter (where transferred) / count(*), 1)::float as transferred,
                 round(100.0 * count(*) filter (where outcome = 'pass') / count(*), 1)::float as pass,
                 count(distinct customer_digits)::int as callers,
                 count(customer_digits)::int as phone_calls
          from calls
          where assistant_id = ${ids[0]!} and created_at >= ${start!.toISOString()}::timestamptz
            and created_at < ${end!.toISOString()}::timestamptz`,
    );
    console.log(
      `[${target}] ${ids[0]} ${from}..${today} (${ZONE}): ${String(mix?.calls)} calls, ` +
        `${String(mix?.transferred)} % transferred, ${String(mix?.pass)} % successful, ` +
        `${String(mix?.phone_calls)} phone calls from ${String(mix?.callers)} numbers`,
    );

    // Page 1 and page 200 of each tab; when an agent has fewer than 200 pages in the range,
    // the deepest page every agent has.
    for (const tab of CALL_LOG_TABS) {
      const firstPages = await Promise.all(
        ids.map((id) => getPage(app, list(id, `tab=${tab}&page=1`), headers)),
      );
      const totals = firstPages.map((p) => p.meta.total);
      const pages = Math.min(...firstPages.map((p) => p.meta.totalPages));
      const deep = Math.max(1, Math.min(DEEP_PAGE, pages));
      deepPages.set(tab, deep);
      console.log(
        `[${target}] tab ${tab}: ${Math.min(...totals)}–${Math.max(...totals)} calls an agent in ` +
          `${LOG_DAYS} days, ${pages}+ pages; deep page measured: ${deep}` +
          (deep < DEEP_PAGE ? ` (page ${DEEP_PAGE} does not exist for every agent)` : ''),
      );
      const first = await timeGets(
        app,
        target,
        `${tab}, page 1 (${LOG_DAYS} days)`,
        ids.map((id) => list(id, `tab=${tab}&page=1`)),
        headers,
      );
      cases.push({ db: target, tab, kind: 'page 1', stat: first });
      const deepStat = await timeGets(
        app,
        target,
        `${tab}, page ${deep}${deep < DEEP_PAGE ? ' (deepest)' : ''} (${LOG_DAYS} days)`,
        ids.map((id) => list(id, `tab=${tab}&page=${deep}`)),
        headers,
      );
      cases.push({ db: target, tab, kind: 'deep', stat: deepStat });
    }

    // A number each agent's log holds: its newest caller's, as the national 10 digits.
    const phones = await Promise.all(
      ids.map(async (id) => {
        const [row] = await executeRows<{ digits: string }>(
          db,
          sql`select customer_digits as digits from calls
              where assistant_id = ${id} and customer_digits is not null
                and created_at >= ${start!.toISOString()}::timestamptz
                and created_at < ${end!.toISOString()}::timestamptz
              order by created_at desc limit 1`,
        );
        return row!.digits.slice(-10);
      }),
    );
    for (const tab of CALL_LOG_TABS) {
      const phoneUrls = ids.map((id, n) => list(id, `tab=${tab}&page=1&phone=${phones[n]}`));
      const matched = await Promise.all(phoneUrls.map((url) => getPage(app, url, headers)));
      const totals = matched.map((p) => p.meta.total);
      console.log(
        `[${target}] phone filter (e.g. ${phones[0]}), tab ${tab}: ${Math.min(...totals)}–` +
          `${Math.max(...totals)} calls an agent in ${LOG_DAYS} days`,
      );
      const stat = await timeGets(
        app,
        target,
        `${tab}, phone filter, page 1 (${LOG_DAYS} days)`,
        phoneUrls,
        headers,
      );
      cases.push({ db: target, tab, kind: 'phone', stat });
    }

    const searchUrls = ids.map((id) => list(id, `tab=all&page=1&q=${TRANSCRIPT_SEARCH_WORD}`));
    const found = await getPage(app, searchUrls[0]!, headers);
    console.log(
      `[${target}] transcript search "${TRANSCRIPT_SEARCH_WORD}": ${found.meta.total} calls of ` +
        `${ids[0]} in ${LOG_DAYS} days; first match: ${JSON.stringify(found.data[0]?.transcriptMatch)}`,
    );
    const search = await timeGets(
      app,
      target,
      `all, transcript search "${TRANSCRIPT_SEARCH_WORD}", page 1 (${LOG_DAYS} days)`,
      searchUrls,
      headers,
    );
    cases.push({ db: target, tab: 'all', kind: 'search', stat: search });

    // Right after the timed requests, so the plans see the cache they left.
    const window = { assistantId: ids[0]!, start: start!, end: end! };
    for (const tab of ['all', 'successful', 'transferred'] as const) {
      await explainLog(target, db, tab, { ...window, tab }, deepPages.get(tab)!);
    }
    await explainLog(
      target,
      db,
      'all, phone filter',
      { ...window, tab: 'all', phoneDigits: phones[0]! },
      1,
    );
    await explainLog(
      target,
      db,
      `all, transcript search "${TRANSCRIPT_SEARCH_WORD}"`,
      { ...window, tab: 'all', q: TRANSCRIPT_SEARCH_WORD },
      1,
    );

    const exportUrl = `/api/agents/${ids[0]}/calls/export?from=${from}&to=${today}&tab=all`;
    const started = performance.now();
    const res = await app.inject({ method: 'GET', url: exportUrl, headers });
    const seconds = (performance.now() - started) / 1000;
    if (res.statusCode !== 200) throw new Error(`${exportUrl} answered ${res.statusCode}`);
    const rows = res.body.split('\n').filter((line) => line.trim() !== '').length - 1;
    const size = res.rawPayload.length / 1024 / 1024;
    exports.push({ db: target, seconds, rows, mb: size });
    console.log(
      `[${target}] export of ${ids[0]}, all, ${LOG_DAYS} days: ${rows} rows, ${size.toFixed(1)} MB ` +
        `in ${seconds.toFixed(2)} s (RSS ${mb()} MB)`,
    );
  } finally {
    await close();
  }
}

/**
 * The seed's way on the sandbox, holding as many calls per agent as the store: every call of
 * the agent's 30 days through GET /call (pages of 1,000), each formatted and tested against
 * the tab with the shared rules, then the page sliced out.
 */
async function benchSeedWay() {
  const { sandbox, client, window, assistants } = await bench.startSandbox(LOAD_DAYS, LOG_DAYS);
  try {
    for (const page of [1, deepPages.get(SEED_TAB) ?? DEEP_PAGE]) {
      const samples: number[] = [];
      for (let i = 0; i < seedRuns; i++) {
        const assistantId = assistants[i % assistants.length]!;
        const started = performance.now();
        const calls = await fetchCallsInWindow(client, { assistantId, ...window });
        // The seed's browser took the JSON as it came (the SDK's Call is that JSON, typed).
        const rows = calls
          .map((call) => formatCallRow(call as unknown as PlatformCall, { timeZone: ZONE }))
          .filter((row) => callMatchesTab(row, SEED_TAB));
        const shown = rows.slice((page - 1) * LIMIT, page * LIMIT);
        const ms = performance.now() - started;
        samples.push(ms);
        console.log(
          `[sandbox] ${assistantId}: ${calls.length} calls fetched, ${rows.length} ${SEED_TAB}, ` +
            `page ${page}: ${shown.length} rows in ${(ms / 1000).toFixed(1)} s (RSS ${mb()} MB)`,
        );
      }
      const stat = results.record(
        'sandbox',
        `seed way: ${SEED_TAB}, page ${page} (every call of ${LOG_DAYS} days, filtered in JS)`,
        samples,
      );
      cases.push({ db: 'sandbox', tab: SEED_TAB, kind: page === 1 ? 'page 1' : 'deep', stat });
    }
  } finally {
    await sandbox.close();
  }
}

await bench.run('requests a case', benchTarget, benchSeedWay);
for (const e of exports) {
  console.log(
    `[${e.db}] export (one agent, all, ${LOG_DAYS} days): ${e.rows} rows, ${e.mb.toFixed(1)} MB ` +
      `in ${e.seconds.toFixed(2)} s`,
  );
}
const caseOf = (db: string, kind: Measured['kind']) =>
  cases.find((c) => c.db === db && c.tab === SEED_TAB && c.kind === kind)?.stat;
for (const db of targets) {
  for (const kind of ['page 1', 'deep'] as const) {
    const store = caseOf(db, kind);
    const seed = caseOf('sandbox', kind);
    if (!store || !seed) continue;
    const page = kind === 'page 1' ? 1 : deepPages.get(SEED_TAB);
    console.log(
      `[${db}] seed way ÷ store, ${SEED_TAB} page ${page}: p50 ${(seed.p50 / store.p50).toFixed(0)}×, ` +
        `p95 ${(seed.p95 / store.p95).toFixed(0)}×`,
    );
  }
  if (db === 'postgres') {
    const over = cases.filter((c) => c.db === db && c.stat.p95 > TARGET_P95_MS);
    console.log(
      `[postgres] target p95 ≤ ${TARGET_P95_MS} ms: ` +
        (over.length === 0
          ? 'met in every case'
          : `NOT met in ${over.map((c) => `${c.stat.path} (${fmt(c.stat.p95)} ms)`).join('; ')}`),
    );
  }
}
for (const p of plans) {
  console.log(
    `[${p.db}] plan of ${p.what}: ${p.indexes.join(', ') || 'no index'}; ${p.executionMs ?? '?'} ms`,
  );
}
