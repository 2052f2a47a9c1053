import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { executeRows } from '../../db/client';
import { agents, businesses, calls } from '../../db/schema';
import {
  buildTestApp,
  createBusinessWithMember,
  databaseTargets,
  sessionHeaders,
} from '../../test/test-app';

describe.each(databaseTargets)('platform sync on %s', (target) => {
  describe('against the sandbox platform', () => {
    let ctx: Awaited<ReturnType<typeof buildTestApp>>;
    beforeAll(async () => {
      // More calls than one page (1000), so the backfill has to page.
      ctx = await buildTestApp(target, { SANDBOX_CALLS: '1500', SYNC_INTERVAL_SECONDS: '3600' });
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    });
    afterAll(() => ctx?.close());

    const storedCount = async () => {
      const [row] = await ctx.app.database.db.select({ n: count() }).from(calls);
      return row?.n ?? 0;
    };

    it('backfills every call and assistant on the first run, paging through the platform', async () => {
      // The listen hook started a first run; wait for it the same way the Refresh button does.
      const state = await ctx.app.callSync.runNow();
      expect(state.status).toBe('idle');
      expect(await storedCount()).toBeGreaterThanOrEqual(1500);
      const demo = ctx.app.platform.sandbox!.demo;
      const stored = await ctx.app.database.db.select().from(agents);
      expect(stored.map((a) => a.platformAssistantId).sort()).toEqual(
        [...demo.assistantIds].sort(),
      );
      expect(stored.every((a) => a.name !== '' && a.phoneNumber?.startsWith('+'))).toBe(true);
      // The embedded default assigned each demo assistant to the demo business of its trade
      // at start; sync kept that.
      const nameOf = new Map(
        (await ctx.app.database.db.select().from(businesses)).map((b) => [b.id, b.name]),
      );
      for (const assistant of demo.assistants) {
        const row = stored.find((a) => a.platformAssistantId === assistant.id);
        expect(nameOf.get(row!.businessId!)).toBe(assistant.businessName);
      }
    });

    it('keeps the payloads out of line uncompressed on PGlite and compressed on PostgreSQL (decision 092)', async () => {
      const rows = await executeRows<{ storage: string; compressed: number; stored: number }>(
        ctx.app.database.db,
        sql`select (select attstorage from pg_attribute
            where attrelid = 'calls'::regclass and attname = 'payload') as storage,
          count(*) filter (where pg_column_compression(payload) is not null)::int as compressed,
          count(*)::int as stored
          from calls`,
      );
      const [row] = rows;
      expect(row!.stored).toBeGreaterThanOrEqual(1500);
      if (target === 'pglite') expect(row).toMatchObject({ storage: 'e', compressed: 0 });
      else {
        // PostgreSQL compresses them as before (those over its 2 KB row threshold).
        expect(row!.storage).toBe('x');
        expect(row!.compressed).toBeGreaterThan(0);
      }
    });

    it('stores a simulated call as its webhooks arrive, without waiting for a sync', async () => {
      const call = await ctx.app.platform.sandbox!.simulateCall({ tool: 'none' });
      const [row] = await ctx.app.database.db.select().from(calls).where(eq(calls.id, call.id));
      expect(row).toMatchObject({ status: 'ended', assistantId: call.assistantId });
    });

    it('recovers a call whose webhooks were missed on the next sync, reading only what changed', async () => {
      const missed = await ctx.app.platform.sandbox!.simulateCall({
        deliverWebhooks: false,
        tool: 'none',
      });
      expect(
        await ctx.app.database.db.select().from(calls).where(eq(calls.id, missed.id)),
      ).toHaveLength(0);

      const state = await ctx.app.callSync.runNow();
      expect(state.status).toBe('idle');
      const [row] = await ctx.app.database.db.select().from(calls).where(eq(calls.id, missed.id));
      expect(row).toMatchObject({ status: 'ended', endedReason: missed.endedReason });
      // Incremental: not the 1500 demo calls again.
      expect(state.rowsFetched).toBeLessThan(100);
    });

    it('reports its state through the API', async () => {
      const headers = await sessionHeaders(ctx.app, 'demo@brightsmile.example');
      const res = await ctx.app.inject({ method: 'GET', url: '/api/platform/status', headers });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        mode: 'sandbox',
        sync: { status: 'idle', lastError: null, consecutiveFailures: 0 },
      });
      const requested = await ctx.app.inject({
        method: 'POST',
        url: '/api/platform/sync',
        headers,
      });
      expect(requested.statusCode).toBe(202);
      expect(requested.json()).toMatchObject({ sync: { running: true } });
      await ctx.app.callSync.runNow();
    });
  });

  describe('when the platform cannot be reached', () => {
    let ctx: Awaited<ReturnType<typeof buildTestApp>>;
    beforeAll(async () => {
      ctx = await buildTestApp(target, {
        VAPI_API_KEY: 'live-key-that-goes-nowhere',
        PUBLIC_URL: 'https://switchboard.example.com',
        // Nothing listens on port 9 here: connection refused at once.
        VAPI_BASE_URL: 'http://127.0.0.1:9',
      });
    });
    afterAll(() => ctx?.close());

    it('records the error, counts failures for back-off, and keeps serving', async () => {
      const first = await ctx.app.callSync.runNow();
      expect(first.status).toBe('failed');
      expect(first.lastError).toMatch(/could not be reached/);
      expect(first.consecutiveFailures).toBe(1);
      const second = await ctx.app.callSync.runNow();
      expect(second.consecutiveFailures).toBe(2);
      expect(second.nextRunAt!.getTime() - second.lastFinishedAt!.getTime()).toBeGreaterThan(
        first.nextRunAt!.getTime() - first.lastFinishedAt!.getTime(),
      );

      const health = await ctx.app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(200);
      const member = await createBusinessWithMember(ctx.app);
      const status = await ctx.app.inject({
        method: 'GET',
        url: '/api/platform/status',
        headers: await sessionHeaders(ctx.app, member.userName),
      });
      expect(status.json()).toMatchObject({
        mode: 'live',
        sync: { status: 'failed', consecutiveFailures: 2 },
      });
    });
  });
});

describe('platform sync stopped by a shutdown', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    // Not listening, so no run starts by itself: this test starts the one it stops.
    ctx = await buildTestApp('pglite', { SANDBOX_CALLS: '1500', SYNC_INTERVAL_SECONDS: '3600' });
  });
  afterAll(() => ctx?.close());

  it('ends a backfill after the page it is on, keeping what it wrote and not moving the cursor', async () => {
    const run = ctx.app.callSync.runNow();
    // Once the first page of calls is written, the shutdown begins.
    for (;;) {
      const state = await ctx.app.callSync.status();
      if ((state?.pagesFetched ?? 0) >= 1) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    await ctx.app.callSync.stop();
    const state = await run;
    expect(state).toMatchObject({ status: 'idle', lastError: null, cursorUpdatedAt: null });
    // A backfill of 1500 calls is 15 pages of 100; it stopped long before the last.
    expect(state.pagesFetched).toBeGreaterThanOrEqual(1);
    expect(state.pagesFetched).toBeLessThan(15);
    const [stored] = await ctx.app.database.db.select({ n: count() }).from(calls);
    expect(stored?.n).toBe(state.rowsWritten);
    expect(state.rowsWritten).toBeLessThan(1500);
  });
});
