import { sql, type SQL } from 'drizzle-orm';
import { executeRows, type Db } from '../../db/client';
import { eachDay } from '@switchboard/shared/date-range';
import { countedCall, currentLocalHour, durationBucket } from '../../db/call-figures';

/**
 * Analytics over our call store. Every query reads one agent's calls in [start, end) through
 * calls_assistant_analytics_idx (or, for the breakdowns, its range scan), and buckets days and
 * hours in the given IANA zone with PostgreSQL's own time-zone rules.
 */

/** Resolved midnights per database (the zone rules are the database's) and `zone|date`. */
const midnightCache = new WeakMap<Db, Map<string, Date>>();
const MIDNIGHT_CACHE_SIZE = 20_000;

/**
 * The instant each calendar date begins in the zone (midnight, or the first instant after a
 * gap), by PostgreSQL's zone rules. An answer depends only on the date and the zone, so it is
 * kept (per database, up to 20,000 of them): most requests need no round trip for it.
 */
export async function zoneMidnights(db: Db, dates: string[], timeZone: string): Promise<Date[]> {
  if (dates.length === 0) return [];
  let cache = midnightCache.get(db);
  if (!cache) {
    cache = new Map();
    midnightCache.set(db, cache);
  }
  const known = dates.map((date) => cache.get(`${timeZone}|${date}`));
  if (known.every((instant) => instant !== undefined)) return known.map((d) => new Date(d));
  const columns = dates.map(
    (date, n) =>
      sql`((${date}::date)::timestamp at time zone ${timeZone}) as ${sql.identifier(`d${n}`)}`,
  );
  const [row] = await executeRows<Record<string, string | Date>>(
    db,
    sql`select ${sql.join(columns, sql`, `)}`,
  );
  const instants = dates.map((_, n) => new Date(row?.[`d${n}`] ?? Number.NaN));
  if (cache.size + dates.length > MIDNIGHT_CACHE_SIZE) cache.clear();
  dates.forEach((date, n) => {
    const instant = instants[n];
    if (instant && !Number.isNaN(instant.getTime())) cache.set(`${timeZone}|${date}`, instant);
  });
  return instants.map((d) => new Date(d));
}

export type CallWindow = {
  assistantId: string;
  /** The window's first and last calendar dates in the zone (YYYY-MM-DD). */
  from: string;
  to: string;
  /** The instants those dates begin and the day after `to` begins. */
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
 * The recount that dailyFigures' rollups must equal (the reconciliation test compares them):
 * per local day of [from, to]: calls, seconds, spend (exact sums; rounding is the caller's)
 * and passes. One index-only range scan over the whole window; each call finds its day by a
 * binary search of the days' start instants (width_bucket), so there is no per-row zone
 * conversion and no sort — a hash aggregate of at most 366 groups. (bench/README.md: a
 * `group by to_char(created_at at time zone …)` took ~40 ms for 50,000 calls on PostgreSQL.)
 */
export async function dailyFiguresFromCalls(db: Db, window: CallWindow): Promise<DailyRow[]> {
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

/** The agent's rollup rows of the window's days, in the zone its figures are kept in. */
function rollupDays(window: CallWindow): SQL {
  return sql`r.assistant_id = ${window.assistantId} and r.time_zone = ${window.timeZone}
    and r.day >= ${window.from}::date and r.day <= ${window.to}::date${
      window.includeTest ? sql`` : sql` and not r.is_test`
    }`;
}

/**
 * Per local day of [from, to]: calls, seconds, spend (exact sums; rounding is the caller's)
 * and passes, from the agent's hourly rollups (call_rollups, decision 028): at most 24 rows
 * a day through the primary key, whatever the number of calls. Equal to
 * dailyFiguresFromCalls (the reconciliation test).
 */
export async function dailyFigures(db: Db, window: CallWindow): Promise<DailyRow[]> {
  const rows = await executeRows<Record<string, unknown>>(
    db,
    sql`select to_char(r.day, 'YYYY-MM-DD') as day, sum(r.calls)::int as calls,
               sum(r.seconds)::double precision as seconds,
               sum(r.spend)::double precision as spend, sum(r.passed)::int as passed
        from call_rollups r
        where ${rollupDays(window)}
        group by r.day`,
  );
  return rows.map((row) => ({
    day: String(row.day),
    calls: Number(row.calls),
    seconds: Number(row.seconds ?? 0),
    spend: Number(row.spend ?? 0),
    passed: Number(row.passed),
  }));
}

export type BreakdownRows = {
  reasons: { reason: string | null; calls: number }[];
  types: { type: string; calls: number }[];
  days: { day: string; calls: number; passed: number }[];
  hours: { hour: number; calls: number }[];
  buckets: { bucket: number; calls: number }[];
  costs: { transport: number; stt: number; llm: number; tts: number; vapi: number };
};

/** No figures yet: the breakdown the rows of a query are added to. */
function emptyBreakdown(reasons: BreakdownRows['reasons'] = []): BreakdownRows {
  const costs = { transport: 0, stt: 0, llm: 0, tts: 0, vapi: 0 };
  return { reasons, types: [], days: [], hours: [], buckets: [], costs };
}

/** The cost components a figures query sums (its transport, stt, llm, tts and vapi columns). */
function costsOf(row: Record<string, unknown>): BreakdownRows['costs'] {
  return {
    transport: Number(row.transport),
    stt: Number(row.stt),
    llm: Number(row.llm),
    tts: Number(row.tts),
    vapi: Number(row.vapi),
  };
}

/**
 * The recount that breakdownFigures' rollups must equal: the statistics screen's figures in
 * one scan of the agent's calls (GROUPING SETS gives the counts by end reason, type, day, hour
 * and duration bucket, and the cost totals, together).
 */
export async function breakdownFiguresFromCalls(
  db: Db,
  window: CallWindow,
): Promise<BreakdownRows> {
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
  const result = emptyBreakdown();
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
      result.costs = costsOf(row);
    }
  }
  return result;
}

/**
 * The statistics screen's figures from the agent's rollups (decision 028): per day, per hour
 * and in all (types, duration buckets, cost components) from call_rollups with GROUPING SETS,
 * and per end reason from call_rollup_reasons. Equal to breakdownFiguresFromCalls.
 */
export async function breakdownFigures(db: Db, window: CallWindow): Promise<BreakdownRows> {
  const [sets, reasons] = await Promise.all([
    executeRows<Record<string, unknown>>(
      db,
      sql`select grouping(r.day) as g_day, grouping(r.hour) as g_hour,
                 to_char(r.day, 'YYYY-MM-DD') as day, r.hour,
                 sum(r.calls)::int as calls, sum(r.passed)::int as passed,
                 sum(r.inbound)::int as inbound, sum(r.outbound)::int as outbound,
                 sum(r.web)::int as web,
                 array[sum(r.d0), sum(r.d1), sum(r.d2), sum(r.d3), sum(r.d4), sum(r.d5),
                       sum(r.d6)]::int[] as buckets,
                 sum(r.cost_transport)::double precision as transport,
                 sum(r.cost_stt)::double precision as stt,
                 sum(r.cost_llm)::double precision as llm,
                 sum(r.cost_tts)::double precision as tts,
                 sum(r.cost_vapi)::double precision as vapi
          from call_rollups r
          where ${rollupDays(window)}
          group by grouping sets ((r.day), (r.hour), ())`,
    ),
    executeRows<{ ended_reason: string | null; calls: number }>(
      db,
      sql`select r.ended_reason, sum(r.calls)::int as calls
          from call_rollup_reasons r
          where ${rollupDays(window)}
          group by r.ended_reason
          having sum(r.calls) > 0`,
    ),
  ]);
  const result = emptyBreakdown(
    reasons.map((row) => ({ reason: row.ended_reason ?? null, calls: Number(row.calls) })),
  );
  for (const row of sets) {
    const calls = Number(row.calls);
    if (calls === 0) continue;
    if (Number(row.g_day) === 0) {
      result.days.push({ day: String(row.day), calls, passed: Number(row.passed) });
    } else if (Number(row.g_hour) === 0) {
      result.hours.push({ hour: Number(row.hour), calls });
    } else {
      for (const type of ['inbound', 'outbound', 'web'] as const) {
        const n = Number(row[type]);
        if (n > 0) result.types.push({ type, calls: n });
      }
      (row.buckets as number[]).forEach((n, bucket) => {
        if (Number(n) > 0) result.buckets.push({ bucket, calls: Number(n) });
      });
      result.costs = costsOf(row);
    }
  }
  return result;
}

export type PeriodFigures = { calls: number; seconds: number; spend: number; passed: number };

/**
 * Calls, seconds, spend and passes since each start (up to `end`) over a set of agents: the
 * business's (every agent it has had, removed ones too — that spend was real, and the calls of
 * its squads that carry no agent) or all. Test calls
 * (started from "Talk to agent") are left out: the dashboard shows the business's real traffic.
 *
 * Counted from the calls: the operator's view (`businessId` null) and the recount that
 * periodFigures must equal (statistics.int.test.ts). For one business its `or` reads every call
 * of the range (no index serves it): periodFigures answers a business.
 */
export async function periodFiguresFromCalls(
  db: Db,
  options: { businessId: string | null; starts: Date[]; end: Date },
): Promise<PeriodFigures[]> {
  const earliest = new Date(Math.min(...options.starts.map((d) => d.getTime())));
  const agentsOf =
    options.businessId === null
      ? sql`true`
      : sql`(c.assistant_id in (select platform_assistant_id from agents where business_id = ${options.businessId})
          or (c.assistant_id is null and c.squad_id in (select platform_id from platform_resources
            where kind = 'squad' and business_id = ${options.businessId})))`;
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
  return periodRows(row, options.starts.length);
}

function periodRows(row: Record<string, unknown> | undefined, count: number): PeriodFigures[] {
  return Array.from({ length: count }, (_, n) => ({
    calls: Number(row?.[`calls${n}`] ?? 0),
    seconds: Number(row?.[`seconds${n}`] ?? 0),
    spend: Number(row?.[`spend${n}`] ?? 0),
    passed: Number(row?.[`passed${n}`] ?? 0),
  }));
}

/**
 * periodFiguresFromCalls for one business, from its agents' hourly rollups (decision 028; they
 * are kept in the business's zone): every whole local hour before the current one from
 * call_rollups (at most 24 rows a day an agent, through its primary key), the current hour
 * from the calls (calls_assistant_analytics_idx, one hour of each agent), and the squads' calls
 * that carry no agent (calls_squad_created_idx). Each start is a local date (`days`, its
 * midnight); the figures run up to `end` (now and a margin). Decision 072.
 */
export async function periodFigures(
  db: Db,
  options: { businessId: string; timeZone: string; days: string[]; now: Date; end: Date },
): Promise<PeriodFigures[]> {
  const zone = sql`${options.timeZone}::text`;
  const { localHour, tailFrom } = currentLocalHour(options.now, zone);
  const earliestDay = [...options.days].sort()[0]!;
  const agentIds = sql`(select platform_assistant_id from agents where business_id = ${options.businessId})`;
  const localDay = sql`(c.created_at at time zone ${zone})::date`;
  const columns = options.days.map((day, n) => {
    const since = sql`x.day >= ${day}::date`;
    return sql`coalesce(sum(x.calls) filter (where ${since}), 0)::int as ${sql.identifier(`calls${n}`)},
      coalesce(sum(x.seconds) filter (where ${since}), 0)::double precision as ${sql.identifier(`seconds${n}`)},
      coalesce(sum(x.spend) filter (where ${since}), 0)::double precision as ${sql.identifier(`spend${n}`)},
      coalesce(sum(x.passed) filter (where ${since}), 0)::int as ${sql.identifier(`passed${n}`)}`;
  });
  const [row] = await executeRows<Record<string, unknown>>(
    db,
    sql`select ${sql.join(columns, sql`, `)}
        from (
          select r.day, r.calls, r.seconds, r.spend, r.passed
          from call_rollups r
          where r.assistant_id in ${agentIds} and r.time_zone = ${zone} and not r.is_test
            and r.day >= ${earliestDay}::date
            and r.day + make_interval(hours => r.hour::int) < ${localHour}
          union all
          select ${localDay}, 1, c.duration_seconds::numeric, c.cost::numeric,
                 case when c.outcome = 'pass' then 1 else 0 end
          from calls c
          where c.assistant_id in ${agentIds}
            and c.created_at >= ${tailFrom}
            and c.created_at < ${options.end.toISOString()}::timestamptz
            and c.created_at at time zone ${zone} >= ${localHour}
            and ${localDay} >= ${earliestDay}::date
            and ${countedCall(sql`c`)} and not c.is_test
          union all
          select ${localDay}, 1, c.duration_seconds::numeric, c.cost::numeric,
                 case when c.outcome = 'pass' then 1 else 0 end
          from calls c
          where c.assistant_id is null
            and c.squad_id in (select platform_id from platform_resources
                               where kind = 'squad' and business_id = ${options.businessId})
            and c.created_at >= ((${earliestDay}::date)::timestamp at time zone ${zone}) - interval '3 hours'
            and c.created_at < ${options.end.toISOString()}::timestamptz
            and ${localDay} >= ${earliestDay}::date
            and ${countedCall(sql`c`)} and not c.is_test
        ) x`,
  );
  return periodRows(row, options.days.length);
}
