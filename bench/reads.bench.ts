/**
 * Every read a screen makes, over HTTP against the real server (apps/server/src/main.ts in its
 * own process, on PostgreSQL), with N calls across 20 agents and a large business's contacts,
 * enquiries and appointments in the store (issue 36, targets 1, 2 and 8).
 *
 *   npm run bench:reads -- [--calls 1000000] [--agents 20] [--requests 200]
 *                          [--search-connections 10] [--port 41230]
 *                          [--keep | --load-only | --database <url of a kept database>]
 *
 * One connection at a time, `--requests` each, rotating over the agents (after one warm-up
 * pass): the dashboard's statistics, the agent list, the agent's analytics and breakdowns (90
 * days), the agent's call log (every tab, each filter, a deep page), the business-wide call log,
 * the contact list, the enquiry inbox and the appointments; p50/p95/p99. Then the transcript
 * search at `--search-connections` at once: each search asks for its page, then for its total
 * (GET …/calls/count, as the web app does once the page shows); both timed; then the pages
 * alone at the same concurrency.
 * No Accept-Encoding is sent, so answers are not compressed.
 *
 * BENCH_DATABASE_URL or TEST_DATABASE_URL names the PostgreSQL server. Without --database a
 * scratch database is created, loaded (calls, then the business's rows) and dropped at the end;
 * --keep keeps it (its URL is printed), --load-only keeps it and measures nothing. With
 * --database a kept database is measured; the business's rows are loaded into it first if it has
 * none (a database the throughput bench kept).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { executeRows, type Db } from '../apps/server/src/db/client';
import {
  listAgents,
  listAgentsFromCalls,
} from '../apps/server/src/modules/agents/agents.repository';
import {
  periodFigures,
  periodFiguresFromCalls,
  zoneMidnights,
} from '../apps/server/src/modules/analytics/analytics.repository';
import {
  countBusinessCallLog,
  countBusinessCallLogFromCalls,
  countBusinessCallLogUpTo,
  countCallLog,
  countCallLogUpTo,
  listCallLog,
} from '../apps/server/src/modules/calls/calls.repository';
import { CALL_COUNT_CAP, CALL_COUNT_EXAMINE } from '@switchboard/shared/call-logs';
import { addDays } from '@switchboard/shared/date-range';
import { BENCH_ZONE as ZONE } from './lib/app';
import { explainQueries, indexesIn } from './lib/explain';
import { loadBusinessRows } from './lib/load-business';
import { TRANSCRIPT_SEARCH_WORD } from './lib/load-calls';
import { closedLoop, serverBench, startServer, timedGet } from './lib/server';
import { fmt, loadAverage, percentiles } from './lib/stats';

const settings = serverBench('41230', {
  'load-only': { type: 'boolean', default: false },
  /** Print the query plans of the reads this issue changed (EXPLAIN ANALYZE), then measure. */
  explain: { type: 'boolean', default: false },
});
const { values, requests, searchConnections, ids, rotating } = settings;
const days90 = settings.last90Days;
const days30 = settings.last30Days;

type Row = {
  what: string;
  connections: number;
  p50: number;
  p95: number;
  p99: number;
  load: string;
};
const rows: Row[] = [];

function record(what: string, connections: number, samples: number[]): void {
  const row = { what, connections, ...percentiles(samples), load: loadAverage() };
  rows.push(row);
  console.log(
    `${what} (${connections} at a time, ${samples.length} requests): p50 ${fmt(row.p50)} ms, ` +
      `p95 ${fmt(row.p95)} ms, p99 ${fmt(row.p99)} ms (load ${row.load})`,
  );
}

const fixed = (url: string) => () => url;

/** Every screen's read: [what, the next request's path]. */
const READS: [string, () => string][] = [
  ['dashboard statistics', fixed('/api/statistics/dashboard')],
  ['agent list', fixed('/api/agents')],
  ['analytics (90 days)', rotating((id) => `/api/agents/${id}/analytics?${days90}`)],
  ['breakdowns (90 days)', rotating((id) => `/api/agents/${id}/analytics/breakdowns?${days90}`)],
  ['call log page 1 (every call)', rotating((id) => `/api/agents/${id}/calls?page=1`)],
  ['call log page 1 (30 days, all)', rotating((id) => `/api/agents/${id}/calls?${days30}&page=1`)],
  [
    'call log page 1 (30 days, successful)',
    rotating((id) => `/api/agents/${id}/calls?${days30}&tab=successful&page=1`),
  ],
  [
    'call log page 1 (30 days, failed)',
    rotating((id) => `/api/agents/${id}/calls?${days30}&tab=failed&page=1`),
  ],
  [
    'call log page 1 (30 days, transferred)',
    rotating((id) => `/api/agents/${id}/calls?${days30}&tab=transferred&page=1`),
  ],
  [
    'call log page 1 (30 days, phone 5551)',
    rotating((id) => `/api/agents/${id}/calls?${days30}&phone=5551&page=1`),
  ],
  [
    'call log page 1 (every call, phone 5551)',
    rotating((id) => `/api/agents/${id}/calls?phone=5551&page=1`),
  ],
  [
    'call log page 1 (30 days, end reason)',
    rotating((id) => `/api/agents/${id}/calls?${days30}&endReason=voicemail&page=1`),
  ],
  [
    'call log page 1 (30 days, outbound, ≥ 2 min, ≥ $0.50)',
    rotating(
      (id) =>
        `/api/agents/${id}/calls?${days30}&callType=outbound&minDuration=120&minCost=0.5&page=1`,
    ),
  ],
  [
    'call log page 20 (30 days, all)',
    rotating((id) => `/api/agents/${id}/calls?${days30}&page=20`),
  ],
  ['business call log page 1 (every call)', fixed('/api/calls?page=1')],
  [
    'business call log page 1 (30 days, transferred)',
    fixed(`/api/calls?${days30}&tab=transferred&page=1`),
  ],
  [
    'business call log page 1 (one agent, 30 days)',
    rotating((id) => `/api/calls?agentId=${id}&${days30}&page=1`),
  ],
  ['business call log page 1 (phone 5551)', fixed('/api/calls?phone=5551&page=1')],
  // What the web app asks for once that page is there (decision 072): every agent's calls.
  ['business call log total (phone 5551), its own request', fixed('/api/calls/count?phone=5551')],
  ['contact list page 1', fixed('/api/contacts?page=1')],
  ['contact list page 500', fixed('/api/contacts?page=500')],
  ['contact list search', fixed('/api/contacts?page=1&search=contact%204711')],
  ['enquiries page 1', fixed('/api/enquiries?page=1')],
  ['enquiries (open, unread)', fixed('/api/enquiries?page=1&status=open&unread=1')],
  ['appointments (upcoming)', fixed('/api/appointments?page=1&tab=upcoming')],
  ['appointments (past)', fixed('/api/appointments?page=1&tab=past')],
];

/** The plans of the reads issue 36 changed, before (from the calls) and now, one line each. */
async function explainReads(db: Db, businessId: string): Promise<void> {
  const now = new Date();
  const week = [settings.today, addDays(settings.today, -6)];
  const end = new Date(now.getTime() + 60_000);
  const scope = { kind: 'business', businessId } as const;
  const agentId = ids[0]!;
  const [start, stop] = await zoneMidnights(
    db,
    [addDays(settings.today, -29), addDays(settings.today, 1)],
    ZONE,
  );
  const search = {
    assistantId: agentId,
    tab: 'all' as const,
    start,
    end: stop,
    q: TRANSCRIPT_SEARCH_WORD,
  };
  const business = {
    agents: sql`a.business_id = ${businessId}`,
    squads: sql`s.business_id = ${businessId}`,
  };
  const cases: [string, (d: Db) => Promise<unknown>][] = [
    [
      'dashboard calls, before (the or)',
      async (d) =>
        periodFiguresFromCalls(d, {
          businessId,
          starts: await zoneMidnights(db, week, ZONE),
          end,
        }),
    ],
    [
      'dashboard calls, now (rollups + this hour)',
      (d) => periodFigures(d, { businessId, timeZone: ZONE, days: week, now, end }),
    ],
    ['agent list, before (7 days of calls)', (d) => listAgentsFromCalls(d, scope, now)],
    ['agent list, now (rollups + this hour)', (d) => listAgents(d, scope, now)],
    [
      'business call log total, before (every call)',
      (d) => countBusinessCallLogFromCalls(d, { ...business, filter: { tab: 'all' } }),
    ],
    [
      'business call log total, now (rollups)',
      (d) =>
        countBusinessCallLog(d, {
          ...business,
          filter: { tab: 'all', days: { timeZone: ZONE } },
        }),
    ],
    ['transcript search page (30 days)', (d) => listCallLog(d, search, { limit: 51, offset: 0 })],
    ['transcript search total, before (every match)', (d) => countCallLog(d, search)],
    [
      'transcript search total, now (bounded)',
      (d) => countCallLogUpTo(d, search, CALL_COUNT_CAP, CALL_COUNT_EXAMINE),
    ],
    [
      'business call log total (phone 5551), before (every match)',
      (d) => countBusinessCallLog(d, { ...business, filter: { tab: 'all', phoneDigits: '5551' } }),
    ],
    [
      'business call log total (phone 5551), now (bounded)',
      (d) =>
        countBusinessCallLogUpTo(
          d,
          { ...business, filter: { tab: 'all', phoneDigits: '5551' } },
          CALL_COUNT_CAP,
          CALL_COUNT_EXAMINE,
        ),
    ],
  ];
  for (const [what, run] of cases) {
    await run(db); // warm
    const plans = await explainQueries(db, run);
    for (const plan of plans) {
      const time = plan.find((line) => line.startsWith('Execution Time'));
      console.log(`plan · ${what}: ${time ?? '?'}; ${indexesIn(plan).join(', ') || 'no index'}`);
      const scans = plan.filter((line) => /Seq Scan|BitmapAnd/.test(line));
      for (const line of scans) console.log(`    ${line.trim()}`);
    }
  }
}

async function main() {
  console.log(`${os.cpus().length} CPUs, load ${loadAverage()}`);
  const { store, close: closeStore } = await settings.openStore({
    database: values.database,
    keep: values.keep || values['load-only'],
  });
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'switchboard-reads-'));
  try {
    const [business] = await executeRows<{ id: string }>(
      store.db,
      sql`select id from businesses where name = 'Bench Business' limit 1`,
    );
    await loadBusinessRows('postgres', store.db, {
      businessId: business!.id,
      agentIds: ids,
      rangeDays: 90,
    });
    if (values['load-only']) return;
    if (values.explain) await explainReads(store.db, business!.id);

    server = await startServer(store, settings.port, dataDir);
    const base = server.base;
    const headers = store.headers;
    const url = (next: () => string) => () => `${base}${next()}`;

    for (const [what, next] of READS) {
      for (let i = 0; i < ids.length; i++) await timedGet(url(next)(), headers);
      const { samples } = await closedLoop(url(next), headers, 1, requests);
      record(what, 1, samples);
    }

    // The transcript search: each of `searchConnections` loops asks for a page, then its total.
    const search = rotating(
      (id) => `/api/agents/${id}/calls?${days30}&tab=all&page=1&q=${TRANSCRIPT_SEARCH_WORD}`,
    );
    const pages: number[] = [];
    const totals: number[] = [];
    for (let i = 0; i < ids.length; i++) {
      const path = search();
      await timedGet(`${base}${path}`, headers);
      await timedGet(`${base}${path.replace('/calls?', '/calls/count?')}`, headers);
    }
    let issued = 0;
    await Promise.all(
      Array.from({ length: searchConnections }, async () => {
        while (issued < requests * 2) {
          issued += 1;
          const path = search();
          pages.push(await timedGet(`${base}${path}`, headers));
          totals.push(
            await timedGet(`${base}${path.replace('/calls?', '/calls/count?')}`, headers),
          );
        }
      }),
    );
    record(
      `transcript search page 1 (q=${TRANSCRIPT_SEARCH_WORD}, 30 days)`,
      searchConnections,
      pages,
    );
    record(
      `transcript search total (q=${TRANSCRIPT_SEARCH_WORD}, 30 days)`,
      searchConnections,
      totals,
    );
    // The pages alone, 10 at a time (no totals being counted beside them).
    const alone = await closedLoop(url(search), headers, searchConnections, requests * 2);
    record(
      `transcript search page 1 alone (q=${TRANSCRIPT_SEARCH_WORD}, 30 days)`,
      searchConnections,
      alone.samples,
    );

    const [size] = await executeRows<{ calls: number }>(
      store.db,
      sql`select count(*)::int as calls from calls`,
    );
    console.log(`\n${size?.calls} calls in the store`);
    console.log('\n| read | connections | p50 ms | p95 ms | p99 ms | load |');
    console.log('| ---- | ----------: | -----: | -----: | -----: | ---: |');
    for (const row of rows) {
      console.log(
        `| ${row.what} | ${row.connections} | ${fmt(row.p50)} | ${fmt(row.p95)} | ${fmt(row.p99)} | ${row.load} |`,
      );
    }
  } finally {
    await server?.stop();
    await closeStore();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

await main();
