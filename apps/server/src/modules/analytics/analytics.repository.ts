import { sql, type SQL } from 'drizzle-orm';
import { executeRows, type Db } from '../../db/client';
import { eachDay } from '@switchboard/shared/date-range';
import { countedCall, durationBucket } from './analytics.sql';

/**
 * Analytics over our call store. Every query reads one agent's calls in [start, end) through
 * calls_assistant_analytics_idx (or, for the breakdowns, its range scan), and buckets days and
 * hours in the given IANA zone with PostgreSQL's own time-zone rules.
 */

/** The instant each calendar date begins in the zone (midnight, or the first instant after a gap). */
export async function zoneMidnights(db: Db, dates: string[], timeZone: string): Promise<Date[]> {
  if (dates.length === 0) return [];
  const columns = dates.map(
    (date, n) =>
      sql`((${date}::date)::timestamp at time zone ${timeZone}) as ${sql.identifier(`d${n}`)}`,
  );
  const [row] = await executeRows<Record<string, string | Date>>(
    db,
    sql`select ${sql.join(columns, sql`, `)}`,
  );
  return dates.map((_, n) => new Date(row?.[`d${n}`] ?? Number.NaN));
}

export type CallWindow = {
  assistantId: string;
  start: Date;
  end: Date;
  timeZone: string;
  /** Whether calls started from "Talk to agent" (calls.is_test) count. */
  includeTest: boolean;
};

function inWindow(window: CallWindow): SQL {
  return sql`c.assistant_id = ${window.assistantId}
    and c.created_at >= ${window.start.toISOString()}::timestamptz
    and c.created_at < ${window.end.toISOString()}::timestamptz
    and ${countedCall(sql`c`)}${window.includeTest ? sql`` : sql` and not c.is_test`}`;
}

function localDay(window: CallWindow): SQL {
  return sql`to_char(c.created_at at time zone ${window.timeZone}, 'YYYY-MM-DD')`;
}

export type DailyRow = {
  day: string;
  calls: number;
  seconds: number;
  spend: number;
  passed: number;
};

/**
 * Per local day of [from, to]: calls, seconds, spend (exact sums; rounding is the caller's)
 * and passes. One index-only range scan over the whole window; each call finds its day by a
 * binary search of the days' start instants (width_bucket), so there is no per-row zone
 * conversion and no sort — a hash aggregate of at most 366 groups. (bench/README.md: a
 * `group by to_char(created_at at time zone …)` took ~40 ms for 50,000 calls on PostgreSQL.)
 */
export async function dailyFigures(
  db: Db,
  window: CallWindow & { from: string; to: string },
): Promise<DailyRow[]> {
  const rows = await executeRows<Record<string, unknown>>(
    db,
    sql`with days as (
          select array_agg((g.day at time zone ${window.timeZone}) order by g.day) as starts
          from generate_series(${window.from}::date::timestamp, ${window.to}::date::timestamp,
                               interval '1 day') as g(day)
        )
        select width_bucket(c.created_at, days.starts) as bucket, count(*)::int as calls,
               sum(c.duration_seconds)::double precision as seconds,
               sum(c.cost)::double precision as spend,
               (count(*) filter (where c.outcome = 'pass'))::int as passed
        from calls c, days
        where ${inWindow(window)}
        group by 1`,
  );
  const days = eachDay(window.from, window.to);
  return rows.flatMap((row) => {
    // width_bucket: 1 for the first day, 0 before it (never, inside the window).
    const day = days[Number(row.bucket) - 1];
    return day
      ? [
          {
            day,
            calls: Number(row.calls),
            seconds: Number(row.seconds ?? 0),
            spend: Number(row.spend ?? 0),
            passed: Number(row.passed),
          },
        ]
      : [];
  });
}

export type BreakdownRows = {
  reasons: { reason: string | null; calls: number }[];
  types: { type: string; calls: number }[];
  days: { day: string; calls: number; passed: number }[];
  hours: { hour: number; calls: number }[];
  buckets: { bucket: number; calls: number }[];
  costs: { transport: number; stt: number; llm: number; tts: number; vapi: number };
};

/**
 * The statistics screen's figures in one scan of the agent's calls: GROUPING SETS gives the
 * counts by end reason, type, day, hour and duration bucket, and the cost totals, together.
 */
export async function breakdownFigures(db: Db, window: CallWindow): Promise<BreakdownRows> {
  const rows = await executeRows<Record<string, unknown>>(
    db,
    sql`with t as (
          select c.ended_reason, c.call_type, ${localDay(window)} as day,
                 extract(hour from c.created_at at time zone ${window.timeZone})::int as hour,
                 ${durationBucket(sql`c.duration_seconds`)} as bucket,
                 c.outcome, c.cost_transport, c.cost_stt, c.cost_llm, c.cost_tts, c.cost_vapi
          from calls c where ${inWindow(window)}
        )
        select grouping(ended_reason) as g_reason, grouping(call_type) as g_type,
               grouping(day) as g_day, grouping(hour) as g_hour, grouping(bucket) as g_bucket,
               ended_reason, call_type, day, hour, bucket,
               count(*)::int as calls,
               (count(*) filter (where outcome = 'pass'))::int as passed,
               coalesce(sum(cost_transport), 0)::double precision as transport,
               coalesce(sum(cost_stt), 0)::double precision as stt,
               coalesce(sum(cost_llm), 0)::double precision as llm,
               coalesce(sum(cost_tts), 0)::double precision as tts,
               coalesce(sum(cost_vapi), 0)::double precision as vapi
        from t
        group by grouping sets ((ended_reason), (call_type), (day), (hour), (bucket), ())`,
  );
  const result: BreakdownRows = {
    reasons: [],
    types: [],
    days: [],
    hours: [],
    buckets: [],
    costs: { transport: 0, stt: 0, llm: 0, tts: 0, vapi: 0 },
  };
  for (const row of rows) {
    const calls = Number(row.calls);
    // grouping(x) is 0 when the row is grouped by x.
    if (Number(row.g_reason) === 0) {
      result.reasons.push({ reason: (row.ended_reason as string | null) ?? null, calls });
    } else if (Number(row.g_type) === 0) {
      result.types.push({ type: String(row.call_type), calls });
    } else if (Number(row.g_day) === 0) {
      result.days.push({ day: String(row.day), calls, passed: Number(row.passed) });
    } else if (Number(row.g_hour) === 0) {
      result.hours.push({ hour: Number(row.hour), calls });
    } else if (Number(row.g_bucket) === 0) {
      result.buckets.push({ bucket: Number(row.bucket), calls });
    } else {
      result.costs = {
        transport: Number(row.transport),
        stt: Number(row.stt),
        llm: Number(row.llm),
        tts: Number(row.tts),
        vapi: Number(row.vapi),
      };
    }
  }
  return result;
}

export type PeriodFigures = { calls: number; seconds: number; spend: number; passed: number };

/**
 * Calls, seconds, spend and passes since each start (up to `end`) over a set of agents: the
 * business's (every agent it has had, removed ones too — that spend was real) or all. Test calls
 * (started from "Talk to agent") are left out: the dashboard shows the business's real traffic.
 */
export async function periodFigures(
  db: Db,
  options: { businessId: string | null; starts: Date[]; end: Date },
): Promise<PeriodFigures[]> {
  const earliest = new Date(Math.min(...options.starts.map((d) => d.getTime())));
  const agentsOf =
    options.businessId === null
      ? sql`true`
      : sql`c.assistant_id in (select platform_assistant_id from agents where business_id = ${options.businessId})`;
  const columns = options.starts.map((start, n) => {
    const since = sql`c.created_at >= ${start.toISOString()}::timestamptz`;
    return sql`(count(*) filter (where ${since}))::int as ${sql.identifier(`calls${n}`)},
      coalesce(sum(c.duration_seconds) filter (where ${since}), 0)::double precision as ${sql.identifier(`seconds${n}`)},
      coalesce(sum(c.cost) filter (where ${since}), 0)::double precision as ${sql.identifier(`spend${n}`)},
      (count(*) filter (where ${since} and c.outcome = 'pass'))::int as ${sql.identifier(`passed${n}`)}`;
  });
  const [row] = await executeRows<Record<string, unknown>>(
    db,
    sql`select ${sql.join(columns, sql`, `)}
        from calls c
        where ${agentsOf}
          and c.created_at >= ${earliest.toISOString()}::timestamptz
          and c.created_at < ${options.end.toISOString()}::timestamptz
          and ${countedCall(sql`c`)}
          and not c.is_test`,
  );
  return options.starts.map((_, n) => ({
    calls: Number(row?.[`calls${n}`] ?? 0),
    seconds: Number(row?.[`seconds${n}`] ?? 0),
    spend: Number(row?.[`spend${n}`] ?? 0),
    passed: Number(row?.[`passed${n}`] ?? 0),
  }));
}
