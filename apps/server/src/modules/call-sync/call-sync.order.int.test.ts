import { createSandbox, type ListOrder, type Sandbox } from '@switchboard/sandbox/sandbox';
import type { VapiClient } from '@vapi-ai/server-sdk';
import { count, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agents, calls } from '../../db/schema';
import { buildTestApp, databaseTargets, type DatabaseTarget } from '../../test/test-app';
import { CallSync } from './call-sync';
import { createPlatformClient, type PlatformClient } from '../../platform/platform-client';

const PRIVATE_KEY = 'order-test-private-key';

/** A sync of the app's store against the given client (its own, not the app's timer). */
function syncFor(
  ctx: Awaited<ReturnType<typeof buildTestApp>>,
  platform: PlatformClient,
  pageSize?: number,
) {
  return new CallSync({
    db: ctx.app.database.db,
    tryWithLock: ctx.app.database.tryWithLock,
    platform,
    log: ctx.app.log,
    intervalMs: 3_600_000,
    ...(pageSize ? { pageSize } : {}),
  });
}

/** The app and a platform client, both on `sandbox` (live, with its private key). */
async function appAndClientOn(target: DatabaseTarget, sandbox: Sandbox) {
  const ctx = await buildTestApp(target, {
    VAPI_API_KEY: PRIVATE_KEY,
    VAPI_BASE_URL: sandbox.baseUrl,
    PUBLIC_URL: 'https://switchboard.example.com',
    SYNC_INTERVAL_SECONDS: '3600',
  });
  const client = createPlatformClient({
    mode: 'live',
    baseUrl: sandbox.baseUrl,
    apiKey: PRIVATE_KEY,
    maxRetries: 0,
  });
  return { ctx, client };
}

describe.each(databaseTargets)(
  'platform sync, whatever order the platform lists in, on %s',
  (target) => {
    describe.each(['newest-first', 'oldest-first'] satisfies ListOrder[])(
      'a platform answering %s',
      (listOrder) => {
        let sandbox: Sandbox;
        let ctx: Awaited<ReturnType<typeof buildTestApp>>;
        let client: PlatformClient;

        beforeAll(async () => {
          sandbox = await createSandbox({
            privateKey: PRIVATE_KEY,
            publicKey: 'order-test-public-key',
            totalCalls: 1234,
            listOrder,
          });
          ({ ctx, client } = await appAndClientOn(target, sandbox));
        });
        afterAll(async () => {
          await ctx?.close();
          await sandbox?.close();
        });

        it('is answered in that order', async () => {
          const page = await client.sdk.calls.list({ limit: 3 });
          const times = page.map((call) => Date.parse(call.createdAt));
          const sorted = [...times].sort((a, b) => (listOrder === 'oldest-first' ? a - b : b - a));
          expect(times).toEqual(sorted);
          expect(times[0]).not.toBe(times[2]);
        });

        it('backfills every call once, paging in small pages', async () => {
          const state = await syncFor(ctx, client, 100).runNow();
          expect(state).toMatchObject({ status: 'idle', lastError: null });
          const [stored] = await ctx.app.database.db.select({ n: count() }).from(calls);
          expect(stored?.n).toBe(1234);
          // Each call read once, and each request made progress (no page read again and again).
          expect(state.rowsFetched).toBe(1234);
          expect(state.pagesFetched).toBeLessThanOrEqual(14);
        });
      },
    );

    describe('a platform holding more than 1000 assistants', () => {
      let sandbox: Sandbox;
      let ctx: Awaited<ReturnType<typeof buildTestApp>>;
      let client: PlatformClient;
      const created: string[] = [];

      beforeAll(async () => {
        sandbox = await createSandbox({
          privateKey: PRIVATE_KEY,
          publicKey: 'order-test-public-key',
          totalCalls: 10,
        });
        for (let n = 0; n < 1010; n += 1) {
          const res = await sandbox.app.inject({
            method: 'POST',
            url: '/assistant',
            headers: { authorization: `Bearer ${PRIVATE_KEY}` },
            payload: { name: `Extra ${n}` },
          });
          expect(res.statusCode).toBe(201);
          created.push(res.json<{ id: string }>().id);
        }
        ({ ctx, client } = await appAndClientOn(target, sandbox));
      });
      afterAll(async () => {
        await ctx?.close();
        await sandbox?.close();
      });

      const present = async () =>
        ctx.app.database.db
          .select({ id: agents.platformAssistantId })
          .from(agents)
          .where(isNull(agents.removedAt));

      it('stores every assistant and marks none removed', async () => {
        const state = await syncFor(ctx, client).runNow();
        expect(state.status).toBe('idle');
        const ids = (await present()).map((row) => row.id);
        expect(ids).toHaveLength(1010 + sandbox.demo.assistantIds.length);
        expect(ids).toEqual(expect.arrayContaining([...created, ...sandbox.demo.assistantIds]));
      });

      it('marks nothing removed when the listing fails part-way', async () => {
        let requests = 0;
        const failing: PlatformClient = {
          ...client,
          sdk: {
            calls: client.sdk.calls,
            phoneNumbers: client.sdk.phoneNumbers,
            assistants: {
              list: async (request: Parameters<VapiClient['assistants']['list']>[0]) => {
                requests += 1;
                if (requests > 1) throw new Error('the connection was reset');
                return client.sdk.assistants.list(request);
              },
            },
          } as unknown as VapiClient,
        };
        const state = await syncFor(ctx, failing).runNow();
        expect(state.status).toBe('failed');
        expect(requests).toBe(2);
        expect(await present()).toHaveLength(1010 + sandbox.demo.assistantIds.length);
      });
    });
  },
);
