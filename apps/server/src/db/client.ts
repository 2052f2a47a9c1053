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
import type { Config } from '../config';
import { acquireDirectoryLock } from './directory-lock';
import { survivePoolConnectionLoss } from './connection-loss';
import * as schema from './schema';

const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

// Both drivers expose the same Drizzle query API; the rest of the server sees only this type.
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  driver: 'postgres' | 'pglite';
  /** Round trip to the database; throws when it is unreachable. */
  ping: () => Promise<void>;
  close: () => Promise<void>;
};

/**
 * Opens the configured database and brings its schema up to date.
 * PostgreSQL when DATABASE_URL is set; otherwise PGlite persisted in DATA_DIR/db, held by a
 * lock so that a second process gets a clear error instead of corrupting the files.
 */
export async function openDatabase(database: Config['database']): Promise<Database> {
  return database.kind === 'postgres' ? openPostgres(database.url) : openPglite(database.dataDir);
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // A client losing its connection, idle or busy, must not crash the process; reads retry once.
  survivePoolConnectionLoss(pool);
  const db = drizzlePg({ client: pool, schema, casing: 'snake_case' });
  try {
    await migratePg(db, { migrationsFolder });
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
    close: () => pool.end(),
  };
}

async function openPglite(dataDir: string): Promise<Database> {
  await fs.mkdir(dataDir, { recursive: true });
  const releaseLock = await acquireDirectoryLock(dataDir);
  let client: PGlite | undefined;
  try {
    client = await PGlite.create(dataDir);
    const db = drizzlePglite({ client, schema, casing: 'snake_case' });
    await migratePglite(db, { migrationsFolder });
    const opened = client;
    return {
      db,
      driver: 'pglite',
      ping: async () => {
        await db.execute(sql`select 1`);
      },
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
