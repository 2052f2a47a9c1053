import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { calls } from '../db/schema';
import { ingestCalls } from '../modules/call-ingest/call-ingest.service';
import { appForSuite, oneDatabase } from '../test/test-app';
import { endedInboundCall } from '../test/platform-calls';
import { toCallRecord } from './call-record';

const SECRET = 'whsec-merge-0123456789';
const T1 = '2026-11-22T10:02:45.000Z';
const T2 = '2026-11-22T10:05:00.000Z';

/** The call as the platform lists it to a sync after it ended (no analysis yet). */
function syncedCall(id: string) {
  return endedInboundCall(id, {
    endedReason: 'silence-timed-out',
    createdAt: '2026-11-22T10:00:00.000Z',
    updatedAt: T2,
    startedAt: '2026-11-22T10:00:01.000Z',
    endedAt: '2026-11-22T10:02:41.000Z',
    customer: { number: '+15552223333' },
    monitor: { note: 'only the newer copy has this' },
  });
}

describe.each(oneDatabase)('a late end-of-call report on %s', (target) => {
  const ctx = appForSuite(target, { VAPI_WEBHOOK_SECRET: SECRET, SANDBOX_CALLS: '0' });

  const post = (message: Record<string, unknown>) =>
    ctx.app.inject({
      method: 'POST',
      url: '/api/platform/webhook',
      payload: { message },
      headers: { 'x-vapi-secret': SECRET },
    });
  const stored = async (id: string) =>
    (await ctx.app.database.db.select().from(calls).where(eq(calls.id, id)))[0];

  it('keeps the report’s analysis, cost and ended reason when a sync stored a newer copy', async () => {
    // What the sync does with a listed call.
    await ingestCalls(ctx.app.database.db, [toCallRecord(syncedCall('merge-1'))]);
    const res = await post({
      type: 'end-of-call-report',
      timestamp: Date.parse(T1),
      endedReason: 'customer-ended-call',
      cost: 0.42,
      costs: [{ type: 'model', cost: 0.12 }],
      costBreakdown: { llm: 0.12, total: 0.42 },
      analysis: { successEvaluation: 'true', summary: 'Booked a cleaning.' },
      artifact: { transcript: 'AI: Hello\nUser: Hi' },
      call: { ...syncedCall('merge-1'), status: 'ended', updatedAt: T1, monitor: undefined },
    });
    expect(res.statusCode).toBe(200);
    const row = await stored('merge-1');
    expect(row).toMatchObject({
      status: 'ended',
      endedReason: 'customer-ended-call',
      successEvaluation: 'true',
      outcome: 'pass',
      cost: 0.42,
    });
    expect(row?.updatedAt.toISOString()).toBe(T2);
    expect(row?.payload).toMatchObject({
      analysis: { summary: 'Booked a cleaning.' },
      artifact: { transcript: 'AI: Hello\nUser: Hi' },
      costs: [{ type: 'model', cost: 0.12 }],
      costBreakdown: { llm: 0.12 },
      // The newer copy's own fields stay.
      monitor: { note: 'only the newer copy has this' },
      updatedAt: T2,
    });
  });

  it('never lets a stale status update overwrite the newer copy', async () => {
    await ingestCalls(ctx.app.database.db, [toCallRecord(syncedCall('merge-2'))]);
    const res = await post({
      type: 'status-update',
      status: 'in-progress',
      endedReason: 'pipeline-error-openai-llm-failed',
      timestamp: Date.parse(T1),
      call: { ...syncedCall('merge-2'), status: 'in-progress', updatedAt: T1 },
    });
    expect(res.statusCode).toBe(200);
    expect(await stored('merge-2')).toMatchObject({
      status: 'ended',
      endedReason: 'silence-timed-out',
    });
  });

  it('stores a report the normal way when its copy is the newest', async () => {
    await ingestCalls(ctx.app.database.db, [
      toCallRecord({ ...syncedCall('merge-3'), updatedAt: T1, status: 'in-progress' }),
    ]);
    const res = await post({
      type: 'end-of-call-report',
      endedReason: 'customer-ended-call',
      analysis: { successEvaluation: 'false' },
      call: syncedCall('merge-3'),
    });
    expect(res.statusCode).toBe(200);
    const row = await stored('merge-3');
    expect(row).toMatchObject({ status: 'ended', successEvaluation: 'false' });
    expect(row?.updatedAt.toISOString()).toBe(T2);
  });
});
