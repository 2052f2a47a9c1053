import { eq, sql } from 'drizzle-orm';
import { executeRows, type Db } from '../../db/client';
import { businesses, digestSubscriptions, users } from '../../db/schema';

/** Every user who chose a digest, with their business's name and zone. */
export async function listSubscriptions(db: Db) {
  return db
    .select({
      userId: users.id,
      email: users.email,
      name: users.name,
      frequency: digestSubscriptions.frequency,
      since: digestSubscriptions.since,
      businessId: businesses.id,
      businessName: businesses.name,
      timeZone: businesses.timezone,
    })
    .from(digestSubscriptions)
    .innerJoin(users, eq(users.id, digestSubscriptions.userId))
    .innerJoin(businesses, eq(businesses.id, users.businessId));
}

export async function findSubscription(db: Db, userId: string) {
  const [row] = await db
    .select()
    .from(digestSubscriptions)
    .where(eq(digestSubscriptions.userId, userId));
  return row;
}

/** Chooses a frequency; `since` moves only when it changes (the first digest is the next period). */
export async function saveSubscription(
  db: Db,
  userId: string,
  frequency: 'daily' | 'weekly',
  now: Date,
) {
  await db
    .insert(digestSubscriptions)
    .values({ userId, frequency, since: now })
    .onConflictDoUpdate({
      target: digestSubscriptions.userId,
      set: {
        frequency,
        since: sql`case when ${digestSubscriptions.frequency} = excluded.frequency then ${digestSubscriptions.since} else excluded.since end`,
      },
    });
}

export async function deleteSubscription(db: Db, userId: string) {
  await db.delete(digestSubscriptions).where(eq(digestSubscriptions.userId, userId));
}

export type BucketRow = {
  bucket: string;
  calls: number;
  passed: number;
  seconds: number;
  spend: number;
};

/**
 * The business's counted, non-test calls of local days [from, to] from its agents' hourly rollups
 * (decision 028), per day or per local hour.
 */
export async function periodBuckets(
  db: Db,
  businessId: string,
  timeZone: string,
  from: string,
  to: string,
  by: 'day' | 'hour',
): Promise<BucketRow[]> {
  const bucket = by === 'day' ? sql`to_char(r.day, 'YYYY-MM-DD')` : sql`r.hour::text`;
  const rows = await executeRows<Record<string, unknown>>(
    db,
    sql`select ${bucket} as bucket, sum(r.calls)::int as calls, sum(r.passed)::int as passed,
               sum(r.seconds)::double precision as seconds, sum(r.spend)::double precision as spend
        from call_rollups r
        where r.assistant_id in (select platform_assistant_id from agents where business_id = ${businessId})
          and r.time_zone = ${timeZone} and not r.is_test
          and r.day >= ${from}::date and r.day <= ${to}::date
        group by 1`,
  );
  return rows.map((row) => ({
    bucket: String(row.bucket),
    calls: Number(row.calls),
    passed: Number(row.passed),
    seconds: Number(row.seconds ?? 0),
    spend: Number(row.spend ?? 0),
  }));
}

/** Enquiries and bookings the business's agents produced in [start, end), and what waits. */
export async function periodOutcomes(db: Db, businessId: string, start: Date, end: Date) {
  const [row] = await executeRows<Record<string, unknown>>(
    db,
    sql`select
          (select count(*) from enquiries e where e.business_id = ${businessId} and not e.is_test
             and e.created_at >= ${start.toISOString()}::timestamptz
             and e.created_at < ${end.toISOString()}::timestamptz)::int as enquiries,
          (select count(*) from appointments a where a.business_id = ${businessId} and not a.is_test
             and a.call_id is not null
             and a.created_at >= ${start.toISOString()}::timestamptz
             and a.created_at < ${end.toISOString()}::timestamptz)::int as bookings,
          (select count(*) from enquiries e where e.business_id = ${businessId} and not e.is_test
             and not e.is_read)::int as unread`,
  );
  return {
    enquiries: Number(row?.enquiries ?? 0),
    bookings: Number(row?.bookings ?? 0),
    unread: Number(row?.unread ?? 0),
  };
}

/** The business's alerts that are firing now (the owners' own), in their words. */
export async function firingAlerts(db: Db, businessId: string) {
  return executeRows<{ kind: string; params: unknown; agent_name: string | null }>(
    db,
    sql`select r.kind, r.params, a.name as agent_name from alert_rules r
        left join agents a on a.platform_assistant_id = r.agent_id
        where r.business_id = ${businessId} and r.audience = 'owners' and r.enabled
          and r.state = 'firing'
        order by r.state_since`,
  );
}
