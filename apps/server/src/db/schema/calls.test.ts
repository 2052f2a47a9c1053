import { readFileSync } from 'node:fs';
import {
  PASS_END_REASON,
  PASS_MIN_DURATION_SECONDS,
  TRANSFER_REASON_PATTERNS,
} from '@switchboard/shared/calls';
import { PgDialect, getTableConfig } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { calls } from './calls';

const migrations = new URL('../migrations/meta/', import.meta.url);

/** The expression drizzle-kit writes into a migration for one generated column. */
function generatedSql(column: string): string {
  const generated = getTableConfig(calls).columns.find((c) => c.name === column)?.generated;
  if (!generated) throw new Error(`${column} is not a generated column`);
  return new PgDialect().sqlToQuery(generated.as as Parameters<PgDialect['sqlToQuery']>[0]).sql;
}

/** The same column's expression in the newest migration snapshot: what the database holds. */
function snapshotSql(column: string): string {
  const journal = JSON.parse(readFileSync(new URL('_journal.json', migrations), 'utf8')) as {
    entries: { idx: number }[];
  };
  const latest = String(journal.entries.at(-1)?.idx).padStart(4, '0');
  const snapshot = JSON.parse(
    readFileSync(new URL(`${latest}_snapshot.json`, migrations), 'utf8'),
  ) as { tables: Record<string, { columns: Record<string, { generated?: { as: string } }> }> };
  return snapshot.tables['public.calls']?.columns[column]?.generated?.as ?? '';
}

describe('the call store rules rendered from the shared constants', () => {
  it('outcome compares the end reason and the duration with the success rule constants', () => {
    const outcome = generatedSql('outcome');
    expect(outcome).toContain(`ended_reason = '${PASS_END_REASON}'`);
    expect(outcome).toContain(
      `ended_at - started_at > interval '${PASS_MIN_DURATION_SECONDS} seconds'`,
    );
  });

  it('transferred matches every transfer pattern, ignoring case', () => {
    expect(generatedSql('transferred')).toBe(
      `coalesce(ended_reason ~* '(${TRANSFER_REASON_PATTERNS.join('|')})', false)`,
    );
  });

  // A change of text here without a migration would leave the database on the old rule.
  it.each(['outcome', 'transferred'])('%s is exactly what the latest migration holds', (column) => {
    expect(generatedSql(column)).toBe(snapshotSql(column));
  });
});
