import { and, eq, sql } from 'drizzle-orm';
import { executeRows, type Db } from '../../db/client';
import { businesses, callingRules, dialUsage } from '../../db/schema';

// The calling rules and the daily counters (decision 053). The counters are rows that every
// instance locks, so two instances on one PostgreSQL never hand out more than the cap.

export async function findBusinessForRules(db: Db, businessId: string) {
  const [row] = await db
    .select({
      id: businesses.id,
      name: businesses.name,
      country: businesses.country,
      timeZone: businesses.timezone,
      // Flat columns: a nested object of a left join reads as null when its first column is.
      allowedCountries: callingRules.allowedCountries,
      allowedNumberKinds: callingRules.allowedNumberKinds,
      dailyCallCap: callingRules.dailyCallCap,
      dailyMinuteCap: callingRules.dailyMinuteCap,
    })
    .from(businesses)
    .leftJoin(callingRules, eq(callingRules.businessId, businesses.id))
    .where(eq(businesses.id, businessId));
  return row;
}

export async function upsertCallingRules(
  db: Db,
  values: Omit<typeof callingRules.$inferInsert, 'updatedAt'> & { businessId: string },
): Promise<void> {
  const { businessId, ...rest } = values;
  await db
    .insert(callingRules)
    .values({ businessId, ...rest })
    .onConflictDoUpdate({
      target: callingRules.businessId,
      set: { ...rest, updatedAt: sql`now()` },
    });
}

/** Calls handed to the platform on the business's day. */
export async function callsReserved(db: Db, businessId: string, day: string): Promise<number> {
  const [row] = await db
    .select({ calls: dialUsage.calls })
    .from(dialUsage)
    .where(and(eq(dialUsage.businessId, businessId), eq(dialUsage.day, day)));
  return row?.calls ?? 0;
}

/**
 * Takes up to `wanted` calls of the day's cap and answers how many it got: the day's row is
 * locked for the transaction, so requests on any number of instances queue on it and together
 * never get more than `cap`.
 */
export async function reserveCalls(
  db: Db,
  businessId: string,
  day: string,
  wanted: number,
  cap: number,
): Promise<number> {
  if (wanted <= 0) return 0;
  return db.transaction(async (tx) => {
    await tx.insert(dialUsage).values({ businessId, day, calls: 0 }).onConflictDoNothing();
    const [row] = await tx
      .select({ calls: dialUsage.calls })
      .from(dialUsage)
      .where(and(eq(dialUsage.businessId, businessId), eq(dialUsage.day, day)))
      .for('update');
    const used = row?.calls ?? 0;
    const granted = Math.max(0, Math.min(wanted, cap - used));
    if (granted > 0) {
      await tx
        .update(dialUsage)
        .set({ calls: sql`${dialUsage.calls} + ${granted}` })
        .where(and(eq(dialUsage.businessId, businessId), eq(dialUsage.day, day)));
    }
    return granted;
  });
}

/** Gives back calls reserved but never dialled (a stopped window's). */
export async function releaseCalls(
  db: Db,
  businessId: string,
  day: string,
  count: number,
): Promise<void> {
  if (count <= 0) return;
  await db
    .update(dialUsage)
    .set({ calls: sql`greatest(${dialUsage.calls} - ${count}, 0)` })
    .where(and(eq(dialUsage.businessId, businessId), eq(dialUsage.day, day)));
}

/**
 * Minutes of the business's ended outbound calls created in [start, end): its agents' calls
 * and its squads' calls without an agent, as the business-wide call log counts them.
 */
export async function outboundMinutes(
  db: Db,
  businessId: string,
  start: Date,
  end: Date,
): Promise<number> {
  const [row] = await executeRows<{ seconds: number | string | null }>(
    db,
    sql`select coalesce(sum(c.duration_seconds), 0) as seconds from calls c
        where c.call_type = 'outbound'
          and c.created_at >= ${start.toISOString()}::timestamptz
          and c.created_at < ${end.toISOString()}::timestamptz
          and (c.assistant_id in (select a.platform_assistant_id from agents a
                                  where a.business_id = ${businessId})
            or (c.assistant_id is null and c.squad_id in (
                  select s.platform_id from platform_resources s
                  where s.kind = 'squad' and s.business_id = ${businessId})))`,
  );
  return Number(row?.seconds ?? 0) / 60;
}
