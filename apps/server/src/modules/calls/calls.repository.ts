import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { calls } from '../../db/schema';
import type { CallRecord } from '../../platform/call-record';

/**
 * Inserts or updates calls by id. Newer data wins: a row is only replaced by a version whose
 * updatedAt is the same or later, so a late or repeated webhook never rolls a call back, and
 * the same report twice leaves one row. Returns how many rows were written.
 */
export async function upsertCalls(db: Db, records: CallRecord[]): Promise<number> {
  if (records.length === 0) return 0;
  // One statement cannot touch the same row twice: keep the newest copy of each id.
  const newest = new Map<string, CallRecord>();
  for (const record of records) {
    const seen = newest.get(record.id);
    if (!seen || record.updatedAt >= seen.updatedAt) newest.set(record.id, record);
  }
  const written = await db
    .insert(calls)
    .values([...newest.values()])
    .onConflictDoUpdate({
      target: calls.id,
      set: {
        assistantId: sql`excluded.assistant_id`,
        phoneNumberId: sql`excluded.phone_number_id`,
        type: sql`excluded.type`,
        status: sql`excluded.status`,
        endedReason: sql`excluded.ended_reason`,
        successEvaluation: sql`excluded.success_evaluation`,
        customerNumber: sql`excluded.customer_number`,
        startedAt: sql`excluded.started_at`,
        endedAt: sql`excluded.ended_at`,
        cost: sql`excluded.cost`,
        // Once a test call, always a test call (a later sync copy does not know it was ours).
        isTest: sql`${calls.isTest} or excluded.is_test`,
        createdAt: sql`excluded.created_at`,
        updatedAt: sql`excluded.updated_at`,
        payload: sql`excluded.payload`,
        ingestedAt: sql`now()`,
      },
      setWhere: sql`excluded.updated_at >= ${calls.updatedAt}`,
    })
    .returning({ id: calls.id });
  return written.length;
}
