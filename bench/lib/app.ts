import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { buildApp, type App } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import type { Db } from '../../apps/server/src/db/client';
import { agents } from '../../apps/server/src/db/schema';
import { createBusinessWithMember, sessionHeaders } from '../../apps/server/src/test/test-app';
import { loadCalls, printLoads, type LoadResult } from './load-calls';
import { startSeedWaySandbox } from './seed-way';
import { Results, type Stat } from './stats';

/** Where a bench runs: PGlite in process, or a scratch database on this PostgreSQL server. */
export type BenchTarget = 'pglite' | 'postgres';

/** The PostgreSQL server a bench may create scratch databases on, if any. */
export const benchAdminUrl = (): string | undefined =>
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

/** `--db pglite,postgres`, keeping postgres only when a server is configured. */
export function benchTargets(option: string, adminUrl: string | undefined): BenchTarget[] {
  return option
    .split(',')
    .filter((t): t is BenchTarget => t === 'pglite' || (t === 'postgres' && !!adminUrl));
}

/** The business zone of the call-store benches. */
export const BENCH_ZONE = 'America/New_York';
/** The sandbox's demo assistants: the seed way gets the same calls per agent as the store. */
export const SANDBOX_AGENTS = 4;
/** The p95 a call-store read should stay under on PostgreSQL. */
export const TARGET_P95_MS = 50;

/** A window of instants (business-zone midnights). */
type Window = { start: Date; end: Date };

/**
 * What the benches that fill the call store share: their options (`--calls --agents --requests
 * --seed-runs --db`, with this bench's defaults for the request and seed-way counts), the agents,
 * where the timings and loads are collected, and the steps every such bench takes.
 */
export function callStoreBench(defaults: { requests: string; seedRuns: string }) {
  const { values } = parseArgs({
    options: {
      calls: { type: 'string', default: '1000000' },
      agents: { type: 'string', default: '20' },
      requests: { type: 'string', default: defaults.requests },
      'seed-runs': { type: 'string', default: defaults.seedRuns },
      db: { type: 'string', default: 'pglite,postgres' },
    },
  });
  const adminUrl = benchAdminUrl();
  const bench = {
    totalCalls: Number(values.calls),
    agentCount: Number(values.agents),
    requests: Number(values.requests),
    seedRuns: Number(values['seed-runs']),
    adminUrl,
    targets: benchTargets(values.db, adminUrl),
    ids: benchAgentIds(Number(values.agents)),
    results: new Results(),
    loads: [] as (LoadResult & { db: string })[],
    /** The window the store measured, for the seed way to read the same one. */
    storeWindow: undefined as Window | undefined,

    /**
     * The bench app on `target` with the bench's calls loaded over the last `rangeDays` (with or
     * without transcripts); the load is kept in `loads`.
     */
    async openApp(
      target: BenchTarget,
      load: { rangeDays: number; transcripts: boolean },
    ): Promise<BenchApp> {
      const opened = await openBenchApp({
        target,
        adminUrl,
        agentIds: bench.ids,
        timeZone: BENCH_ZONE,
      });
      try {
        const { totalCalls, agentCount } = bench;
        const loaded = await loadCalls(target, opened.db, { totalCalls, agentCount, ...load });
        bench.loads.push({ db: target, ...loaded });
        return opened;
      } catch (error) {
        await opened.close();
        throw error;
      }
    },

    /**
     * Times `requests` GETs through app.inject rotating over `urls`, after `warmups` untimed
     * ones (by default one a URL), into `results`.
     */
    timeGets: (
      app: App,
      target: string,
      what: string,
      urls: string[],
      headers: Record<string, string>,
      warmups = urls.length,
    ): Promise<Stat> => {
      const { requests } = bench;
      return timeInjectedGets(app, bench.results, {
        target,
        what,
        urls,
        headers,
        warmups,
        requests,
      });
    },

    /**
     * The seed way's sandbox holding as many calls per agent as the store (over `days`), and the
     * window to read: the store's, else the last `fallbackDays`.
     */
    async startSandbox(days: number, fallbackDays: number) {
      const calls = Math.round((bench.totalCalls / bench.agentCount) * SANDBOX_AGENTS);
      const { sandbox, client } = await startSeedWaySandbox(calls, days, SANDBOX_AGENTS);
      const window = bench.storeWindow ?? {
        start: new Date(Date.now() - fallbackDays * 86_400_000),
        end: new Date(),
      };
      return { sandbox, client, window, assistants: sandbox.demo.assistantIds };
    },

    /**
     * The run: its heading (`requestsOf` says what the request count is of), every database
     * target, then the seed way; then the table of timings and the loads.
     */
    async run(
      requestsOf: string,
      benchTarget: (target: BenchTarget) => Promise<void>,
      benchSeedWay: () => Promise<void>,
    ): Promise<void> {
      console.log(
        `${bench.totalCalls} calls, ${bench.agentCount} agents, ${bench.requests} ${requestsOf}, ` +
          `${bench.seedRuns} seed-way runs; databases: ${bench.targets.join(', ') || 'none'}; ` +
          `${os.cpus().length} CPUs`,
      );
      for (const target of bench.targets) await benchTarget(target);
      await benchSeedWay();
      bench.results.printTable();
      printLoads(bench.loads);
    },
  };
  return bench;
}

/** A fresh database on the server of `adminUrl`, dropped (even while in use) by `drop`. */
export async function scratchDatabase(
  adminUrl: string,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `switchboard_bench_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
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

/** The bench agents' platform ids: bench-agent-01 … (zero-padded to the count's width). */
export function benchAgentIds(agentCount: number): string[] {
  const width = Math.max(2, String(agentCount).length);
  return Array.from(
    { length: agentCount },
    (_, n) => `bench-agent-${String(n + 1).padStart(width, '0')}`,
  );
}

export type BenchApp = {
  app: App;
  db: Db;
  /** The member's business. */
  businessId: string;
  /** The member's session cookie (and Sec-Fetch-Site), for app.inject. */
  headers: Record<string, string>;
  /** The scratch PostgreSQL database's URL (undefined on PGlite). */
  databaseUrl: string | undefined;
  close: () => Promise<void>;
};

/**
 * The real app on a fresh database (PGlite in a temporary directory, or a scratch PostgreSQL
 * database), never listened on: sync and the simulator stay off and requests go through
 * app.inject. It holds one business in `timeZone` with a member signed in and the agents.
 */
export async function openBenchApp(options: {
  target: BenchTarget;
  adminUrl: string | undefined;
  agentIds: string[];
  timeZone: string;
  /** More settings for the app (e.g. IMPORT_MAX_FILE_MB). */
  env?: Record<string, string>;
}): Promise<BenchApp> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'switchboard-bench-'));
  const scratch =
    options.target === 'postgres' ? await scratchDatabase(options.adminUrl!) : undefined;
  const cleanup = async () => {
    await scratch?.drop();
    await fs.rm(dataDir, { recursive: true, force: true });
  };
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    DATABASE_URL: scratch?.url ?? '',
    SANDBOX_CALLS: '100',
    SANDBOX_SIMULATOR_INTERVAL_MS: '0',
    // The loaders insert 100,000 rows a statement and VACUUM a million; on a busy machine one
    // of those can outlast the product's 30 s statement timeout.
    DATABASE_STATEMENT_TIMEOUT_MS: '0',
    ...options.env,
  });
  const app = await buildApp(config).catch(async (error: unknown) => {
    await cleanup();
    throw error;
  });
  const close = async () => {
    try {
      await app.close();
    } finally {
      await cleanup();
    }
  };
  try {
    const db = app.database.db;
    const member = await createBusinessWithMember(app, {
      name: 'Bench Business',
      timezone: options.timeZone,
    });
    await db.insert(agents).values(
      options.agentIds.map((id, n) => ({
        platformAssistantId: id,
        businessId: member.businessId,
        name: `Bench agent ${n + 1}`,
      })),
    );
    const headers = await sessionHeaders(app, member.userName);
    return { app, db, businessId: member.businessId, headers, databaseUrl: scratch?.url, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * Times `requests` GETs through app.inject, rotating over `urls`, after `warmups` untimed ones
 * (rotating the same way); each must answer 200. The samples are recorded in `results`.
 */
export async function timeInjectedGets(
  app: App,
  results: Results,
  options: {
    target: string;
    what: string;
    urls: string[];
    headers: Record<string, string>;
    warmups: number;
    requests: number;
  },
): Promise<Stat> {
  const { urls, headers } = options;
  const get = async (url: string) => {
    const res = await app.inject({ method: 'GET', url, headers });
    if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
  };
  for (let i = 0; i < options.warmups; i++) await get(urls[i % urls.length]!);
  const samples: number[] = [];
  for (let i = 0; i < options.requests; i++) {
    const started = performance.now();
    await get(urls[i % urls.length]!);
    samples.push(performance.now() - started);
  }
  return results.record(options.target, options.what, samples);
}
