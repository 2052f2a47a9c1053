import {
  CALL_DURATION_CASES,
  CALL_OUTCOME_CASES,
  CALL_TRANSFER_CASES,
} from '@switchboard/shared/calls.cases';
import { eq, inArray } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { calls } from '../../db/schema';
import { toCallRecord, type CallRecord } from '../../platform/call-record';
import { appForSuite, databaseTargets } from '../../test/test-app';
import { endedInboundCall } from '../../test/platform-calls';
import { ingestCalls } from '../call-ingest/call-ingest.service';

const START = Date.parse('2026-03-05T14:07:00.000Z');

function platformCall(id: string, overrides: Record<string, unknown> = {}) {
  return endedInboundCall(id, {
    createdAt: '2026-03-05T14:06:55.000Z',
    updatedAt: '2026-03-05T14:10:00.000Z',
    customer: { number: '+1 (555) 222-3333' },
    ...overrides,
  });
}

describe.each(databaseTargets)('call store on %s', (target) => {
  const ctx = appForSuite(target);

  /** Ingests the records and answers one column of each stored row, by call id. */
  async function ingestedColumn<C extends AnyPgColumn>(records: CallRecord[], column: C) {
    await ingestCalls(ctx.app.database.db, records);
    const rows = await ctx.app.database.db
      .select({ id: calls.id, value: column })
      .from(calls)
      .where(
        inArray(
          calls.id,
          records.map((r) => r.id),
        ),
      );
    return new Map(rows.map((r) => [r.id, r.value]));
  }

  it('derives outcome in SQL exactly as the shared success rule does', async () => {
    const records = CALL_OUTCOME_CASES.map(([, input], i) =>
      toCallRecord(
        platformCall(`outcome-${i}`, {
          endedReason: input.endedReason,
          analysis:
            input.successEvaluation === undefined
              ? {}
              : { successEvaluation: input.successEvaluation },
          startedAt: input.durationSeconds == null ? undefined : new Date(START).toISOString(),
          endedAt:
            input.durationSeconds == null
              ? undefined
              : new Date(START + input.durationSeconds * 1000).toISOString(),
        }),
      ),
    );
    const byId = await ingestedColumn(records, calls.outcome);
    const mismatches = CALL_OUTCOME_CASES.filter(
      ([, , expected], i) => byId.get(`outcome-${i}`) !== expected,
    ).map(([label]) => label);
    expect(mismatches).toEqual([]);
  });

  it('derives transferred in SQL exactly as the shared transfer rule does', async () => {
    const records = CALL_TRANSFER_CASES.map(([endedReason], i) =>
      toCallRecord(platformCall(`transfer-${i}`, { endedReason })),
    );
    const byId = await ingestedColumn(records, calls.transferred);
    const mismatches = CALL_TRANSFER_CASES.filter(
      ([, expected], i) => byId.get(`transfer-${i}`) !== expected,
    ).map(([reason]) => reason);
    expect(mismatches).toEqual([]);
  });

  it('derives duration_seconds in SQL exactly as callDurationSeconds does', async () => {
    const records = CALL_DURATION_CASES.map(([, payload], i) =>
      toCallRecord(platformCall(`duration-${i}`, payload)),
    );
    const byId = await ingestedColumn(records, calls.durationSeconds);
    expect(byId.size).toBe(CALL_DURATION_CASES.length);
    const mismatches = CALL_DURATION_CASES.filter(
      ([, , expected], i) => byId.get(`duration-${i}`) !== expected,
    ).map(([label]) => label);
    expect(mismatches).toEqual([]);
  });

  it('derives duration, call type and customer digits', async () => {
    await ingestCalls(ctx.app.database.db, [
      toCallRecord(
        platformCall('derived-1', {
          type: 'outboundPhoneCall',
          startedAt: '2026-03-05T14:07:00.000Z',
          endedAt: '2026-03-05T14:09:05.500Z',
        }),
      ),
      toCallRecord(platformCall('derived-2', { type: 'vapi.websocketCall', customer: null })),
    ]);
    const rows = await ctx.app.database.db
      .select({
        id: calls.id,
        durationSeconds: calls.durationSeconds,
        callType: calls.callType,
        customerDigits: calls.customerDigits,
      })
      .from(calls)
      .where(inArray(calls.id, ['derived-1', 'derived-2']))
      .orderBy(calls.id);
    expect(rows).toEqual([
      {
        id: 'derived-1',
        durationSeconds: 125.5,
        callType: 'outbound',
        customerDigits: '15552223333',
      },
      { id: 'derived-2', durationSeconds: null, callType: 'web', customerDigits: null },
    ]);
  });

  it('keeps one row per call and lets only newer data replace it', async () => {
    const db = ctx.app.database.db;
    const v1 = platformCall('upsert-1', {
      status: 'in-progress',
      updatedAt: '2026-03-05T14:08:00.000Z',
    });
    const v2 = platformCall('upsert-1', {
      status: 'ended',
      endedReason: 'customer-ended-call',
      updatedAt: '2026-03-05T14:10:00.000Z',
    });
    expect(await ingestCalls(db, [toCallRecord(v1)])).toBe(1);
    expect(await ingestCalls(db, [toCallRecord(v2)])).toBe(1);
    // The same report again: still one row, same content.
    expect(await ingestCalls(db, [toCallRecord(v2)])).toBe(1);
    // A stale copy arriving late changes nothing.
    expect(await ingestCalls(db, [toCallRecord(v1)])).toBe(0);
    const rows = await db.select().from(calls).where(eq(calls.id, 'upsert-1'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'ended', endedReason: 'customer-ended-call' });
  });

  it('keeps the newest copy when one batch holds the same call twice', async () => {
    const db = ctx.app.database.db;
    await ingestCalls(db, [
      toCallRecord(
        platformCall('batch-1', { status: 'ended', updatedAt: '2026-03-05T14:10:00.000Z' }),
      ),
      toCallRecord(
        platformCall('batch-1', { status: 'ringing', updatedAt: '2026-03-05T14:07:00.000Z' }),
      ),
    ]);
    const rows = await db
      .select({ status: calls.status })
      .from(calls)
      .where(eq(calls.id, 'batch-1'));
    expect(rows).toEqual([{ status: 'ended' }]);
  });

  it('refuses a payload that is not a call', () => {
    expect(() => toCallRecord({ id: 'x' })).toThrow(/createdAt/);
    expect(() => toCallRecord({ id: 'x', createdAt: 'yesterday' })).toThrow(/not a date/);
  });
});
