import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactImports } from '../../db/schema';
import {
  buildTestApp,
  createBusinessWithMember,
  databaseTargets,
  sessionHeaders,
} from '../../test/test-app';
import { DEMO_ADMIN, DEMO_MEMBER } from '../auth/demo-accounts';
import {
  IMPORT_QUEUE_METRIC,
  OUTBOX_DEPTH_METRIC,
  REQUEST_DURATION_METRIC,
  SYNC_LAG_METRIC,
  type Metrics,
} from './metrics';
import { startMetricsServer, type MetricsServer } from './metrics-server';

/** The value of one sample in Prometheus text format, e.g. `name{a="b"} 3`; undefined if absent. */
function sample(exposition: string, name: string, labels = ''): number | undefined {
  const prefix = labels ? `${name}{${labels}} ` : `${name} `;
  const line = exposition.split('\n').find((l) => l.startsWith(prefix));
  if (line === undefined) return undefined;
  const value = line.slice(prefix.length).trim();
  // prom-client writes +Inf and Nan (Number reads the latter as NaN too).
  return value === '+Inf' ? Infinity : Number(value);
}

describe.each(databaseTargets)('metrics on %s', (target) => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let admin: Record<string, string>;

  beforeAll(async () => {
    ctx = await buildTestApp(target, { SANDBOX_CALLS: '0' });
    admin = await sessionHeaders(ctx.app, DEMO_ADMIN.userName);
  });
  afterAll(() => ctx?.close());

  const scrape = async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/admin/metrics', headers: admin });
    expect(res.statusCode).toBe(200);
    return res;
  };

  it('gives an admin the exposition format with request latency by route pattern', async () => {
    for (let i = 0; i < 3; i += 1) {
      expect((await ctx.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(
        200,
      );
    }
    const member = await sessionHeaders(ctx.app, DEMO_MEMBER.userName);
    const missing = '/api/contacts/00000000-0000-4000-8000-00000000abcd';
    expect(
      (await ctx.app.inject({ method: 'GET', url: missing, headers: member })).statusCode,
    ).toBe(404);
    await ctx.app.inject({ method: 'GET', url: '/api/no-such-route-xyz' });

    const res = await scrape();
    expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
    const text = res.body;
    expect(text).toContain(`# TYPE ${REQUEST_DURATION_METRIC} histogram`);
    expect(
      sample(
        text,
        `${REQUEST_DURATION_METRIC}_count`,
        'method="GET",route="/api/health/live",status_class="2xx"',
      ),
    ).toBe(3);
    // The pattern, never the raw URL: ids and unknown paths would make series without end.
    expect(
      sample(
        text,
        `${REQUEST_DURATION_METRIC}_count`,
        'method="GET",route="/api/contacts/:id",status_class="4xx"',
      ),
    ).toBe(1);
    expect(
      sample(
        text,
        `${REQUEST_DURATION_METRIC}_count`,
        'method="GET",route="unmatched",status_class="4xx"',
      ),
    ).toBe(1);
    expect(text).not.toContain('00000000abcd');
    expect(text).not.toContain('no-such-route-xyz');
    // Default process metrics.
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('nodejs_heap_size_used_bytes');
  });

  it('reads the sync lag at scrape time: +Inf before the first sync, seconds after it', async () => {
    expect(sample((await scrape()).body, SYNC_LAG_METRIC)).toBe(Infinity);
    const state = await ctx.app.callSync.runNow();
    expect(state.status).toBe('idle');
    const lag = sample((await scrape()).body, SYNC_LAG_METRIC);
    expect(lag).toBeGreaterThanOrEqual(0);
    expect(lag).toBeLessThan(60);
  });

  it('counts the mail outbox and the contact import queue at scrape time', async () => {
    const before = (await scrape()).body;
    const queuedBefore = sample(before, OUTBOX_DEPTH_METRIC, 'status="queued"');
    expect(queuedBefore).toBeGreaterThanOrEqual(0);
    expect(sample(before, IMPORT_QUEUE_METRIC, 'status="queued"')).toBe(0);
    expect(sample(before, IMPORT_QUEUE_METRIC, 'status="running"')).toBe(0);

    for (const to of ['a@example.com', 'b@example.com']) {
      await ctx.app.mail.enqueue({ to, subject: 'Hello', text: 'Hi', kind: 'test' });
    }
    const { businessId } = await createBusinessWithMember(ctx.app);
    const file = { businessId, fileName: 'list.csv', fileType: 'csv', fileSize: 10 };
    await ctx.app.database.db.insert(contactImports).values([
      { ...file, status: 'queued' },
      { ...file, status: 'queued' },
      { ...file, status: 'running' },
      { ...file, status: 'completed' },
    ]);

    const after = (await scrape()).body;
    expect(sample(after, OUTBOX_DEPTH_METRIC, 'status="queued"')).toBe(queuedBefore! + 2);
    expect(sample(after, IMPORT_QUEUE_METRIC, 'status="queued"')).toBe(2);
    expect(sample(after, IMPORT_QUEUE_METRIC, 'status="running"')).toBe(1);
  });

  it('refuses a member (403) and an anonymous caller (401)', async () => {
    const asMember = await ctx.app.inject({
      method: 'GET',
      url: '/api/admin/metrics',
      headers: await sessionHeaders(ctx.app, DEMO_MEMBER.userName),
    });
    expect(asMember.statusCode).toBe(403);
    expect(asMember.body).not.toContain(REQUEST_DURATION_METRIC);
    const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/admin/metrics' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.body).not.toContain(REQUEST_DURATION_METRIC);
  });
});

describe('the metrics listener (METRICS_PORT)', () => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let listener: MetricsServer;
  let metricsUrl: string;

  beforeAll(async () => {
    ctx = await buildTestApp('pglite', { SANDBOX_CALLS: '0' });
    listener = await startMetricsServer(ctx.app.metrics, { host: '127.0.0.1', port: 0 });
    expect(listener.address.address).toBe('127.0.0.1');
    metricsUrl = `http://127.0.0.1:${listener.address.port}`;
  });
  afterAll(async () => {
    await listener?.close();
    await ctx?.close();
  });

  it('serves the metrics without a session, and nothing else', async () => {
    await ctx.app.inject({ method: 'GET', url: '/api/health/live' });
    const res = await fetch(`${metricsUrl}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
    const text = await res.text();
    expect(
      sample(
        text,
        `${REQUEST_DURATION_METRIC}_count`,
        'method="GET",route="/api/health/live",status_class="2xx"',
      ),
    ).toBe(1);
    expect(sample(text, OUTBOX_DEPTH_METRIC, 'status="queued"')).toBeGreaterThanOrEqual(0);

    expect((await fetch(`${metricsUrl}/api/health`)).status).toBe(404);
    expect((await fetch(`${metricsUrl}/metrics`, { method: 'POST' })).status).toBe(405);
  });

  it('answers 503 with Retry-After when the metrics cannot be gathered', async () => {
    const failing = { expose: () => Promise.reject(new Error('registry failed')) };
    const broken = await startMetricsServer(failing as unknown as Metrics, {
      host: '127.0.0.1',
      port: 0,
    });
    try {
      const res = await fetch(`http://127.0.0.1:${broken.address.port}/metrics`);
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      await res.text();
    } finally {
      await broken.close();
    }
  });

  it('holds its port from the start and answers 503 until the app is built', async () => {
    let built: Metrics | undefined;
    const early = await startMetricsServer(() => built, { host: '127.0.0.1', port: 0 });
    try {
      const before = await fetch(`http://127.0.0.1:${early.address.port}/metrics`);
      expect(before.status).toBe(503);
      expect(before.headers.get('retry-after')).toBe('5');
      await before.text();
      built = ctx.app.metrics;
      const after = await fetch(`http://127.0.0.1:${early.address.port}/metrics`);
      expect(after.status).toBe(200);
      expect(await after.text()).toContain('process_cpu_user_seconds_total');
    } finally {
      await early.close();
    }
  });

  // Last: it closes the database under the app.
  it('still answers with the process metrics when the database is down', async () => {
    const database = ctx.app.database;
    await database.close();
    // The app's own shutdown closes it again; once is enough.
    database.close = async () => undefined;

    const res = await fetch(`${metricsUrl}/metrics`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(sample(text, OUTBOX_DEPTH_METRIC, 'status="queued"')).toBeUndefined();
    expect(sample(text, IMPORT_QUEUE_METRIC, 'status="queued"')).toBeUndefined();
    // Unknown, never a healthy-looking 0.
    expect(sample(text, SYNC_LAG_METRIC)).toBeNaN();
  });

  it('stops listening when closed', async () => {
    await listener.close();
    await expect(fetch(`${metricsUrl}/metrics`)).rejects.toThrow();
  });
});
