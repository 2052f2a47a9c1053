import { sql, type SQL } from 'drizzle-orm';
import { DURATION_BUCKETS } from '@switchboard/shared/analytics';
import { executeRows, type Db } from '../db/client';

/**
 * The rollups (call_rollups, call_rollup_reasons) as they are stored, and as a recount of the
 * calls says they should be, written independently of the migration's trigger functions: the
 * zone from the agent's business (UTC without one), the buckets from DURATION_BUCKETS, the
 * counted-call rule as the seed states it. Sums are numeric with trailing zeros trimmed, so
 * the two sides compare exactly as text.
 */
export async function storedAndRecountedRollups(db: Db): Promise<{
  stored: { hours: unknown[]; reasons: unknown[] };
  recounted: { hours: unknown[]; reasons: unknown[] };
}> {
  const bucket = (n: number): SQL => {
    const b = DURATION_BUCKETS[n]!;
    const upper = b.to === null ? sql`` : sql` and duration_seconds < ${sql.raw(String(b.to))}`;
    return sql`count(*) filter (where counted and duration_seconds >= ${sql.raw(String(b.from))}${upper})::int`;
  };
  const money = (column: string): SQL =>
    sql`trim_scale(coalesce(sum(${sql.raw(column)}::numeric) filter (where counted), 0))::text`;
  const facts = sql`with f as (
      select c.*, coalesce(b.timezone, 'UTC') as zone,
             c.created_at at time zone coalesce(b.timezone, 'UTC') as local,
             (c.status = 'ended' and c.duration_seconds is not null and c.cost is not null) as counted
      from calls c
      left join agents a on a.platform_assistant_id = c.assistant_id
      left join businesses b on b.id = a.business_id
      where c.assistant_id is not null
    )`;
  const [storedHours, storedReasons, recountedHours, recountedReasons] = await Promise.all([
    executeRows(
      db,
      sql`select assistant_id, time_zone, to_char(day, 'YYYY-MM-DD') as day, hour::int as hour,
                 is_test, all_calls, all_passed, all_transferred, calls, passed,
                 trim_scale(seconds)::text as seconds, trim_scale(spend)::text as spend,
                 inbound, outbound, web, array[d0, d1, d2, d3, d4, d5, d6] as buckets,
                 trim_scale(cost_transport)::text as transport, trim_scale(cost_stt)::text as stt,
                 trim_scale(cost_llm)::text as llm, trim_scale(cost_tts)::text as tts,
                 trim_scale(cost_vapi)::text as vapi
          from call_rollups order by 1, 2, 3, 4, 5`,
    ),
    executeRows(
      db,
      sql`select assistant_id, time_zone, to_char(day, 'YYYY-MM-DD') as day, is_test,
                 ended_reason, calls
          from call_rollup_reasons order by 1, 2, 3, 4, 5`,
    ),
    executeRows(
      db,
      sql`${facts}
          select assistant_id, zone as time_zone, to_char(local, 'YYYY-MM-DD') as day,
                 extract(hour from local)::int as hour, is_test,
                 count(*)::int as all_calls,
                 count(*) filter (where outcome = 'pass')::int as all_passed,
                 count(*) filter (where transferred)::int as all_transferred,
                 count(*) filter (where counted)::int as calls,
                 count(*) filter (where counted and outcome = 'pass')::int as passed,
                 ${money('duration_seconds')} as seconds, ${money('cost')} as spend,
                 count(*) filter (where counted and call_type = 'inbound')::int as inbound,
                 count(*) filter (where counted and call_type = 'outbound')::int as outbound,
                 count(*) filter (where counted and call_type = 'web')::int as web,
                 array[${sql.join(
                   DURATION_BUCKETS.map((_, n) => bucket(n)),
                   sql`, `,
                 )}] as buckets,
                 ${money('cost_transport')} as transport, ${money('cost_stt')} as stt,
                 ${money('cost_llm')} as llm, ${money('cost_tts')} as tts,
                 ${money('cost_vapi')} as vapi
          from f group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`,
    ),
    executeRows(
      db,
      sql`${facts}
          select assistant_id, zone as time_zone, to_char(local, 'YYYY-MM-DD') as day, is_test,
                 ended_reason, count(*)::int as calls
          from f where counted group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`,
    ),
  ]);
  return {
    stored: { hours: storedHours, reasons: storedReasons },
    recounted: { hours: recountedHours, reasons: recountedReasons },
  };
}
