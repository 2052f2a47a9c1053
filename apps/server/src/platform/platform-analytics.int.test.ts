import { addDays, todayIn } from '@switchboard/shared/date-range';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AnalyticsService } from '../modules/analytics/analytics.service';
import { buildTestApp, databaseTargets } from '../test/test-app';
import {
  summaryFromPlatform,
  summaryFromPlatformAnalytics,
  summaryFromPlatformCalls,
} from './platform-analytics';

// Reconciliation: the figures our store computes in SQL equal the ones the seed got from the
// platform, by its analytics query and by its fallback over the call list, for every sandbox
// agent. 1,500 calls make the fallback page (limit 1000) for the busiest agents.
describe.each(databaseTargets)('store and platform analytics agree on %s', (target) => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;

  beforeAll(async () => {
    ctx = await buildTestApp(target, { SANDBOX_CALLS: '1500' });
    const status = await ctx.app.callSync.runNow();
    expect(status?.lastError ?? null).toBeNull();
  });
  afterAll(() => ctx?.close());

  it('gives the same four figures three ways for every agent, over all and part of the window', async () => {
    const sandbox = ctx.app.platform.sandbox;
    if (!sandbox) throw new Error('the test app runs the sandbox platform');
    const analytics = new AnalyticsService({ db: ctx.app.database.db });
    const today = todayIn('UTC');
    const ranges = [
      { from: addDays(today, -95), to: today }, // the whole demo window
      { from: addDays(today, -40), to: addDays(today, -10) }, // cut through the middle
    ];
    let compared = 0;
    for (const assistantId of sandbox.demo.assistantIds) {
      for (const range of ranges) {
        const store = await analytics.agentAnalytics({ kind: 'all' }, assistantId, range);
        const window = {
          assistantId,
          start: new Date(store.range.start),
          end: new Date(store.range.end),
        };
        const byQuery = await summaryFromPlatformAnalytics(ctx.app.platform.client, window);
        const byCalls = await summaryFromPlatformCalls(ctx.app.platform.client, window);
        expect(store.summary.numberOfCalls).toBeGreaterThan(0);
        expect(byQuery, `${assistantId} ${range.from}..${range.to} analytics query`).toEqual(
          store.summary,
        );
        expect(byCalls, `${assistantId} ${range.from}..${range.to} call list`).toEqual(
          store.summary,
        );
        compared += 1;
      }
    }
    expect(compared).toBe(sandbox.demo.assistantIds.length * ranges.length);
  });

  it('falls back to the call list when the analytics query fails', async () => {
    const sandbox = ctx.app.platform.sandbox;
    const assistantId = sandbox?.demo.assistantIds[0];
    if (!assistantId) throw new Error('no demo assistant');
    const client = ctx.app.platform.client;
    // The same SDK, except that its analytics query fails as an unreachable platform would.
    const failingAnalytics = {
      ...client,
      sdk: new Proxy(client.sdk, {
        get: (sdk, property) =>
          property === 'analytics'
            ? { get: () => Promise.reject(new Error('analytics unavailable')) }
            : (Reflect.get(sdk, property, sdk) as unknown),
      }),
    };
    const end = new Date();
    const window = { assistantId, start: new Date(end.getTime() - 100 * 86_400_000), end };
    const fallback = await summaryFromPlatform(failingAnalytics, window);
    expect(fallback.source).toBe('calls');
    expect(fallback.summary).toEqual(await summaryFromPlatformCalls(client, window));
    expect((await summaryFromPlatform(client, window)).source).toBe('analytics');
  });
});
