import { types } from '@electric-sql/pglite';
import { sql, type SQL } from 'drizzle-orm';
import type { Db } from './client';

type Queryable = {
  query: (
    config: { name: string; text: string; values: unknown[] } | string,
    values?: unknown[],
    options?: { serializers?: Record<number, (value: unknown) => unknown> },
  ) => Promise<{ rows: unknown[] }>;
};

/**
 * A `$n::jsonb` parameter's value as JSON text, for preparedQuery and positionalSql. On
 * node-postgres and through Drizzle it is sent as that text. On PGlite it is sent in jsonb's
 * binary form, its version byte then the text's UTF-8, encoded by Node.js at once: given a
 * string, PGlite's protocol writer measures it with a loop over its characters, twice, before
 * encoding it, which for the 50 KB of a batch of end-of-call reports was ~0.05 ms a report
 * (issue 36 target 7). The database parses the same text either way.
 */
export class JsonbText {
  constructor(readonly text: string) {}

  /** jsonb's binary wire form (`jsonb_recv`): version 1, then the text. */
  bytes(): Uint8Array {
    const bytes = Buffer.allocUnsafe(1 + Buffer.byteLength(this.text));
    bytes[0] = 1;
    bytes.write(this.text, 1);
    return bytes;
  }
}

/** PGlite's own jsonb serializer would write a byte array out as JSON: passed as it is. */
const BYTES_AS_THEY_ARE = {
  serializers: { [types.JSONB]: (value: unknown) => value },
};

const asText = (value: unknown) => (value instanceof JsonbText ? value.text : value);

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
    return async <T>(_name: string, text: string, values: unknown[]) => {
      if (!values.some((value) => value instanceof JsonbText))
        return (await client.query(text, values)).rows as T[];
      const sent = values.map((value) => (value instanceof JsonbText ? value.bytes() : value));
      return (await client.query(text, sent, BYTES_AS_THEY_ARE)).rows as T[];
    };
  }
  return async <T>(name: string, text: string, values: unknown[]) =>
    (await client.query({ name, text, values: values.map(asText) })).rows as T[];
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
      .map((part, index) =>
        index % 2 === 0 ? sql.raw(part) : sql`${asText(values[Number(part) - 1])}`,
      ),
  );
}
