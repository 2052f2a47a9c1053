import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs, type ParseArgsOptionsConfig } from 'node:util';
import { sql } from 'drizzle-orm';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { executeRows, type Db } from '../../apps/server/src/db/client';
import { sessionHeaders } from '../../apps/server/src/test/test-app';
import { addDays, todayIn } from '@switchboard/shared/date-range';
import { BENCH_ZONE, benchAdminUrl, benchAgentIds, openBenchApp } from './app';
import { loadCalls } from './load-calls';

/**
 * A bench against the real server (reads, throughput) on PostgreSQL: its options (the load, the
 * requests a case, the search's connections, the port with `port` its default, the database to
 * keep with --keep or to measure again with --database, and the bench's `own`), what they come
 * to, the bench agents and the ranges the reads ask for.
 */
export function serverBench<const Own extends ParseArgsOptionsConfig>(port: string, own: Own) {
  const { values } = parseArgs({ options: { ...serverBenchOptions(port), ...own } });
  // parseArgs' types do not follow options merged with a generic: the shared ones are there.
  return { values, ...serverBenchSettings(values as unknown as ServerBenchValues) };
}

function serverBenchOptions(port: string) {
  return {
    calls: { type: 'string', default: '1000000' },
    agents: { type: 'string', default: '20' },
    requests: { type: 'string', default: '200' },
    'search-connections': { type: 'string', default: '10' },
    port: { type: 'string', default: port },
    /** Keep the scratch database (its URL is printed) for later runs with --database. */
    keep: { type: 'boolean', default: false },
    /** Measure a database a --keep run loaded, instead of loading a new one. */
    database: { type: 'string' },
  } as const;
}

type ServerBenchValues = {
  calls: string;
  agents: string;
  requests: string;
  'search-connections': string;
  port: string;
};

function serverBenchSettings(values: ServerBenchValues) {
  const adminUrl = benchAdminUrl();
  if (!adminUrl) throw new Error('Set BENCH_DATABASE_URL or TEST_DATABASE_URL (PostgreSQL).');
  const agentCount = Number(values.agents);
  const ids = benchAgentIds(agentCount);
  const totalCalls = Number(values.calls);
  const today = todayIn(BENCH_ZONE);
  return {
    totalCalls,
    agentCount,
    requests: Number(values.requests),
    searchConnections: Number(values['search-connections']),
    port: Number(values.port),
    adminUrl,
    ids,
    today,
    /** The query of the last 90 days, today included (the analytics' range). */
    last90Days: `from=${addDays(today, -89)}&to=${today}`,
    /** The query of the last 30 days, today included (the call log's). */
    last30Days: `from=${addDays(today, -29)}&to=${today}`,
    /** A path maker rotating over the agents: each call answers the next agent's path. */
    rotating: (make: (agent: string) => string): (() => string) => {
      let n = 0;
      return () => make(ids[n++ % ids.length]!);
    },
    /**
     * The bench's store: a kept database (`database`), or a scratch one loaded now, which
     * `close` drops unless `keep` (its URL is printed then).
     */
    async openStore(options: {
      database: string | undefined;
      keep: boolean;
    }): Promise<{ store: Store; close: () => Promise<void> }> {
      if (options.database) {
        const store = await reuseStore(options.database);
        return { store, close: store.close };
      }
      const store = await freshStore({ adminUrl, agentIds: ids, timeZone: BENCH_ZONE, totalCalls });
      if (options.keep) console.log(`kept: --database ${store.databaseUrl}`);
      return { store, close: options.keep ? store.closeKeeping : store.close };
    },
  };
}

/** A PostgreSQL database holding the bench business, with a member's session on it. */
export type Store = {
  db: Db;
  headers: Record<string, string>;
  databaseUrl: string;
  /** Closes the connection and drops the database (a scratch one) or leaves it (a kept one). */
  close: () => Promise<void>;
  /** Closes the connection, keeping the database. */
  closeKeeping: () => Promise<void>;
};

/** A database loaded by an earlier run (--keep), with a new session for its bench member. */
export async function reuseStore(url: string): Promise<Store> {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'switchboard-bench-'));
  const app = await buildApp(
    loadConfig({
      NODE_ENV: 'production',
      LOG_LEVEL: 'silent',
      DATA_DIR: dataDir,
      DATABASE_URL: url,
      SANDBOX_CALLS: '100',
      SANDBOX_SIMULATOR_INTERVAL_MS: '0',
      DATABASE_STATEMENT_TIMEOUT_MS: '0',
    }),
  );
  const [member] = await executeRows<{ user_name: string }>(
    app.database.db,
    sql`select u.user_name from users u join businesses b on b.id = u.business_id
        where b.name = 'Bench Business' limit 1`,
  );
  if (!member) throw new Error(`${url} holds no bench business`);
  const close = async () => {
    await app.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  };
  return {
    db: app.database.db,
    headers: await sessionHeaders(app, member.user_name),
    databaseUrl: url,
    close,
    closeKeeping: close,
  };
}

/** A scratch database with `totalCalls` calls (transcripts included) over the last 90 days. */
export async function freshStore(options: {
  adminUrl: string;
  agentIds: string[];
  timeZone: string;
  totalCalls: number;
}): Promise<Store> {
  const bench = await openBenchApp({
    target: 'postgres',
    adminUrl: options.adminUrl,
    agentIds: options.agentIds,
    timeZone: options.timeZone,
  });
  try {
    await loadCalls('postgres', bench.db, {
      totalCalls: options.totalCalls,
      agentCount: options.agentIds.length,
      rangeDays: 90,
      transcripts: true,
    });
  } catch (error) {
    await bench.close();
    throw error;
  }
  return {
    db: bench.db,
    headers: bench.headers,
    databaseUrl: bench.databaseUrl!,
    close: bench.close,
    closeKeeping: () => bench.app.close(),
  };
}

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** One GET on a kept-alive connection; resolves with the milliseconds it took. */
export function timedGet(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const req = http.get(url, { agent, headers }, (res) => {
      res.resume();
      res.on('end', () =>
        res.statusCode === 200
          ? resolve(performance.now() - started)
          : reject(new Error(`${url} answered ${res.statusCode}`)),
      );
    });
    req.on('error', reject);
  });
}

/** `concurrency` loops of GETs until `total` are done; the latencies of all of them. */
export async function closedLoop(
  next: () => string,
  headers: Record<string, string>,
  concurrency: number,
  total: number,
): Promise<{ samples: number[]; wallMs: number }> {
  const samples: number[] = [];
  let issued = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (issued < total) {
        issued += 1;
        samples.push(await timedGet(next(), headers));
      }
    }),
  );
  return { samples, wallMs: performance.now() - started };
}

async function waitReady(base: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ok = await fetch(`${base}/api/health/ready`)
      .then((res) => res.ok)
      .catch(() => false);
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error('the server did not become ready in 120 s');
}

/**
 * The real server (apps/server/src/main.ts) in its own process on the store, listening on
 * 127.0.0.1:`port` with its files in `dataDir`, after its first sync (which marks the bench
 * agents — unknown to the sandbox platform — removed; they are put back).
 */
export async function startServer(
  store: Pick<Store, 'db' | 'databaseUrl'>,
  port: number,
  dataDir: string,
): Promise<{ base: string; pid: number; stop: () => Promise<void> }> {
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      // The bench agents are unknown to the sandbox platform: its warnings about them are noise.
      LOG_LEVEL: 'error',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: store.databaseUrl,
      SANDBOX_CALLS: '100',
      SANDBOX_SIMULATOR_INTERVAL_MS: '0',
      SYNC_INTERVAL_SECONDS: '86400',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    agent.destroy();
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
  };
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitReady(base, server);
    const deadline = Date.now() + 180_000;
    for (;;) {
      const [marked] = await executeRows<{ n: number; all: number }>(
        store.db,
        sql`select count(*) filter (where removed_at is not null)::int as n, count(*)::int as all
            from agents where platform_assistant_id like 'bench-agent-%'`,
      );
      if (Number(marked?.n) === Number(marked?.all)) break;
      if (Date.now() > deadline) throw new Error('the first sync did not finish in 180 s');
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    await store.db.execute(
      sql`update agents set removed_at = null where platform_assistant_id like 'bench-agent-%'`,
    );
  } catch (error) {
    await stop();
    throw error;
  }
  return { base, pid: server.pid!, stop };
}
