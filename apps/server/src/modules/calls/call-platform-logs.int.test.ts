import type { CallLogPage } from '@switchboard/shared/call-logs';
import type { PlatformLogs } from '@switchboard/shared/platform-logs';
import { beforeAll, describe, expect, it } from 'vitest';
import { appForSuite, oneDatabase } from '../../test/test-app';

describe.each(oneDatabase)('a call’s platform logs on %s', (target) => {
  const ctx = appForSuite(target, { SANDBOX_CALLS: '200', SYNC_INTERVAL_SECONDS: '3600' });
  let demo: Record<string, string>;
  let callId: string;
  beforeAll(async () => {
    await ctx.app.callSync.runNow();
    demo = await ctx.sessionHeaders('demo@brightsmile.example');
    const assistantId = ctx.app.platform.sandbox?.demo.assistantIds[0];
    const page = await ctx.app.inject({
      method: 'GET',
      url: `/api/agents/${assistantId}/calls?limit=1`,
      headers: demo,
    });
    callId = page.json<CallLogPage>().data[0]!.id;
  });

  const logs = (url: string, headers = demo) => ctx.app.inject({ method: 'GET', url, headers });

  it('reads the platform’s log file of the business’s call, with the count of each level', async () => {
    const res = await logs(`/api/calls/${callId}/logs`);
    expect(res.statusCode).toBe(200);
    const body = res.json<PlatformLogs>();
    expect(body).toMatchObject({ callId, available: true, truncated: false });
    expect(body.total).toBe(body.entries.length);
    expect(body.entries[0]).toMatchObject({ level: 'CHECKPOINT', message: 'Call created' });
    expect(body.entries.at(-1)).toMatchObject({ level: 'CHECKPOINT', message: 'Call ended' });
    expect(body.counts.CHECKPOINT).toBeGreaterThanOrEqual(2);
    const sum = Object.values(body.counts).reduce((a, b) => a + b, 0);
    expect(sum).toBe(body.total);
  });

  it('keeps only the chosen levels, repeated or comma-separated, whatever their case', async () => {
    const all = (await logs(`/api/calls/${callId}/logs`)).json<PlatformLogs>();
    for (const query of ['level=CHECKPOINT&level=info', 'level=checkpoint,INFO']) {
      const res = await logs(`/api/calls/${callId}/logs?${query}`);
      expect(res.statusCode, query).toBe(200);
      const body = res.json<PlatformLogs>();
      expect(body.entries.length).toBe(all.counts.CHECKPOINT + all.counts.INFO);
      expect(new Set(body.entries.map((entry) => entry.level))).toEqual(
        new Set(['CHECKPOINT', 'INFO']),
      );
      // The counts are the whole file's, so the filter can show what it hides.
      expect(body.counts).toEqual(all.counts);
    }
  });

  it('refuses an unknown level with a 400 that names the levels', async () => {
    const res = await logs(`/api/calls/${callId}/logs?level=LOUD`);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ error: { message: string } }>().error.message).toContain(
      'level must be one of INFO, LOG, WARN, ERROR, CHECKPOINT',
    );
  });

  it('answers 404 for another business’s call and for an unknown one', async () => {
    const stranger = await ctx.createBusinessWithMember();
    const headers = await ctx.sessionHeaders(stranger.userName);
    expect((await logs(`/api/calls/${callId}/logs`, headers)).statusCode).toBe(404);
    expect((await logs('/api/calls/no-such-call/logs')).statusCode).toBe(404);
  });
});
