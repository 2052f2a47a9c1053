import { sql, type SQL } from 'drizzle-orm';
import { DURATION_BUCKETS } from '@switchboard/shared/analytics';

// SQL pieces every figure over the calls table shares: the analytics, the agent list's last 7
// days and the alerts' conditions (a lower layer, so none of them imports another's module).

/**
 * The calls every figure counts, as the seed's analytics do: ended calls with a known duration
 * and cost. `alias` is the calls table's alias in the surrounding query.
 */
export function countedCall(alias: SQL): SQL {
  return sql`${alias}.status = 'ended' and ${alias}.duration_seconds is not null and ${alias}.cost is not null`;
}

/** Index of the DURATION_BUCKETS entry a duration (seconds) falls in. */
// The bucket bounds are our own constants, written into the SQL as literals (a parameter in a
// CASE arm would leave its type for PostgreSQL to guess).
export function durationBucket(column: SQL): SQL {
  const cases = DURATION_BUCKETS.map((bucket, index) =>
    bucket.to === null
      ? null
      : sql`when ${column} < ${sql.raw(String(bucket.to))} then ${sql.raw(String(index))}`,
  ).filter((part): part is SQL => part !== null);
  return sql`(case ${sql.join(cases, sql` `)} else ${sql.raw(String(DURATION_BUCKETS.length - 1))} end)`;
}

/**
 * The hour of `now` in the zone, as a local timestamp (`local_hour`) and the instant it begins
 * at the earliest (`tail_from`, three hours back: a clock change moves a local hour by one at
 * most), for the queries that add the rollups of the hours before it to the calls of this one.
 */
export function currentLocalHour(now: Date, timeZone: SQL): { localHour: SQL; tailFrom: SQL } {
  const localHour = sql`date_trunc('hour', ${now.toISOString()}::timestamptz at time zone ${timeZone})`;
  return {
    localHour,
    tailFrom: sql`((${localHour}) at time zone ${timeZone}) - interval '3 hours'`,
  };
}
