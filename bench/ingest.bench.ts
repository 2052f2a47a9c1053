/**
 * Ingest benchmark for the call store: how fast calls arrive through sync (paged GET /call,
 * batched upserts) and through webhooks (one end-of-call report per HTTP request), on PGlite
 * and on PostgreSQL. Not part of `npm test`.
 *
 *   npm run bench:ingest -- [--calls 1000000] [--webhooks 20000] [--concurrency 8] [--db pglite,postgres]
 *                           [--warm-up 2000] [--rounds 1] [--existing] [--cpu-profile <dir>]
 *                           [--parts] [--node-defaults]
 *
 * PostgreSQL is used when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set; a scratch database
 * is created and dropped. Prints one line per measurement and a summary table. --cpu-profile
 * writes a CPU profile of the measured webhook phase alone to <dir>/webhooks-<db>.cpuprofile (the
 * profiler's own cost then falls inside that phase's CPU figure: profile and measure apart).
 * The webhook line says how many `call_ingest` statements stored the reports (the reports that
 * come together share one, decision 112; --concurrency 1 sends them one by one). Before it,
 * --warm-up other calls' reports are sent and left to settle: a server that has run for a while
 * has compiled its hot paths, so its figure is the steady one (with a warm-up of 100, V8's
 * compiler threads were still optimising through the measured reports, 0.2–0.25 ms of CPU a
 * report). On Node.js 24 the line also says how much of the CPU ran on other threads than the
 * main one (the compiler, the garbage collector's helpers).
 * --existing sends each call's in-progress status update before its report, as the platform
 * does when the agent's server messages include both (its default), so that the report updates
 * the row the update made instead of making a new one: the common case, and the dearer one (the
 * old row's versions, rollups and index entries change too). --rounds measures the reports
 * that many times (new calls each round) and prints the median of the server's figures beside
 * each round's: on this machine one run of the same build moves by ±20%.
 * --parts then measures the same reports (new calls again) with the database's parts for a call
 * taken away one after another, cumulatively, in this run's scratch database (dropped after):
 * the transcript search's GIN index, the answers' versions, the rollups, the change trigger
 * itself, the other indexes. What each removal saves is what that part costs a report.
 * The app runs in this process, which starts itself again with the Node.js options and the malloc
 * settings `npm start` gives the server (scripts/server-env.mjs): its 2 MB young generation
 * changes what the garbage collector costs a report. --node-defaults keeps Node's own.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { count, sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { SERVER_MALLOC_ENV, SERVER_NODE_OPTIONS } from '../scripts/server-env.mjs';
import { loadConfig } from '../apps/server/src/config';
import { calls } from '../apps/server/src/db/schema';
import { scratchDatabase } from './lib/app';
import { CALL_PARTS } from './lib/call-parts';
import { startProfiler } from './lib/profiler';
import { percentiles } from './lib/stats';

const { values } = parseArgs({
  options: {
    calls: { type: 'string', default: '1000000' },
    webhooks: { type: 'string', default: '20000' },
    concurrency: { type: 'string', default: '8' },
    'warm-up': { type: 'string', default: '2000' },
    rounds: { type: 'string', default: '1' },
    db: { type: 'string', default: 'pglite,postgres' },
    'cpu-profile': { type: 'string' },
    parts: { type: 'boolean', default: false },
    'node-defaults': { type: 'boolean', default: false },
    existing: { type: 'boolean', default: false },
  },
});
const asStarted = 'BENCH_INGEST_AS_STARTED';
if (!values['node-defaults'] && process.env[asStarted] !== '1') {
  const child = spawnSync(
    process.execPath,
    [...process.execArgv, ...SERVER_NODE_OPTIONS, process.argv[1]!, ...process.argv.slice(2)],
    { stdio: 'inherit', env: { ...SERVER_MALLOC_ENV, ...process.env, [asStarted]: '1' } },
  );
  process.exit(child.status ?? 1);
}
console.log(
  values['node-defaults']
    ? "Node.js's default options"
    : `as npm start runs the server: ${SERVER_NODE_OPTIONS.join(' ')}`,
);
const totalCalls = Number(values.calls);
const webhookCount = Number(values.webhooks);
const concurrency = Number(values.concurrency);
const warmUp = Number(values['warm-up']);
const rounds = Number(values.rounds);
if (!Number.isInteger(rounds) || rounds < 1) {
  console.error('--rounds takes a whole number of at least 1');
  process.exit(1);
}
if (!Number.isInteger(warmUp) || warmUp < 0) {
  console.error('--warm-up takes a whole number of reports (0 or more)');
  process.exit(1);
}
const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
const targets = values.db
  .split(',')
  .filter((t) => t === 'pglite' || (t === 'postgres' && adminUrl));

type Row = {
  db: string;
  path: string;
  rows: number;
  seconds: number;
  rate: number;
  rssMb: number;
  /** Webhooks: this process's CPU per report, and the same less the bench's HTTP client floor. */
  cpuMs?: { total: number; server: number };
};
const results: Row[] = [];
const mb = () => Math.round(process.memoryUsage().rss / 1024 / 1024);

/** The middle of the figures (the lower of the two middle ones for an even count). */
const median = (figures: number[]) => percentiles(figures).p50;

const cpuMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;

/**
 * Waits until this process has been quiet (under 10 ms of CPU in 250 ms) — the work that starts
 * when the app listens is not a report's: moving the agents to Switchboard's tools by id has the
 * in-process sandbox compile its request validators once (seconds of CPU), which fell inside the
 * webhook measurement before.
 */
async function quiet(): Promise<void> {
  for (let i = 0; i < 240; i++) {
    const started = process.cpuUsage();
    await new Promise((resolve) => setTimeout(resolve, 250));
    if (cpuMs(process.cpuUsage(started)) < 10) return;
  }
  throw new Error('the process never became quiet');
}

/**
 * The in-progress status update the platform sends before a call's report: the call as it was
 * while it ran (no end, no artifact, no analysis, no cost yet), an earlier `updatedAt`.
 */
function statusUpdateOf(report: string): string {
  const { message } = JSON.parse(report) as { message: { call: Record<string, unknown> } };
  const {
    endedAt: _endedAt,
    endedReason: _endedReason,
    artifact: _artifact,
    analysis: _analysis,
    messages: _messages,
    costs: _costs,
    costBreakdown: _costBreakdown,
    cost: _cost,
    transcript: _transcript,
    recordingUrl: _recordingUrl,
    stereoRecordingUrl: _stereoRecordingUrl,
    summary: _summary,
    ...running
  } = message.call;
  const startedAt = (running.startedAt ?? running.createdAt) as string;
  return JSON.stringify({
    message: {
      type: 'status-update',
      status: 'in-progress',
      timestamp: Date.parse(startedAt),
      call: { ...running, status: 'in-progress', updatedAt: startedAt },
    },
  });
}

/** Sends `bodies` as the webhook phase does, `concurrency` at a time. */
async function sendAll(url: string, bodies: string[], headers: Record<string, string>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < bodies.length) {
        const body = bodies[next++]!;
        const res = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...headers },
          body,
        });
        if (res.status !== 200)
          throw new Error(`${url} answered ${res.status}: ${await res.text()}`);
      }
    }),
  );
}

/**
 * Counts the `call_ingest` statements the database's client runs from now until `stop`: how
 * many reports the webhook's ingest stored together (decision 112).
 */
function countIngestStatements(db: unknown) {
  const client = (db as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  const query = client.query;
  let count = 0;
  client.query = function (this: unknown, ...args: unknown[]) {
    const [first] = args;
    const text = typeof first === 'string' ? first : (first as { text?: string }).text;
    if (text?.includes('call_ingest(')) count++;
    return query.apply(this, args);
  };
  return {
    stop: () => {
      client.query = query;
      return count;
    },
  };
}

/** The main thread's CPU (Node.js 24's process.threadCpuUsage); undefined on older versions. */
function mainThreadCpu(): NodeJS.CpuUsage | undefined {
  const threadCpuUsage = (process as { threadCpuUsage?: () => NodeJS.CpuUsage }).threadCpuUsage;
  return threadCpuUsage?.call(process);
}

/** What --parts takes away, in order, each removal kept for the next. */
const PARTS: { part: string; statements: string[] }[] = [
  { part: "the transcript search's GIN index", statements: CALL_PARTS.searchIndex },
  { part: "the answers' versions", statements: CALL_PARTS.answerVersions },
  { part: 'the rollups', statements: CALL_PARTS.rollups },
  { part: 'the change trigger itself', statements: CALL_PARTS.changeTriggers },
  {
    part: 'the seven other indexes (the primary key kept)',
    statements: CALL_PARTS.otherIndexes,
  },
];

/**
 * CPU per request, in this process, of the client sending the bodies to a bare Fastify route
 * here that takes the body as a string and answers `{received: true}`: what the webhook
 * figure includes that is not the server's work.
 */
async function clientFloorMs(bodies: string[]): Promise<number> {
  const { default: Fastify } = await import('fastify');
  const bare = Fastify({ logger: false, bodyLimit: 5 * 1024 * 1024 });
  bare.addContentTypeParser('application/json', { parseAs: 'string' }, (_r, body, done) =>
    done(null, body),
  );
  bare.post('/', (_request, reply) => reply.send({ received: true }));
  const url = await bare.listen({ port: 0, host: '127.0.0.1' });
  try {
    const started = process.cpuUsage();
    await sendAll(url, bodies, {});
    return cpuMs(process.cpuUsage(started)) / bodies.length;
  } finally {
    await bare.close();
  }
}

async function benchTarget(target: string) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'switchboard-bench-'));
  const scratch = target === 'postgres' ? await scratchDatabase(adminUrl!) : undefined;
  const secret = randomBytes(16).toString('hex');
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    DATABASE_URL: scratch?.url ?? '',
    SANDBOX_CALLS: String(totalCalls),
    SANDBOX_SIMULATOR_INTERVAL_MS: '0',
    VAPI_WEBHOOK_SECRET: secret,
    SYNC_INTERVAL_SECONDS: '86400',
  });
  const genStart = performance.now();
  const app = await buildApp(config);
  console.log(
    `[${target}] sandbox generated ${totalCalls} calls in ${((performance.now() - genStart) / 1000).toFixed(1)} s`,
  );
  try {
    // Sync: the full backfill of every call.
    const started = performance.now();
    const state = await app.callSync.runNow();
    const seconds = (performance.now() - started) / 1000;
    if (state.status !== 'idle') throw new Error(`sync failed: ${state.lastError}`);
    const [stored] = await app.database.db.select({ n: count() }).from(calls);
    results.push({
      db: target,
      path: 'sync (backfill)',
      rows: stored?.n ?? 0,
      seconds,
      rate: (stored?.n ?? 0) / seconds,
      rssMb: mb(),
    });
    console.log(`[${target}] sync: ${stored?.n} calls in ${seconds.toFixed(1)} s`);

    // Webhooks: end-of-call reports over real HTTP, `concurrency` at a time.
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const sample = (await app.platform.client.sdk.calls.list({
      limit: Math.min(1000, webhookCount),
    })) as unknown as Record<string, unknown>[];
    const bodies = Array.from({ length: webhookCount }, (_, i) => {
      const call: Record<string, unknown> = { ...sample[i % sample.length], id: `bench-wh-${i}` };
      return JSON.stringify({
        message: {
          type: 'end-of-call-report',
          timestamp: Date.now(),
          endedReason: call.endedReason,
          analysis: call.analysis,
          artifact: call.artifact,
          call,
        },
      });
    });
    // A warm-up of other calls' reports (the same paths compiled and optimised), then quiet.
    // --existing: each call's in-progress status update first, as the platform sends it, so
    // that its report updates the row the update made (the warm-up's calls too).
    const webhookUrl = `${address}/api/platform/webhook`;
    const auth = { 'x-vapi-secret': secret };
    const renamed = (from: string[], to: string) =>
      from.map((body, i) =>
        body.replaceAll(`"bench-wh-${i % bodies.length}"`, `"bench-${to}-${i}"`),
      );
    await quiet();
    const warmBodies = renamed(
      Array.from({ length: warmUp }, (_, i) => bodies[i % bodies.length]!),
      'warm',
    );
    if (values.existing) await sendAll(webhookUrl, warmBodies.map(statusUpdateOf), auth);
    await sendAll(webhookUrl, warmBodies, auth);

    // Each round: new calls' reports (their status updates sent before, unmeasured), measured
    // alone, then the floor of the same bodies; the machine's speed moves between rounds.
    const measured: { server: number; total: number; seconds: number }[] = [];
    for (let round = 0; round < rounds; round++) {
      const roundBodies = round === 0 ? bodies : renamed(bodies, `r${round}`);
      if (values.existing) await sendAll(webhookUrl, roundBodies.map(statusUpdateOf), auth);
      await quiet();
      const statements = countIngestStatements(app.database.db);
      const profiler =
        values['cpu-profile'] && round === 0 ? await startProfiler('the webhooks') : undefined;
      const cpuStart = process.cpuUsage();
      const mainStart = mainThreadCpu();
      const whStart = performance.now();
      await sendAll(webhookUrl, roundBodies, auth);
      const whSeconds = (performance.now() - whStart) / 1000;
      const whCpu = cpuMs(process.cpuUsage(cpuStart)) / webhookCount;
      const mainEnd = mainThreadCpu();
      const otherThreads =
        mainStart && mainEnd
          ? whCpu -
            cpuMs({
              user: mainEnd.user - mainStart.user,
              system: mainEnd.system - mainStart.system,
            }) /
              webhookCount
          : undefined;
      const statementCount = statements.stop();
      await profiler?.stop(path.join(values['cpu-profile']!, `webhooks-${target}.cpuprofile`));
      // The floor: the same bodies, the same client, to a route of this process that reads the
      // body and answers as the webhook does, with nothing else (no hooks of the app's).
      const floor = await clientFloorMs(roundBodies);
      measured.push({ server: whCpu - floor, total: whCpu, seconds: whSeconds });
      if (round === 0) {
        results.push({
          db: target,
          path: `webhooks (${concurrency} at a time)`,
          rows: webhookCount,
          seconds: whSeconds,
          rate: webhookCount / whSeconds,
          rssMb: mb(),
          cpuMs: { total: whCpu, server: whCpu - floor },
        });
      }
      console.log(
        `[${target}] webhooks${rounds > 1 ? `, round ${round + 1} of ${rounds}` : ''}: ` +
          `${webhookCount} in ${whSeconds.toFixed(1)} s; CPU ${whCpu.toFixed(2)} ms ` +
          `a report in this process, ${floor.toFixed(2)} ms of it the client and HTTP floor, so ` +
          `${(whCpu - floor).toFixed(2)} ms the server's` +
          (otherThreads === undefined
            ? ''
            : ` (${otherThreads.toFixed(2)} ms a report on other threads than the main one)`) +
          `; after a warm-up of ${warmUp} reports, ${statementCount} statements stored ` +
          `them, ${(webhookCount / statementCount).toFixed(1)} reports a statement` +
          (values.existing ? ", each updating its call's row" : ', each a new call') +
          ` (load ${os.loadavg()[0]!.toFixed(1)})`,
      );
    }
    if (rounds > 1) {
      // The table's row gives each figure's median over the rounds.
      const row = results.at(-1)!;
      const total = median(measured.map((m) => m.total));
      const server = median(measured.map((m) => m.server));
      row.path += `, median of ${rounds} rounds`;
      row.seconds = median(measured.map((m) => m.seconds));
      row.rate = webhookCount / row.seconds;
      row.cpuMs = { total, server };
      console.log(
        `[${target}] server's CPU a report, median of ${rounds} rounds: ${server.toFixed(2)} ms ` +
          `(rounds: ${measured.map((m) => m.server.toFixed(2)).join(', ')})`,
      );
    }
    const whCpu = measured[0]!.total;
    if (values.parts) {
      let before = whCpu;
      for (const [round, { part, statements }] of PARTS.entries()) {
        for (const statement of statements) await app.database.db.execute(sql.raw(statement));
        const again = renamed(bodies, `part${round}`);
        if (values.existing) await sendAll(webhookUrl, again.map(statusUpdateOf), auth);
        await quiet();
        const started = process.cpuUsage();
        await sendAll(webhookUrl, again, auth);
        const without = cpuMs(process.cpuUsage(started)) / again.length;
        console.log(
          `[${target}] without ${part} too: ${without.toFixed(2)} ms of CPU a report in this ` +
            `process, ${(before - without).toFixed(2)} ms less (load ${os.loadavg()[0]!.toFixed(1)})`,
        );
        before = without;
      }
    }
  } finally {
    await app.close();
    await scratch?.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

for (const target of targets) await benchTarget(target);

console.log(
  '\n| database | path | rows | seconds | rows/s | RSS MB | CPU ms/report (process) | server CPU ms/report |\n|---|---|---:|---:|---:|---:|---:|---:|',
);
for (const r of results) {
  console.log(
    `| ${r.db} | ${r.path} | ${r.rows} | ${r.seconds.toFixed(1)} | ${Math.round(r.rate)} | ${r.rssMb} | ` +
      `${r.cpuMs ? r.cpuMs.total.toFixed(2) : '–'} | ${r.cpuMs ? r.cpuMs.server.toFixed(2) : '–'} |`,
  );
}
const syncRate = (db: string) =>
  results.find((r) => r.db === db && r.path.startsWith('sync'))?.rate;
const pgRate = syncRate('postgres');
const pgliteRate = syncRate('pglite');
if (pgRate && pgliteRate) {
  console.log(`\nsync rate, PostgreSQL ÷ PGlite: ${(pgRate / pgliteRate).toFixed(2)}`);
}
