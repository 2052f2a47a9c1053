import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { WireError } from '@switchboard/shared/errors';
import {
  buildTestApp,
  createBusinessWithMember,
  createScratchConfig,
  sessionHeaders,
} from '../test/test-app';
import { LOCK_KEYS, openDatabase } from './client';

// DATABASE_STATEMENT_TIMEOUT_MS is PostgreSQL's statement_timeout; PGlite ignores it, so these
// run on PostgreSQL only.
const postgres = process.env.TEST_DATABASE_URL;
const TIMEOUT_MS = 1_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Connects to the app's own (scratch) database, outside its pool. */
async function connect(url: string): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return client;
}

describe.skipIf(!postgres)('the statement timeout on PostgreSQL', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let url: string;
  let member: Record<string, string>;

  beforeAll(async () => {
    ctx = await buildTestApp('postgres', {
      SANDBOX_CALLS: '0',
      DATABASE_STATEMENT_TIMEOUT_MS: String(TIMEOUT_MS),
    });
    if (ctx.config.database.kind !== 'postgres') throw new Error('expected PostgreSQL');
    url = ctx.config.database.url;
    const { userName } = await createBusinessWithMember(ctx.app);
    member = await sessionHeaders(ctx.app, userName);
  });
  afterAll(() => ctx?.close());

  it('ends a request whose statement runs too long with a 503 to retry, and the pool goes on', async () => {
    // Another session holds the sessions table (a stuck transaction, a long migration by hand):
    // every signed-in request's first statement waits behind it.
    const holder = await connect(url);
    try {
      await holder.query('begin');
      await holder.query('lock table sessions in access exclusive mode');
      const res = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: member });
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      const body = res.json<WireError>();
      expect(body.error).toEqual({
        code: 'SERVICE_UNAVAILABLE',
        message: 'The service is busy. Please try again in a few seconds.',
      });
      expect(body.error.message).not.toMatch(/statement|timeout|sessions/i);
    } finally {
      await holder.query('rollback').catch(() => undefined);
      await holder.end();
    }
    const again = await ctx.app.inject({ method: 'GET', url: '/api/auth/me', headers: member });
    expect(again.statusCode).toBe(200);
  });

  it('does not apply to the migrations: a start waiting for another instance to migrate goes on', async () => {
    const scratch = await createScratchConfig(
      'postgres',
      { DATABASE_STATEMENT_TIMEOUT_MS: String(TIMEOUT_MS) },
      { fromTemplate: false },
    );
    if (scratch.config.database.kind !== 'postgres') throw new Error('expected PostgreSQL');
    const other = await connect(scratch.config.database.url);
    try {
      // "Another instance" migrating: it holds the migration lock.
      await other.query('select pg_advisory_lock($1)', [LOCK_KEYS.migrate]);
      const opening = openDatabase(scratch.config.database);
      opening.catch(() => undefined); // awaited below; not unhandled meanwhile
      // Until the starting instance waits for the lock…
      for (;;) {
        const { rows } = await other.query(
          `select 1 from pg_locks where locktype = 'advisory' and not granted and database = (select oid from pg_database where datname = current_database())`,
        );
        if (rows.length > 0) break;
        await sleep(20);
      }
      // …and then longer than a statement may run.
      await sleep(TIMEOUT_MS * 2);
      await other.query('select pg_advisory_unlock($1)', [LOCK_KEYS.migrate]);
      const database = await opening;
      await database.close();
    } finally {
      await other.end();
      await scratch.cleanup();
    }
  });
});
