/**
 * Throughput benchmark: the real server (apps/server/src/main.ts in its own process, on
 * PostgreSQL) under many connections, with 1,000,000 calls across 20 agents in the store.
 *
 *   npm run bench:throughput -- [--calls 1000000] [--agents 20] [--seconds 20] [--connections 50]
 *                               [--search-connections 10] [--requests 200] [--port 41210]
 *                               [--keep | --database <url of a kept database>]
 *
 * Cases, each on keep-alive connections with a member's session cookie, rotating over the
 * agents (target 2–4 of issue 24):
 *   - one connection, `--requests` each: GET /api/agents/:id/analytics and …/breakdowns
 *     (90 days), p50/p95/p99;
 *   - `--connections` at once for `--seconds` each (autocannon): the analytics (90 days), the
 *     breakdowns, and the call log's first page (30 days; tab all, then successful);
 *   - `--search-connections` at once: the call log's first page of a transcript search
 *     (`q=refund`, 1 call in 16), p50/p95/p99.
 * No Accept-Encoding is sent, so answers are not compressed (compression is measured apart).
 * BENCH_DATABASE_URL or TEST_DATABASE_URL names the PostgreSQL server; a scratch database is
 * created and dropped. Prints one line per measurement and the tables for bench/README.md.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import type { Db } from '../apps/server/src/db/client';
import {
  breakdownFigures,
  breakdownFiguresFromCalls,
  dailyFigures,
  dailyFiguresFromCalls,
  zoneMidnights,
  type CallWindow,
} from '../apps/server/src/modules/analytics/analytics.repository';
import {
  countCallLog,
  countCallLogFromCalls,
  type CallLogCriteria,
} from '../apps/server/src/modules/calls/calls.repository';
import { addDays } from '@switchboard/shared/date-range';
import { BENCH_ZONE as ZONE } from './lib/app';
import { TRANSCRIPT_SEARCH_WORD } from './lib/load-calls';
import { closedLoop, serverBench, startServer, timedGet } from './lib/server';
import { fmt, loadAverage, percentiles } from './lib/stats';

const settings = serverBench('41210', {
  seconds: { type: 'string', default: '20' },
  connections: { type: 'string', default: '50' },
});
const { values, requests, ids, today, rotating } = settings;
const analyticsRange = settings.last90Days;
const logRange = settings.last30Days;
const seconds = Number(values.seconds);
const connections = Number(values.connections);

/** The server process's CPU time so far (user + system), ms, from /proc (Linux). */
async function serverCpuMs(pid: number): Promise<number> {
  const stat = await fs.readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of the line, in clock ticks (100 a second).
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
let serverPid = 0;

type Row = {
  what: string;
  connections: number;
  rps?: number;
  p50: number;
  p95?: number;
  p99: number;
  load: string;
  /** The server process's CPU per request (its JavaScript; PostgreSQL's is not counted). */
  cpuMs?: number;
  /** Bare Fastify serving the same body right after, same connections and seconds. */
  bare?: { rps: number; cpuMs: number };
};
const rows: Row[] = [];

function recordLatencies(what: string, concurrency: number, samples: number[], wallMs?: number) {
  const row: Row = {
    what,
    connections: concurrency,
    ...(wallMs ? { rps: (samples.length / wallMs) * 1000 } : {}),
    ...percentiles(samples),
    load: loadAverage(),
  };
  rows.push(row);
  console.log(
    `${what} (${concurrency} at a time, ${samples.length} requests): p50 ${fmt(row.p50)} ms, ` +
      `p95 ${fmt(row.p95!)} ms, p99 ${fmt(row.p99)} ms` +
      (row.rps ? `, ${row.rps.toFixed(0)} req/s` : '') +
      ` (load ${row.load})`,
  );
}

/** autocannon on `base` for `--seconds` at `--connections`; the process `pid`'s CPU per request. */
async function fire(
  base: string,
  pid: number,
  next: () => string,
  headers: Record<string, string>,
): Promise<{ result: autocannon.Result; cpuMs: number; bad: number }> {
  const cpuBefore = await serverCpuMs(pid);
  const result = await autocannon({
    url: base,
    connections,
    duration: seconds,
    headers,
    requests: [{ method: 'GET', setupRequest: (req) => ({ ...req, path: next() }) }],
  });
  const cpuMs = ((await serverCpuMs(pid)) - cpuBefore) / Math.max(1, result.requests.total);
  return { result, cpuMs, bad: result.non2xx + result.errors + result.timeouts };
}

/** The bare Fastify process (bench/lib/bare-server.ts) and the names of the bodies it serves. */
let bare: { base: string; pid: number } | undefined;

async function cannon(
  base: string,
  what: string,
  next: () => string,
  headers: Record<string, string>,
  /** The name bare Fastify serves this case's body under (compared right after). */
  bareName?: string,
): Promise<void> {
  // Warm every agent's path first.
  for (let i = 0; i < ids.length; i++) await timedGet(`${base}${next()}`, headers);
  const { result, cpuMs, bad } = await fire(base, serverPid, next, headers);
  const row: Row = {
    what,
    connections,
    cpuMs,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    load: loadAverage(),
  };
  if (bare && bareName) {
    const path = `/${bareName}`;
    const yardstick = await fire(bare.base, bare.pid, () => path, {});
    row.bare = { rps: yardstick.result.requests.average, cpuMs: yardstick.cpuMs };
  }
  rows.push(row);
  console.log(
    `${what} (${connections} connections, ${seconds} s): ${result.requests.average.toFixed(0)} ` +
      `req/s, p50 ${result.latency.p50} ms, p90 ${result.latency.p90} ms, p99 ` +
      `${result.latency.p99} ms, ${result.requests.total} requests, server CPU ` +
      `${cpuMs.toFixed(2)} ms a request` +
      (row.bare
        ? `; bare Fastify, same body, right after: ${row.bare.rps.toFixed(0)} req/s ` +
          `(${(row.bare.rps / Math.max(1, row.rps!)).toFixed(1)}×), ` +
          `${row.bare.cpuMs.toFixed(3)} ms CPU a request`
        : '') +
      (bad > 0 ? `, ${bad} NOT OK (non-2xx ${result.non2xx}, errors ${result.errors})` : '') +
      ` (load ${row.load})`,
  );
  if (bad > 0) throw new Error(`${what}: ${bad} requests failed`);
}

/**
 * Starts bare Fastify on `port + 1` serving each case's body as the real server answers it
 * for the first agent (bench/lib/bare-server.ts).
 */
async function startBare(
  base: string,
  dataDir: string,
  cases: Record<string, string>,
  headers: Record<string, string>,
): Promise<ChildProcess> {
  const bodies: Record<string, string> = {};
  for (const [name, url] of Object.entries(cases)) {
    const res = await fetch(`${base}${url}`, { headers });
    if (!res.ok) throw new Error(`${url} answered ${res.status}`);
    bodies[name] = await res.text();
  }
  const file = path.join(dataDir, 'bare-bodies.json');
  await fs.writeFile(file, JSON.stringify(bodies));
  const child = spawn(process.execPath, ['--import', 'tsx', 'bench/lib/bare-server.ts'], {
    env: { ...process.env, BARE_BODIES: file, PORT: String(settings.port + 1) },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const bareBase = `http://127.0.0.1:${settings.port + 1}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`bare Fastify exited with ${child.exitCode}`);
    const ok = await fetch(`${bareBase}/${Object.keys(cases)[0]}`)
      .then((res) => res.ok)
      .catch(() => false);
    if (ok) break;
    if (Date.now() > deadline) throw new Error('bare Fastify did not start in 60 s');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  bare = { base: bareBase, pid: child.pid! };
  return child;
}

const compared: {
  what: string;
  rollups: { p50: number; p95: number };
  calls: { p50: number; p95: number };
  load: string;
}[] = [];

/**
 * The query layer alone, in this process, one query at a time: each figure from the rollups and
 * the same from the calls (what the answers were before decision 028), alternating, rotating
 * over the agents, `--requests` each.
 */
async function compareQueries(db: Db): Promise<void> {
  const windowOf = async (assistantId: string, days: number): Promise<CallWindow> => {
    const from = addDays(today, -(days - 1));
    const [start, end] = await zoneMidnights(db, [from, addDays(today, 1)], ZONE);
    return {
      assistantId,
      from,
      to: today,
      start: start!,
      end: end!,
      timeZone: ZONE,
      includeTest: false,
    };
  };
  const cases: [
    string,
    (w: CallWindow) => Promise<unknown>,
    (w: CallWindow) => Promise<unknown>,
    number,
  ][] = [
    [
      'daily figures (90 days)',
      (w) => dailyFigures(db, w),
      (w) => dailyFiguresFromCalls(db, w),
      90,
    ],
    [
      'breakdowns (90 days)',
      (w) => breakdownFigures(db, w),
      (w) => breakdownFiguresFromCalls(db, w),
      90,
    ],
    [
      'call-log total (30 days, all)',
      (w) => countCallLog(db, criteriaOf(w)),
      (w) => countCallLogFromCalls(db, criteriaOf(w)),
      30,
    ],
  ];
  for (const [what, fromRollups, fromCalls, days] of cases) {
    const windows = await Promise.all(ids.map((id) => windowOf(id, days)));
    const a: number[] = [];
    const b: number[] = [];
    for (let i = 0; i < requests; i++) {
      const w = windows[i % windows.length]!;
      let t = performance.now();
      await fromRollups(w);
      a.push(performance.now() - t);
      t = performance.now();
      await fromCalls(w);
      b.push(performance.now() - t);
    }
    const row = { what, rollups: percentiles(a), calls: percentiles(b), load: loadAverage() };
    compared.push(row);
    console.log(
      `${what}: rollups p50 ${fmt(row.rollups.p50)} / p95 ${fmt(row.rollups.p95)} ms; calls p50 ` +
        `${fmt(row.calls.p50)} / p95 ${fmt(row.calls.p95)} ms (load ${row.load})`,
    );
  }
}

function criteriaOf(w: CallWindow): CallLogCriteria {
  return {
    assistantId: w.assistantId,
    tab: 'all',
    start: w.start,
    end: w.end,
    days: { timeZone: w.timeZone, from: w.from, to: w.to },
  };
}

async function main() {
  console.log(`${os.cpus().length} CPUs, load ${loadAverage()}`);
  const { store: bench, close: closeStore } = await settings.openStore({
    database: values.database,
    keep: values.keep,
  });
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'switchboard-throughput-'));
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  let bareServer: ChildProcess | undefined;
  try {
    server = await startServer(bench, settings.port, dataDir);
    const base = server.base;
    serverPid = server.pid;
    const headers = { ...bench.headers };

    const analytics = rotating((id) => `/api/agents/${id}/analytics?${analyticsRange}`);
    const breakdowns = rotating((id) => `/api/agents/${id}/analytics/breakdowns?${analyticsRange}`);
    const logAll = rotating((id) => `/api/agents/${id}/calls?${logRange}&tab=all&page=1`);
    const logSuccessful = rotating(
      (id) => `/api/agents/${id}/calls?${logRange}&tab=successful&page=1`,
    );
    const search = rotating(
      (id) => `/api/agents/${id}/calls?${logRange}&tab=all&page=1&q=${TRANSCRIPT_SEARCH_WORD}`,
    );
    const url = (next: () => string) => () => `${base}${next()}`;

    for (const [what, next] of [
      ['analytics (90 days), one at a time', analytics],
      ['breakdowns (90 days), one at a time', breakdowns],
    ] as const) {
      for (let i = 0; i < ids.length; i++) await timedGet(url(next)(), headers);
      const { samples } = await closedLoop(url(next), headers, 1, requests);
      recordLatencies(what, 1, samples);
    }
    const first = ids[0]!;
    bareServer = await startBare(
      base,
      dataDir,
      {
        analytics: `/api/agents/${first}/analytics?${analyticsRange}`,
        breakdowns: `/api/agents/${first}/analytics/breakdowns?${analyticsRange}`,
        'log-all': `/api/agents/${first}/calls?${logRange}&tab=all&page=1`,
        'log-successful': `/api/agents/${first}/calls?${logRange}&tab=successful&page=1`,
      },
      headers,
    );
    await cannon(base, 'analytics (90 days)', analytics, headers, 'analytics');
    await cannon(base, 'breakdowns (90 days)', breakdowns, headers, 'breakdowns');
    await cannon(base, 'call log page 1 (30 days, all)', logAll, headers, 'log-all');
    await cannon(
      base,
      'call log page 1 (30 days, successful)',
      logSuccessful,
      headers,
      'log-successful',
    );
    for (let i = 0; i < ids.length; i++) await timedGet(url(search)(), headers);
    const searched = await closedLoop(
      url(search),
      headers,
      settings.searchConnections,
      requests * 2,
    );
    recordLatencies(
      `transcript search page 1 (q=${TRANSCRIPT_SEARCH_WORD})`,
      settings.searchConnections,
      searched.samples,
      searched.wallMs,
    );

    await compareQueries(bench.db);

    console.log(
      '\n| case | connections | req/s | p50 ms | p95 ms | p99 ms | server CPU ms/req | bare Fastify req/s | bare ÷ ours | bare CPU ms/req | load |',
    );
    console.log(
      '| ---- | ----------: | ----: | -----: | -----: | -----: | ----------------: | -----------------: | ----------: | --------------: | ---: |',
    );
    for (const row of rows) {
      console.log(
        `| ${row.what} | ${row.connections} | ${row.rps === undefined ? '–' : row.rps.toFixed(0)} | ` +
          `${fmt(row.p50)} | ${row.p95 === undefined ? '–' : fmt(row.p95)} | ${fmt(row.p99)} | ` +
          `${row.cpuMs === undefined ? '–' : row.cpuMs.toFixed(2)} | ` +
          (row.bare
            ? `${row.bare.rps.toFixed(0)} | ${(row.bare.rps / Math.max(1, row.rps!)).toFixed(1)}× | ` +
              `${row.bare.cpuMs.toFixed(3)} | `
            : '– | – | – | ') +
          `${row.load} |`,
      );
    }
    console.log(
      '\n| query (one agent, in turn) | from rollups p50 / p95 ms | from the calls p50 / p95 ms | load |',
    );
    console.log(
      '| -------------------------- | ------------------------: | --------------------------: | ---: |',
    );
    for (const c of compared) {
      console.log(
        `| ${c.what} | ${fmt(c.rollups.p50)} / ${fmt(c.rollups.p95)} | ` +
          `${fmt(c.calls.p50)} / ${fmt(c.calls.p95)} | ${c.load} |`,
      );
    }
  } finally {
    if (bareServer && bareServer.exitCode === null) {
      const exited = new Promise((resolve) => bareServer!.once('exit', resolve));
      bareServer.kill('SIGTERM');
      await exited;
    }
    await server?.stop();
    await closeStore();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

await main();
