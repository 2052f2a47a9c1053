import { sql } from 'drizzle-orm';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import { executeRows, migrationsFolder, type Db } from './client';

/** Where Drizzle's migrator records what it applied (its defaults, which we keep). */
const MIGRATIONS_TABLE = sql`drizzle.__drizzle_migrations`;

export type MigrationState = {
  /** Migrations this build carries (meta/_journal.json). */
  bundled: number;
  /** Rows in the database's migrations table. */
  applied: number;
  /** The newest bundled migration is applied (a newer build may have added more: still fine). */
  upToDate: boolean;
};

/** The newest migration this build carries, as Drizzle's migrator records it (hash of its SQL). */
export function readBundledMigrations(): { count: number; newestHash: string | undefined } {
  const migrations = readMigrationFiles({ migrationsFolder });
  return { count: migrations.length, newestHash: migrations.at(-1)?.hash };
}

/**
 * Whether the database holds this build's schema: the newest bundled migration is recorded.
 * A database never migrated (no migrations table) answers `upToDate: false`, not an error.
 */
export async function readMigrationState(
  db: Db,
  bundled: { count: number; newestHash: string | undefined },
): Promise<MigrationState> {
  const [exists] = await executeRows<{ present: boolean }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!exists?.present) return { bundled: bundled.count, applied: 0, upToDate: false };
  const [row] = await executeRows<{ applied: number; newest: number }>(
    db,
    sql`select count(*)::int as applied,
               count(*) filter (where hash = ${bundled.newestHash ?? ''})::int as newest
          from ${MIGRATIONS_TABLE}`,
  );
  return {
    bundled: bundled.count,
    applied: row?.applied ?? 0,
    upToDate: bundled.newestHash === undefined || (row?.newest ?? 0) > 0,
  };
}
