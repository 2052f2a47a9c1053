import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Config, PoolSettings } from '../config';
import { acquireDirectoryLock } from './directory-lock';
import { survivePoolConnectionLoss } from './connection-loss';
import { unpackDataDir } from './template-unpack';
import * as schema from './schema';

/** The committed migrations (drizzle-kit), applied at start. */
export const migrationsFolder = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  'migrations',
);

// Both drivers expose the same Drizzle query API; the rest of the server sees only this type.
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  driver: 'postgres' | 'pglite';
  /** Round trip to the database; throws when it is unreachable. */
  ping: () => Promise<void>;
  /**
   * Runs `work` while this instance holds the advisory lock `key`, or answers
   * `{ locked: false }` at once when another instance holds it (work that one instance of a
   * fleet should do at a time). PostgreSQL: a session lock on a connection of its own, held
   * until `work` settles and released by the server if the connection dies. PGlite: one
   * process per database (the directory lock), so `work` just runs.
   */
  tryWithLock: <T>(key: bigint, work: () => Promise<T>) => Promise<Locked<T>>;
  close: () => Promise<void>;
};

export type Locked<T> = { locked: true; value: T } | { locked: false };

/** Advisory lock keys: constants shared by every instance on one database. */
export const LOCK_KEYS = {
  migrate: 4_815_162_341n,
  callSync: 4_815_162_343n,
  /** The notification job: pushes and the hourly mails (decision 060). */
  notifications: 4_815_162_360n,
  /** One alert evaluation round and one digest round at a time across instances (decision 062). */
  alerts: 4_815_162_347n,
  digests: 4_815_162_349n,
} as const;

/**
 * Opens the configured database and brings its schema up to date.
 * PostgreSQL when DATABASE_URL is set; otherwise PGlite persisted in DATA_DIR/db, held by a
 * lock so that a second process gets a clear error instead of corrupting the files.
 */
export async function openDatabase(database: Config['database']): Promise<Database> {
  return database.kind === 'postgres'
    ? openPostgres(database.url, database.pool)
    : openPglite(database.dataDir);
}

/** node-postgres's pool options for our settings (decision 048). */
function poolOptions(url: string, settings: PoolSettings): pg.PoolConfig {
  return {
    connectionString: url,
    max: settings.max,
    connectionTimeoutMillis: settings.connectTimeoutMs,
    idleTimeoutMillis: settings.idleTimeoutMs,
    // A startup parameter of every connection: PostgreSQL itself cancels the statement (57014),
    // so the request fails cleanly and the connection stays usable. 0 leaves the database's own.
    ...(settings.statementTimeoutMs > 0 ? { statement_timeout: settings.statementTimeoutMs } : {}),
  };
}

async function openPostgres(url: string, settings: PoolSettings): Promise<Database> {
  const pool = new pg.Pool(poolOptions(url, settings));
  // A client losing its connection, idle or busy, must not crash the process; reads retry once.
  survivePoolConnectionLoss(pool);
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' });
  try {
    await migrateUnderLock(pool);
  } catch (error) {
    await pool.end();
    throw error;
  }
  return {
    db,
    driver: 'postgres',
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    tryWithLock: async (key, work) => {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        const { rows } = await client.query<{ locked: boolean }>(
          'select pg_try_advisory_lock($1) as locked',
          [key],
        );
        if (!rows[0]?.locked) return { locked: false };
        try {
          return { locked: true, value: await work() };
        } finally {
          await client.query('select pg_advisory_unlock($1)', [key]).catch((error: Error) => {
            broken = error; // a connection that may still hold the lock is not reused
          });
        }
      } finally {
        client.release(broken);
      }
    },
    close: () => pool.end(),
  };
}

/**
 * Drizzle's migrator on a connection of its own, holding an advisory lock: instances starting
 * together on one database migrate one after another (the later ones find nothing to do)
 * instead of racing to create the same tables.
 */
async function migrateUnderLock(pool: pg.Pool) {
  const client = await pool.connect();
  try {
    // No statement timeout here: waiting for the lock while another instance migrates, and a
    // migration that rewrites or indexes a large table, may take longer, and a migration cut
    // short would only fail again at the next start. (The connection is not reused.)
    await client.query('set statement_timeout = 0');
    await client.query('select pg_advisory_lock($1)', [LOCK_KEYS.migrate]);
    try {
      await migratePg(drizzlePg({ client, schema, casing: 'snake_case' }), { migrationsFolder });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [LOCK_KEYS.migrate]);
    }
  } finally {
    // Destroyed rather than pooled: if the unlock failed, the session still holds the lock.
    client.release(true);
  }
}

/**
 * PGlite's PostgreSQL runs inside this process's WebAssembly memory, which grows to the most it
 * ever used and never gives it back. Its defaults are a server's (128 MB of shared buffers,
 * 64 MB for index builds and vacuum); with these the embedded default holds ~430 MB after its
 * first sync instead of ~590 MB (bench/README.md, "Embedded default"). The table files are
 * still cached by the operating system, outside the process.
 */
export const PGLITE_START_PARAMS = [
  ...PGlite.defaultStartParams,
  ...['-c', 'shared_buffers=16MB'],
  ...['-c', 'maintenance_work_mem=16MB'],
  ...['-c', 'temp_buffers=2MB'],
  ...['-c', 'wal_buffers=1MB'],
];

/**
 * A data directory made by PGlite and migrated at build time (scripts/build-server.mjs, beside
 * the bundle's migrations): a fresh DATA_DIR is loaded from it instead of running initdb and
 * every migration at first start (issue 36 target 5). Absent (sources run by tsx, tests): initdb.
 */
export const pgliteTemplate = path.join(path.dirname(migrationsFolder), 'pglite-template.tar.gz');

/**
 * Unpacks the template into `dataDir` when it holds no database yet and the build made one. Not
 * through PGlite's `loadDataDir`, which writes each file through its WebAssembly file system on
 * the main thread: unpacked here, the writes run on libuv's threads (decision 097).
 */
async function unpackTemplate(dataDir: string): Promise<void> {
  const exists = (file: string) =>
    fs.access(file).then(
      () => true,
      () => false,
    );
  if (await exists(path.join(dataDir, 'PG_VERSION'))) return;
  if (!(await exists(pgliteTemplate))) return;
  await unpackDataDir(await fs.readFile(pgliteTemplate), dataDir, 'PG_VERSION');
}

async function openPglite(dataDir: string): Promise<Database> {
  await fs.mkdir(dataDir, { recursive: true });
  const releaseLock = await acquireDirectoryLock(dataDir);
  let client: PGlite | undefined;
  try {
    await unpackTemplate(dataDir);
    client = await PGlite.create(dataDir, { startParams: PGLITE_START_PARAMS });
    const db = drizzlePglite({ client, schema, casing: 'snake_case' });
    await migratePglite(db, { migrationsFolder });
    const opened = client;
    return {
      db,
      driver: 'pglite',
      ping: async () => {
        await db.execute(sql`select 1`);
      },
      tryWithLock: async (_key, work) => ({ locked: true, value: await work() }),
      close: async () => {
        try {
          await opened.close();
        } finally {
          await releaseLock();
        }
      },
    };
  } catch (error) {
    await client?.close().catch(() => undefined);
    await releaseLock();
    throw error;
  }
}

/**
 * Runs raw SQL and returns its rows. Both drivers answer `{rows}`, but the shared Drizzle type
 * cannot say so; this is the one place that knows.
 */
export async function executeRows<T extends Record<string, unknown>>(
  db: Db,
  query: SQL,
): Promise<T[]> {
  const result: unknown = await db.execute<T>(query);
  return (result as { rows: T[] }).rows;
}
