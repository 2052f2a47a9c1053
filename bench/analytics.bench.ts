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
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql, type SQL } from 'drizzle-orm';
import pg from 'pg';
import type { AgentAnalytics } from '@switchboard/shared/analytics';
import { addDays, todayIn } from '@switchboard/shared/date-range';
import { createSandbox } from '@switchboard/sandbox/sandbox';
import { buildApp, type App } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { executeRows, type Db } from '../apps/server/src/db/client';
import { agents } from '../apps/server/src/db/schema';
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
import { createPlatformClient } from '../apps/server/src/platform/platform-client';
import { createBusinessWithMember, sessionHeaders } from '../apps/server/src/test/test-app';

const { values } = parseArgs({
  options: {
    calls: { type: 'string', default: '1000000' },
    agents: { type: 'string', default: '20' },
    requests: { type: 'string', default: '200' },
    'seed-runs': { type: 'string', default: '5' },
    db: { type: 'string', default: 'pglite,postgres' },
  },
});
const totalCalls = Number(values.calls);
const agentCount = Number(values.agents);
const requests = Number(values.requests);
const seedRuns = Number(values['seed-runs']);
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const targets = values.db
  .split(',')
  .filter((t) => t === 'pglite' || (t === 'postgres' && adminUrl));

const ZONE = 'America/New_York';
const RANGE_DAYS = 90;
const CHUNK = 100_000;
/** The sandbox's demo assistants: the seed way gets the same calls per agent as the store. */
const SANDBOX_AGENTS = 4;
const TARGET_P95_MS = 50;

type Stat = {
  db: string;
  path: string;
  runs: number;
  p50: number;
  p95: number;
  p99: number;
  mean: number;
};
const results: Stat[] = [];
const loads: { db: string; rows: number; seconds: number; vacuumSeconds: number }[] = [];
const plans: { db: string; indexOnly: boolean; lines: string[] }[] = [];
const mb = () => Math.round(process.memoryUsage().rss / 1024 / 1024);
const idWidth = Math.max(2, String(agentCount).length);
const agentId = (n: number) => `bench-agent-${String(n + 1).padStart(idWidth, '0')}`;
/** The 90-day window the store measured (business-zone midnights), reused for the seed way. */
let storeWindow: { start: Date; end: Date } | undefined;

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[
    Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  ]!;
}

function record(db: string, what: string, samples: number[]): Stat {
  const sorted = [...samples].sort((a, b) => a - b);
  const stat: Stat = {
    db,
    path: what,
    runs: samples.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    mean: samples.reduce((sum, s) => sum + s, 0) / samples.length,
  };
  results.push(stat);
  console.log(
    `[${db}] ${what}: ${stat.runs} runs, p50 ${fmt(stat.p50)} ms, p95 ${fmt(stat.p95)} ms, ` +
      `p99 ${fmt(stat.p99)} ms, mean ${fmt(stat.mean)} ms (RSS ${mb()} MB, load ${loadAverage()})`,
  );
  return stat;
}

/** The machine's 1-minute load average: other work on a shared machine shows up here. */
const loadAverage = () => os.loadavg()[0]!.toFixed(1);
const fmt = (ms: number) => (ms >= 100 ? ms.toFixed(0) : ms.toFixed(1));

async function scratchDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `switchboard_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl!);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/**
 * Calls lo..hi (0-based positions, oldest first) made in the database: spread evenly over the
 * agents and over the RANGE_DAYS before `anchor`, every other value drawn from the bytes of
 * md5(position), so a run is reproducible. The payload is a compact stand-in for the
 * platform's (~300 bytes instead of ~10 KB): analytics never read it.
 */
function insertChunk(lo: number, hi: number, anchor: Date): SQL {
  const n = sql`${totalCalls}::double precision`;
  return sql`
    insert into calls (id, assistant_id, phone_number_id, type, status, ended_reason,
                       success_evaluation, customer_number, started_at, ended_at, cost,
                       created_at, updated_at, payload)
    select id, assistant_id, phone_number_id, type, status, ended_reason, success_evaluation,
           customer_number, started_at, ended_at, cost, created_at,
           coalesce(ended_at, started_at) + interval '2 seconds',
           jsonb_strip_nulls(jsonb_build_object(
             'id', id, 'assistantId', assistant_id, 'type', type, 'status', status,
             'endedReason', ended_reason,
             'createdAt', to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
             'startedAt', to_char(started_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
             'endedAt', to_char(ended_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
             'cost', cost,
             'costBreakdown', case when cost is not null then jsonb_build_object(
               'transport', round((cost * 0.10)::numeric, 4), 'stt', round((cost * 0.15)::numeric, 4),
               'llm', round((cost * 0.35)::numeric, 4), 'tts', round((cost * 0.25)::numeric, 4),
               'vapi', round((cost * 0.15)::numeric, 4), 'total', cost) end,
             'analysis', jsonb_build_object('successEvaluation', success_evaluation)))
    from (
      select md5('bench-call-' || g.i)::uuid::text as id,
             'bench-agent-' || lpad(((g.i % ${agentCount}::int) + 1)::text, ${idWidth}::int, '0') as assistant_id,
             'bench-phone-' || lpad(((g.i % ${agentCount}::int) + 1)::text, ${idWidth}::int, '0') as phone_number_id,
             case when b0 < 141 then 'inboundPhoneCall' when b0 < 218 then 'outboundPhoneCall'
                  else 'webCall' end as type,
             case when b1 < 3 then 'in-progress' else 'ended' end as status,
             case when b1 < 3 then null
                  when b2 < 105 then 'customer-ended-call'
                  when b2 < 165 then 'assistant-ended-call'
                  when b2 < 185 then 'silence-timed-out'
                  when b2 < 205 then 'assistant-forwarded-call'
                  when b2 < 218 then 'customer-did-not-answer'
                  when b2 < 228 then 'voicemail'
                  when b2 < 236 then 'customer-busy'
                  when b2 < 241 then 'exceeded-max-duration'
                  when b2 < 246 then 'call.in-progress.error-transfer-failed'
                  when b2 < 251 then 'pipeline-error-openai-llm-failed'
                  else 'assistant-said-end-call-phrase' end as ended_reason,
             case when b1 < 3 then null when b3 < 110 then 'true' when b3 < 170 then 'false'
                  end as success_evaluation,
             case when b0 >= 218 then null
                  else '+1' || (200 + b10 % 700) || '555' || lpad(((b11 * 256 + b12) % 10000)::text, 4, '0')
                  end as customer_number,
             t.created_at,
             t.created_at + (1 + b9 % 4) * interval '1 second' as started_at,
             case when b1 >= 3 then t.created_at + (1 + b9 % 4) * interval '1 second'
                  + round((5 + 895 * u * u)::numeric, 3) * interval '1 second' end as ended_at,
             case when b1 >= 3 then round(((5 + 895 * u * u) / 60 * (0.07 + 0.08 * b6 / 255.0)
                  + 0.01)::numeric, 4)::double precision end as cost
      from generate_series(${lo}::int, ${hi}::int) as g(i)
      cross join lateral (select decode(md5('bench-' || g.i), 'hex') as h) r
      cross join lateral (
        select get_byte(h, 0) as b0, get_byte(h, 1) as b1, get_byte(h, 2) as b2,
               get_byte(h, 3) as b3, get_byte(h, 6) as b6, get_byte(h, 9) as b9,
               get_byte(h, 10) as b10, get_byte(h, 11) as b11, get_byte(h, 12) as b12,
               (get_byte(h, 4) * 256 + get_byte(h, 5)) / 65535.0 as u,
               (get_byte(h, 7) * 256 + get_byte(h, 8)) / 65536.0 as jitter
      ) v
      cross join lateral (
        select ${anchor.toISOString()}::timestamptz
               - ${RANGE_DAYS}::int * interval '1 day' * (1 - (g.i + jitter) / ${n}) as created_at
      ) t
    ) c`;
}

async function loadCalls(target: string, db: Db): Promise<void> {
  // A minute back, so every call is in the past when the requests are made.
  const anchor = new Date(Date.now() - 60_000);
  const started = performance.now();
  for (let lo = 0; lo < totalCalls; lo += CHUNK) {
    const hi = Math.min(totalCalls, lo + CHUNK) - 1;
    await db.execute(insertChunk(lo, hi, anchor));
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `[${target}] loaded ${hi + 1}/${totalCalls} calls in ${seconds.toFixed(1)} s ` +
        `(${Math.round((hi + 1) / seconds)} rows/s, RSS ${mb()} MB)`,
    );
  }
  const seconds = (performance.now() - started) / 1000;
  // Index-only scans need the visibility map set: a fresh bulk load has it unset until
  // (auto)vacuum runs. The product's store fills gradually and autovacuum keeps up.
  const vacuumStart = performance.now();
  await db.execute(sql`vacuum analyze calls`);
  const vacuumSeconds = (performance.now() - vacuumStart) / 1000;
  loads.push({ db: target, rows: totalCalls, seconds, vacuumSeconds });
  const [size] = await executeRows<Record<string, unknown>>(
    db,
    sql`select pg_total_relation_size('calls') as total, pg_relation_size('calls') as heap,
               pg_relation_size('calls_assistant_analytics_idx') as idx,
               (select avg(length(payload::text)) from calls tablesample system (1)) as payload`,
  );
  const toMb = (value: unknown) => Math.round(Number(value) / 1024 / 1024);
  console.log(
    `[${target}] load: ${totalCalls} calls in ${seconds.toFixed(1)} s, VACUUM ANALYZE ` +
      `${vacuumSeconds.toFixed(1)} s; calls ${toMb(size?.heap)} MB heap, ` +
      `${toMb(size?.total)} MB with indexes, analytics index ${toMb(size?.idx)} MB; ` +
      `payload ~${Math.round(Number(size?.payload))} bytes a call`,
  );
}

/** EXPLAIN (ANALYZE, BUFFERS) of the daily-figures query exactly as the repository sends it. */
async function explainDaily(
  db: Db,
  window: CallWindow & { from: string; to: string },
): Promise<string[]> {
  let plan: string[] = [];
  const explaining = new Proxy(db, {
    get(target, property, receiver) {
      if (property !== 'execute') return Reflect.get(target, property, receiver) as unknown;
      return async (query: SQL) => {
        const rows = await executeRows<Record<string, unknown>>(
          target,
          sql`explain (analyze, buffers) ${query}`,
        );
        plan = rows.map((row) => String(row['QUERY PLAN']));
        return { rows: [] };
      };
    },
  });
  await dailyFigures(explaining, window);
  return plan;
}

async function timeGets(
  app: App,
  target: string,
  what: string,
  urls: string[],
  headers: Record<string, string>,
  warmups: number,
): Promise<Stat> {
  const get = async (url: string) => {
    const res = await app.inject({ method: 'GET', url, headers });
    if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
    return res;
  };
  for (let i = 0; i < warmups; i++) await get(urls[i % urls.length]!);
  const samples: number[] = [];
  for (let i = 0; i < requests; i++) {
    const started = performance.now();
    await get(urls[i % urls.length]!);
    samples.push(performance.now() - started);
  }
  return record(target, what, samples);
}

async function benchTarget(target: string) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'switchboard-bench-'));
  const scratch = target === 'postgres' ? await scratchDatabase() : undefined;
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    DATABASE_URL: scratch?.url ?? '',
    SANDBOX_CALLS: '100',
    SANDBOX_SIMULATOR_INTERVAL_MS: '0',
  });
  // Never listened on: sync and the simulator stay off; requests go through app.inject.
  const app = await buildApp(config);
  try {
    const db = app.database.db;
    const member = await createBusinessWithMember(app, { name: 'Bench Business', timezone: ZONE });
    await db.insert(agents).values(
      Array.from({ length: agentCount }, (_, n) => ({
        platformAssistantId: agentId(n),
        businessId: member.businessId,
        name: `Bench agent ${n + 1}`,
      })),
    );
    const headers = await sessionHeaders(app, member.userName);
    await loadCalls(target, db);

    const today = todayIn(ZONE);
    const range = `from=${addDays(today, -(RANGE_DAYS - 1))}&to=${today}`;
    const ids = Array.from({ length: agentCount }, (_, n) => agentId(n));
    const first = await app.inject({
      method: 'GET',
      url: `/api/agents/${ids[0]}/analytics?${range}`,
      headers,
    });
    const sample = first.json<AgentAnalytics>();
    storeWindow = { start: new Date(sample.range.start), end: new Date(sample.range.end) };
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
    await app.close();
    await scratch?.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

/** The seed's way on the sandbox, holding as many calls per agent as the store. */
async function benchSeedWay() {
  const sandboxCalls = Math.round((totalCalls / agentCount) * SANDBOX_AGENTS);
  const privateKey = `bench-private-${randomBytes(8).toString('hex')}`;
  const sandbox = await createSandbox({
    privateKey,
    publicKey: `bench-public-${randomBytes(8).toString('hex')}`,
    totalCalls: sandboxCalls,
    days: RANGE_DAYS,
    seed: 42,
    logLevel: 'silent',
  });
  console.log(
    `[sandbox] ${sandboxCalls} calls over ${RANGE_DAYS} days across ${SANDBOX_AGENTS} assistants, ` +
      `generated in ${sandbox.demo.generationMs} ms`,
  );
  const client = createPlatformClient({
    mode: 'sandbox',
    baseUrl: sandbox.baseUrl,
    apiKey: privateKey,
    maxRetries: 0,
    timeoutInSeconds: 600,
  });
  const window = storeWindow ?? {
    start: new Date(Date.now() - RANGE_DAYS * 86_400_000),
    end: new Date(),
  };
  const assistants = sandbox.demo.assistantIds;
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
    record('sandbox', 'seed way: every call (GET /call pages) summed in JS', samples);

    for (let i = 0; i < 3; i++) await summaryFromPlatformAnalytics(client, windowOf(i));
    const querySamples: number[] = [];
    for (let i = 0; i < requests; i++) {
      const started = performance.now();
      await summaryFromPlatformAnalytics(client, windowOf(i));
      querySamples.push(performance.now() - started);
    }
    record('sandbox', 'seed way: POST /analytics', querySamples);
  } finally {
    await sandbox.close();
  }
}

console.log(
  `${totalCalls} calls, ${agentCount} agents, ${requests} requests, ${seedRuns} seed-way runs; ` +
    `databases: ${targets.join(', ') || 'none'}; ${os.cpus().length} CPUs`,
);
for (const target of targets) await benchTarget(target);
await benchSeedWay();

console.log('\n| database | path | runs | p50 ms | p95 ms | p99 ms | mean ms |');
console.log('|---|---|---:|---:|---:|---:|---:|');
for (const r of results) {
  console.log(
    `| ${r.db} | ${r.path} | ${r.runs} | ${fmt(r.p50)} | ${fmt(r.p95)} | ${fmt(r.p99)} | ${fmt(r.mean)} |`,
  );
}
for (const l of loads) {
  console.log(
    `\n[${l.db}] load: ${l.rows} calls in ${l.seconds.toFixed(1)} s ` +
      `(${Math.round(l.rows / l.seconds)} rows/s) + VACUUM ANALYZE ${l.vacuumSeconds.toFixed(1)} s`,
  );
}
const find = (db: string, prefix: string) =>
  results.find((r) => r.db === db && r.path.startsWith(prefix));
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
