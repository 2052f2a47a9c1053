import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { INGEST_FUNCTION } from './call-ingest.service';

const migrations = new URL('../../db/migrations/', import.meta.url);
const HEAD = 'CREATE OR REPLACE FUNCTION "call_ingest"';

describe('call_ingest', () => {
  it('is, in the newest migration that makes it, the statement the repositories write today', () => {
    // A change to a repository's part of the statement (the upsert, the "call ended" event, …)
    // needs a new migration that replaces the function: INGEST_FUNCTION, as printed.
    const newest = readdirSync(migrations)
      .filter((name) => name.endsWith('.sql'))
      .sort()
      .map((name) => readFileSync(new URL(name, migrations), 'utf8'))
      .filter((text) => text.includes(HEAD))
      .at(-1);
    const start = newest?.lastIndexOf(HEAD) ?? -1;
    expect(newest?.slice(start, start + INGEST_FUNCTION.length)).toBe(INGEST_FUNCTION);
  });
});
