import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows, migrationsFolder, type Db } from '../../db/client';
import { readBundledMigrations, readMigrationState } from '../../db/migration-state';
import * as schema from '../../db/schema';
import {
  redisAnswers,
  redisServerInstalled,
  startOwnRedis,
  TEST_REDIS_URL,
} from '../../test/redis';
import { buildTestApp, createScratchConfig, databaseTargets } from '../../test/test-app';
import { READY_TIMEOUT_MS } from './health.routes';

const journal = JSON.parse(
  fs.readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8'),
) as { entries: unknown[] };
const bundledCount = journal.entries.length;

describe.each(databaseTargets)('health on %s', (target) => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    ctx = await buildTestApp(target, { SANDBOX_CALLS: '0' });
  });
  afterAll(() => ctx?.close());

  const get = (url: string) => ctx.app.inject({ method: 'GET', url });

  it('keeps /api/health as it was', async () => {
    const res = await get('/api/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'ok', database: { status: 'up', driver: target } });
  });

  it('answers liveness with the process alone', async () => {
    const res = await get('/api/health/live');
    expect(res.statusCode).toBe(200);
    const body = res.json<{ status: string; uptimeSeconds: number }>();
    expect(body.status).toBe('ok');
    expect(body.uptimeSeconds).toBeGreaterThanOrEqual(0);
  });

  it('is ready once every bundled migration is applied', async () => {
    const res = await get('/api/health/ready');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ready',
      database: { status: 'up', driver: target },
      migrations: { bundled: bundledCount, applied: bundledCount, upToDate: true },
    });
  });

  it('is not ready while the newest migration is missing from the database', async () => {
    const { newestHash } = readBundledMigrations();
    const [removed] = await executeRows<{ hash: string; created_at: string }>(
      ctx.app.database.db,
      sql`delete from drizzle.__drizzle_migrations where hash = ${newestHash} returning hash, created_at`,
    );
    expect(removed).toBeDefined();
    try {
      const res = await get('/api/health/ready');
      expect(res.statusCode).toBe(503);
      // A proxy or orchestrator asking again is told when.
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({
        status: 'not-ready',
        database: { status: 'up', driver: target },
        migrations: { bundled: bundledCount, applied: bundledCount - 1, upToDate: false },
        reason: 'The database migrations are not all applied',
      });
    } finally {
      await ctx.app.database.db.execute(
        sql`insert into drizzle.__drizzle_migrations (hash, created_at) values (${removed!.hash}, ${removed!.created_at})`,
      );
    }
    expect((await get('/api/health/ready')).statusCode).toBe(200);
  });

  it('answers liveness at once while a transaction holds the database; readiness gives up', async () => {
    // The transaction locks the migrations table (PostgreSQL) and, on PGlite, holds the one
    // connection, as a large import does between its batches: every other query waits for it.
    // (Not `select pg_sleep(2)`: PGlite runs in our thread, so a sleeping query stops every
    // request, liveness included; an import yields to the event loop, and so does this hold.)
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = ctx.app.database.db.transaction(async (tx) => {
      await tx.execute(sql`lock table drizzle.__drizzle_migrations in access exclusive mode`);
      locked();
      await released;
    });
    await isLocked;
    try {
      // Both asked at once: liveness answers first, readiness only when it gives up on the
      // database (a liveness that waited for the database would come after it, or never).
      const answered: string[] = [];
      const [live, ready] = await Promise.all(
        (['live', 'ready'] as const).map((probe) =>
          get(`/api/health/${probe}`).then((res) => {
            answered.push(probe);
            return res;
          }),
        ),
      );
      expect(answered).toEqual(['live', 'ready']);
      expect(live!.statusCode).toBe(200);
      expect(ready!.statusCode).toBe(503);
      expect(ready!.json()).toMatchObject({
        status: 'not-ready',
        reason: `The database did not answer within ${READY_TIMEOUT_MS / 1000} s`,
      });
    } finally {
      release();
      await holder;
    }
    expect((await get('/api/health/ready')).statusCode).toBe(200);
  });

  // Last: it closes the database under the running app.
  it('is not ready, but still live, when the database is closed', async () => {
    const database = ctx.app.database;
    await database.close();
    // The app's own shutdown closes it again; once is enough.
    database.close = async () => undefined;

    const ready = await get('/api/health/ready');
    expect(ready.statusCode).toBe(503);
    expect(ready.headers['retry-after']).toBe('5');
    const health = await get('/api/health');
    expect(health.statusCode).toBe(503);
    expect(health.headers['retry-after']).toBe('5');
    expect(ready.json()).toEqual({
      status: 'not-ready',
      database: { status: 'down', driver: target },
      reason: 'The database is unreachable',
    });
    const live = await get('/api/health/live');
    expect(live.statusCode).toBe(200);
  });
});

// Sign-in answers 503 without the rate limits' Redis, so with REDIS_URL an instance whose Redis
// does not answer is not ready: the proxy sends its traffic to one whose Redis does.
describe.skipIf(!(await redisAnswers()))('readiness with REDIS_URL', () => {
  it('is ready when Redis answers too, and says so', async () => {
    const ctx = await buildTestApp('pglite', {
      SANDBOX_CALLS: '0',
      REDIS_URL: TEST_REDIS_URL,
      REDIS_KEY_PREFIX: `switchboard-test:health-${process.pid}:`,
    });
    try {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        status: 'ready',
        database: { status: 'up', driver: 'pglite' },
        migrations: { bundled: bundledCount, applied: bundledCount, upToDate: true },
        redis: { status: 'up' },
      });
    } finally {
      await ctx.close();
    }
  });
});

describe.skipIf(!redisServerInstalled)('readiness when Redis stops answering', () => {
  it('is not ready, naming Redis, while the database is fine; ready again once it is back', async () => {
    const redis = await startOwnRedis();
    let restarted: Awaited<ReturnType<typeof startOwnRedis>> | undefined;
    const ctx = await buildTestApp('pglite', { SANDBOX_CALLS: '0', REDIS_URL: redis.url });
    try {
      const get = (url: string) => ctx.app.inject({ method: 'GET', url });
      expect((await get('/api/health/ready')).statusCode).toBe(200);
      const store = ctx.app.limitStore!;
      const lost = new Promise((resolve) => store.once('close', resolve));
      await redis.stop();
      await lost;

      const ready = await get('/api/health/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.headers['retry-after']).toBe('5');
      expect(ready.json()).toEqual({
        status: 'not-ready',
        database: { status: 'up', driver: 'pglite' },
        migrations: { bundled: bundledCount, applied: bundledCount, upToDate: true },
        redis: { status: 'down' },
        reason: 'Redis (REDIS_URL) is unreachable',
      });
      expect((await get('/api/health/live')).statusCode).toBe(200);

      // Back on its address: the client reconnects and the instance is ready again.
      const back = new Promise((resolve) => store.once('ready', resolve));
      restarted = await startOwnRedis(redis.port);
      await back;
      expect((await get('/api/health/ready')).statusCode).toBe(200);
    } finally {
      await ctx.close();
      await redis.stop();
      await restarted?.stop();
    }
  });
});

describe('readiness without REDIS_URL', () => {
  it('says nothing of Redis: the limits are counted in memory', async () => {
    const ctx = await buildTestApp('pglite', { SANDBOX_CALLS: '0' });
    try {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).not.toHaveProperty('redis');
    } finally {
      await ctx.close();
    }
  });
});

describe('migration state', () => {
  // An empty PostgreSQL database when there is a server to make one on (a moment); otherwise a
  // fresh in-memory PGlite, whose first start runs initdb (seconds of CPU).
  it('reads a database that was never migrated as not up to date', async () => {
    const readsUnmigrated = (db: Db) =>
      expect(readMigrationState(db, readBundledMigrations())).resolves.toEqual({
        bundled: bundledCount,
        applied: 0,
        upToDate: false,
      });
    if (process.env.TEST_DATABASE_URL) {
      const scratch = await createScratchConfig('postgres', {}, { fromTemplate: false });
      if (scratch.config.database.kind !== 'postgres') throw new Error('expected PostgreSQL');
      const pool = new pg.Pool({ connectionString: scratch.config.database.url, max: 1 });
      try {
        await readsUnmigrated(drizzlePg({ client: pool, schema, casing: 'snake_case' }) as Db);
      } finally {
        await pool.end();
        await scratch.cleanup();
      }
      return;
    }
    const client = await PGlite.create();
    try {
      await readsUnmigrated(drizzle({ client, schema, casing: 'snake_case' }));
    } finally {
      await client.close();
    }
  });
});
