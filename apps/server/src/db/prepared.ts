import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client';

type Queryable = {
  query: (
    config: { name: string; text: string; values: unknown[] } | string,
    values?: unknown[],
  ) => Promise<{ rows: unknown[] }>;
};

/**
 * Runs a statement written once as text, as a named prepared statement on node-postgres (parsed
 * and planned once per connection) or through PGlite's extended protocol: for the hot paths,
 * where building the statement with Drizzle at every request costs more than running it
 * (decision 073). Undefined when `db` is a transaction's handle, which has no client of its
 * own: the caller then builds the statement with Drizzle.
 */
export function preparedQuery(
  db: Db,
): (<T>(name: string, text: string, values: unknown[]) => Promise<T[]>) | undefined {
  const client = (db as unknown as { $client?: Queryable & { waitReady?: unknown } }).$client;
  if (!client || typeof client.query !== 'function') return undefined;
  if ('waitReady' in client) {
    return async <T>(_name: string, text: string, values: unknown[]) =>
      (await client.query(text, values)).rows as T[];
  }
  return async <T>(name: string, text: string, values: unknown[]) =>
    (await client.query({ name, text, values })).rows as T[];
}

/**
 * A statement written as text with `$n` parameters, for Drizzle (a transaction's handle, where
 * preparedQuery has no client): each `$n` bound to `values[n - 1]`. The text must hold no `$`
 * but its parameters' (no dollar quoting).
 */
export function positionalSql(text: string, values: readonly unknown[]): SQL {
  return sql.join(
    text
      .split(/\$(\d+)/)
      .map((part, index) => (index % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1]}`)),
  );
}
