import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildTestApp,
  createBusinessWithMember,
  oneDatabase,
  sessionHeaders,
} from '../test/test-app';
import { fetchCallsInWindow } from './platform-analytics';

/**
 * A platform whose assistants and phone numbers list fine but whose call list fails: every path
 * that fetches calls from it must say the seed's "Failed to fetch calls: <reason>". Its 503 says
 * when to try again (Retry-After, as an HTTP date: the next second), which the SDK honours
 * instead of its own 1 s and 2 s back-off; `callListRequests` counts the attempts.
 */
function platformWithBrokenCallList(): Promise<{
  url: string;
  callListRequests: () => number;
  close: () => Promise<void>;
}> {
  let callListRequests = 0;
  const server = http.createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://platform').pathname;
    response.setHeader('content-type', 'application/json');
    if (path === '/assistant' || path === '/phone-number') {
      response.end('[]');
      return;
    }
    if (path === '/call') {
      callListRequests++;
      response.statusCode = 503;
      // An HTTP date has whole seconds: this one is up to a second away.
      response.setHeader('retry-after', new Date(Date.now() + 1000).toUTCString());
      response.end(JSON.stringify({ message: 'Call listing is under maintenance' }));
      return;
    }
    response.statusCode = 404;
    response.end(JSON.stringify({ message: 'Not Found' }));
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        callListRequests: () => callListRequests,
        close: () => new Promise<void>((done) => server.close(() => done())),
      });
    });
  });
}

const EXPECTED = 'Failed to fetch calls: Call listing is under maintenance (status 503)';

describe.each(oneDatabase)('"Failed to fetch calls" on %s', (target) => {
  let platform: Awaited<ReturnType<typeof platformWithBrokenCallList>>;
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  beforeAll(async () => {
    platform = await platformWithBrokenCallList();
    ctx = await buildTestApp(target, {
      VAPI_API_KEY: 'live-key-for-a-fake-platform',
      PUBLIC_URL: 'https://switchboard.example.com',
      VAPI_BASE_URL: platform.url,
      SYNC_INTERVAL_SECONDS: '3600',
    });
  });
  afterAll(async () => {
    await ctx?.close();
    await platform?.close();
  });

  it('the sync records it as its last error, and the status (what Refresh reads) says it', async () => {
    const run = await ctx.app.callSync.runNow();
    expect(run.status).toBe('failed');
    expect(run.lastError).toBe(EXPECTED);

    const member = await createBusinessWithMember(ctx.app);
    const headers = await sessionHeaders(ctx.app, member.userName);
    const refresh = await ctx.app.inject({ method: 'POST', url: '/api/platform/sync', headers });
    expect(refresh.statusCode).toBe(202);
    await ctx.app.callSync.runNow();
    const status = await ctx.app.inject({ method: 'GET', url: '/api/platform/status', headers });
    expect(status.json()).toMatchObject({ sync: { status: 'failed', lastError: EXPECTED } });
  });

  it('a live fetch of an agent’s calls (the seed’s analytics fallback) fails with it, after retries', async () => {
    const before = platform.callListRequests();
    await expect(
      fetchCallsInWindow(ctx.app.platform.client, {
        assistantId: 'a3c1b7d2-0000-4000-8000-000000000001',
        start: new Date('2026-01-01T00:00:00Z'),
        end: new Date('2026-02-01T00:00:00Z'),
      }),
    ).rejects.toMatchObject({ statusCode: 502, message: EXPECTED });
    // The SDK's two retries (platform-client.ts) were made before the error reached the user.
    expect(platform.callListRequests() - before).toBe(3);
  });
});
