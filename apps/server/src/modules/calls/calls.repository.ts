import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { executeRows, type Db } from '../../db/client';
import { callActions, callLiveTranscripts, calls } from '../../db/schema';
import { evaluationText, type CallRecord } from '../../platform/call-record';

/**
 * The calls a statement writes, one JSON array of rows in the calls table's column names
 * (`callRowsJson`), read as a relation `r` in the statement's parameter `param`. The last three
 * columns are what a webhook's message adds to its call (CallRowMessage); a sync's rows leave
 * them null.
 */
export function callRowsSql(param: string): string {
  return `jsonb_to_recordset(${param}::jsonb) as r(id text, assistant_id text,
    phone_number_id text, type text, status text, ended_reason text, success_evaluation text,
    customer_number text, started_at timestamptz, ended_at timestamptz, cost double precision,
    is_test boolean, created_at timestamptz, updated_at timestamptz, payload jsonb,
    merge jsonb, drop_live boolean, arrival text)`;
}

/**
 * What a webhook's message adds to the row of the call it is about: an end-of-call report's
 * merge (reportMerge), whether its live transcript is dropped, the assistant whose webhook
 * arrived (agent health).
 */
export type CallRowMessage = {
  merge: ReportMerge | null;
  dropLive: boolean;
  arrival: string | null;
};

/**
 * Calls as the JSON `callRowsSql` reads: the text of one parameter for any number of calls,
 * `messages[i]` (when given) what the webhook's message about `records[i]` adds.
 */
export function callRowsJson(
  records: readonly CallRecord[],
  messages?: readonly CallRowMessage[],
): string {
  return JSON.stringify(
    records.map((record, index) => {
      const message = messages?.[index];
      return {
        id: record.id,
        assistant_id: record.assistantId ?? null,
        phone_number_id: record.phoneNumberId ?? null,
        type: record.type ?? null,
        status: record.status ?? null,
        ended_reason: record.endedReason ?? null,
        success_evaluation: record.successEvaluation ?? null,
        customer_number: record.customerNumber ?? null,
        started_at: record.startedAt ?? null,
        ended_at: record.endedAt ?? null,
        cost: record.cost ?? null,
        is_test: record.isTest ?? false,
        created_at: record.createdAt,
        updated_at: record.updatedAt,
        payload: record.payload,
        ...(message && {
          merge: message.merge,
          drop_live: message.dropLive,
          arrival: message.arrival,
        }),
      };
    }),
  );
}

/**
 * Inserts or updates the calls of `rows` (a relation with callRowsSql's columns, one row per id)
 * by id. Newer data wins: a row is only replaced by a version whose updatedAt is the same or
 * later, so a late or repeated webhook never rolls a call back, and the same report twice leaves
 * one row; an erased call keeps what was left of it (decision 069). Returns the rows written
 * with what the "call ended" event reads (the generated columns included).
 */
export function upsertCallsSql(rows: string): string {
  return `insert into calls as c (id, assistant_id, phone_number_id, type, status, ended_reason,
      success_evaluation, customer_number, started_at, ended_at, cost, is_test, created_at,
      updated_at, payload)
    select id, assistant_id, phone_number_id, type, status, ended_reason, success_evaluation,
      customer_number, started_at, ended_at, cost, coalesce(is_test, false), created_at,
      updated_at, payload
    from ${rows}
    on conflict (id) do update set
      assistant_id = excluded.assistant_id, phone_number_id = excluded.phone_number_id,
      type = excluded.type, status = excluded.status, ended_reason = excluded.ended_reason,
      success_evaluation = excluded.success_evaluation, customer_number = excluded.customer_number,
      started_at = excluded.started_at, ended_at = excluded.ended_at, cost = excluded.cost,
      -- Once a test call, always a test call (a later sync copy does not know it was ours).
      is_test = c.is_test or excluded.is_test, created_at = excluded.created_at,
      updated_at = excluded.updated_at, payload = excluded.payload, ingested_at = now()
    where excluded.updated_at >= c.updated_at and c.erased_at is null
    returning c.id, c.assistant_id, c.status, c.call_type, c.customer_number, c.started_at,
      c.ended_at, c.duration_seconds, c.cost, c.ended_reason, c.outcome, c.transferred,
      c.success_evaluation, c.is_test`;
}

/**
 * What an end-of-call report says about the call that no copy of the call may take back: the
 * platform can send the report with a copy of the call older than one a sync already stored
 * (the analysis is computed after the call's last update).
 */
export const CALL_REPORT_FIELDS = [
  'endedReason',
  'analysis',
  'artifact',
  'cost',
  'costs',
  'costBreakdown',
] as const;

/** A report's merge as `mergeReportSql` reads it from its call's row (`merge`). */
export type ReportMerge = {
  fields: Record<string, unknown>;
  fromCall: string[];
  endedReason: string | null;
  evaluation: string | null;
  cost: number | null;
};

/**
 * A report's merge (null: nothing to merge): its own fields (CALL_REPORT_FIELDS, those it
 * carries) and the columns they set. A field whose value is the one the call's own payload
 * carries (`payload`, the record written beside it: the webhook merges the report into its copy
 * of the call) is named in `fromCall` and taken from the payload in the statement, so a
 * transcript and its messages are sent and parsed once.
 */
export function reportMerge(
  report: Record<string, unknown>,
  payload?: Record<string, unknown>,
): ReportMerge | null {
  const fields: Record<string, unknown> = {};
  const fromCall: string[] = [];
  for (const field of CALL_REPORT_FIELDS) {
    const value = report[field];
    if (value === undefined || value === null) continue;
    if (payload !== undefined && payload[field] === value) fromCall.push(field);
    else fields[field] = value;
  }
  if (fromCall.length === 0 && Object.keys(fields).length === 0) return null;
  const endedReason = report.endedReason;
  const cost = report.cost;
  const analysis = report.analysis as { successEvaluation?: unknown } | null | undefined;
  return {
    fields,
    fromCall,
    endedReason: typeof endedReason === 'string' ? endedReason : null,
    evaluation: evaluationText(analysis?.successEvaluation),
    cost: typeof cost === 'number' && Number.isFinite(cost) ? cost : null,
  };
}

/**
 * End-of-call reports whose copy of the call lost to a newer stored one (the upsert, `written`,
 * did not write that call): that copy is kept and the report's own fields (the row's `merge`,
 * from reportMerge; those it names in `fromCall` read from the row's payload) are merged into
 * its payload and columns. A row whose `merge` is null merges nothing.
 */
export function mergeReportSql(rows: string, written: string): string {
  return `update calls c set
      ended_reason = coalesce(r.merge->>'endedReason', c.ended_reason),
      success_evaluation = coalesce(r.merge->>'evaluation', c.success_evaluation),
      cost = coalesce((r.merge->>'cost')::double precision, c.cost),
      is_test = c.is_test or coalesce(r.is_test, false),
      payload = c.payload || coalesce((select jsonb_object_agg(f, r.payload->f)
        from jsonb_array_elements_text(r.merge->'fromCall') f), '{}'::jsonb)
        || (r.merge->'fields'),
      ingested_at = now()
    from ${rows}
    where r.merge is not null and c.id = r.id and c.updated_at > r.updated_at
      and c.erased_at is null and not exists (select 1 from ${written} w where w.id = r.id)
    returning c.id`;
}

/** A call-log filter, resolved: instants instead of dates, digits instead of a phone number. */
export type CallLogCriteria = {
  assistantId: string;
  tab: 'all' | 'successful' | 'failed' | 'transferred';
  phoneDigits?: string | undefined;
  start?: Date | undefined;
  end?: Date | undefined;
  q?: string | undefined;
  /**
   * The range as local dates in the zone the agent's rollups are kept in (its business's), when
   * `start`/`end` are those dates' midnights: a total with no filter besides the tab can then be
   * summed from call_rollups instead of counted (countCallLog).
   */
  days?: { timeZone: string; from?: string | undefined; to?: string | undefined } | undefined;
  /** The platform's end reason, exactly. */
  endReason?: string | undefined;
  callType?: 'inbound' | 'outbound' | 'web' | undefined;
  /** Seconds, both included. */
  minDuration?: number | undefined;
  maxDuration?: number | undefined;
  /** USD, both included. */
  minCost?: number | undefined;
  maxCost?: number | undefined;
  /** Calls started from "Talk to agent" count too (default: left out, as in the analytics). */
  includeTest?: boolean | undefined;
};

/** What a rollup total can answer: the agent, its tab and the range's days, nothing else. */
const ROLLUP_CRITERIA = new Set<string>([
  'assistantId',
  'tab',
  'start',
  'end',
  'days',
  'includeTest',
]);

/** The filters a total from call_rollups answers: every other criterion unset. */
export function countsFromRollups<C extends CallLogFilterCriteria>(
  criteria: C,
): criteria is C & { days: NonNullable<CallLogCriteria['days']> } {
  return (
    criteria.days !== undefined &&
    Object.entries(criteria).every(
      ([key, value]) => ROLLUP_CRITERIA.has(key) || value === undefined || value === '',
    )
  );
}

const ROLLUP_TAB_SUM: Record<CallLogCriteria['tab'], SQL> = {
  all: sql`r.all_calls`,
  successful: sql`r.all_passed`,
  failed: sql`r.all_calls - r.all_passed`,
  transferred: sql`r.all_transferred`,
};

/** The filter without its agent: what the business-wide log applies to each of its agents. */
export type CallLogFilterCriteria = Omit<CallLogCriteria, 'assistantId'>;

export type CallLogRecord = {
  id: string;
  assistantId: string | null;
  agentName: string | null;
  /** The squad's name, for a squad's call (decision 036). */
  squadName?: string | null;
  assistantPhone: string | null;
  type: string | null;
  status: string | null;
  endedReason: string | null;
  successEvaluation: string | null;
  customerNumber: string | null;
  startedAt: Date | null;
  endedAt: Date | null;
  durationSeconds: number | null;
  cost: number | null;
  outcome: 'pass' | 'fail';
  transferred: boolean;
  isTest: boolean;
  createdAt: Date;
  transcriptMatch: string | null;
  /** Only the export reads them: structured-output id → {name, result}. */
  structuredOutputs?: Record<string, { name?: unknown; result?: unknown }> | null;
};

const TS_CONFIG = sql.raw(`'english'::regconfig`);

function criteriaSql(criteria: CallLogCriteria): SQL {
  return sql`c.assistant_id = ${criteria.assistantId} and ${filterSql(criteria)}`;
}

/**
 * The call-log filter as a WHERE condition on `calls c`, without the agent: the one builder
 * behind the per-agent log, the business-wide log, their counts and the export. Every column
 * it reads is in calls_assistant_log_idx but the transcript's.
 */
export function filterSql(criteria: CallLogFilterCriteria): SQL {
  const parts: SQL[] = [sql`true`];
  if (criteria.tab === 'successful') parts.push(sql`c.outcome = 'pass'`);
  if (criteria.tab === 'failed') parts.push(sql`c.outcome = 'fail'`);
  if (criteria.tab === 'transferred') parts.push(sql`c.transferred`);
  if (criteria.phoneDigits) {
    // Digits only (checked by the caller), so no LIKE wildcard can come from the user.
    parts.push(sql`c.customer_digits like ${`%${criteria.phoneDigits}%`}`);
  }
  if (criteria.start) parts.push(sql`c.created_at >= ${criteria.start.toISOString()}::timestamptz`);
  if (criteria.end) parts.push(sql`c.created_at < ${criteria.end.toISOString()}::timestamptz`);
  if (criteria.q) {
    parts.push(sql`c.transcript_search @@ websearch_to_tsquery(${TS_CONFIG}, ${criteria.q})`);
  }
  if (criteria.endReason) parts.push(sql`c.ended_reason = ${criteria.endReason}`);
  if (criteria.callType) parts.push(sql`c.call_type = ${criteria.callType}`);
  if (criteria.minDuration !== undefined) {
    parts.push(sql`c.duration_seconds >= ${criteria.minDuration}::double precision`);
  }
  if (criteria.maxDuration !== undefined) {
    parts.push(sql`c.duration_seconds <= ${criteria.maxDuration}::double precision`);
  }
  // A call without a cost costs nothing (the row shows $0.00), so it matches a bound from 0.
  if (criteria.minCost !== undefined) {
    parts.push(sql`coalesce(c.cost, 0) >= ${criteria.minCost}::double precision`);
  }
  if (criteria.maxCost !== undefined) {
    parts.push(sql`coalesce(c.cost, 0) <= ${criteria.maxCost}::double precision`);
  }
  if (!criteria.includeTest) parts.push(sql`not c.is_test`);
  return sql.join(parts, sql` and `);
}

function toCallLogRecord(row: Record<string, unknown>): CallLogRecord {
  const date = (value: unknown) => (value ? new Date(value as string | Date) : null);
  const number = (value: unknown) => (value === null || value === undefined ? null : Number(value));
  return {
    id: String(row.id),
    assistantId: (row.assistant_id as string | null) ?? null,
    agentName: (row.agent_name as string | null) ?? null,
    squadName: (row.squad_name as string | null) ?? null,
    assistantPhone: (row.assistant_phone as string | null) ?? null,
    type: (row.type as string | null) ?? null,
    status: (row.status as string | null) ?? null,
    endedReason: (row.ended_reason as string | null) ?? null,
    successEvaluation: (row.success_evaluation as string | null) ?? null,
    customerNumber: (row.customer_number as string | null) ?? null,
    startedAt: date(row.started_at),
    endedAt: date(row.ended_at),
    durationSeconds: number(row.duration_seconds),
    cost: number(row.cost),
    outcome: row.outcome === 'pass' ? 'pass' : 'fail',
    transferred: Boolean(row.transferred),
    isTest: Boolean(row.is_test),
    createdAt: date(row.created_at) ?? new Date(0),
    transcriptMatch: (row.transcript_match as string | null) ?? null,
    ...(row.structured_outputs !== undefined
      ? {
          structuredOutputs:
            (row.structured_outputs as CallLogRecord['structuredOutputs'] | null) ?? null,
        }
      : {}),
  };
}

/** The columns a call-log row shows, never the payload (only the page's matches read it). */
const ROW_COLUMNS = sql`c.id, c.assistant_id, c.type, c.status, c.ended_reason, c.success_evaluation,
  c.customer_number, c.started_at, c.ended_at, c.duration_seconds, c.cost, c.outcome,
  c.transferred, c.is_test, c.created_at, c.phone_number_id, c.squad_id`;

/** The squad's name for a page row (`page.squad_id`), as `squad_name`. */
const SQUAD_NAME = sql`(select s.name from platform_resources s
  where s.kind = 'squad' and s.platform_id = page.squad_id) as squad_name`;

/**
 * The log's rows of a page of calls (`page`: their ROW_COLUMNS, and more to pass through),
 * newest first, with what is looked up for the page's rows only: the agent's name, the squad's
 * (`squadName`, the business-wide log), the number the call was on and, with a search `q`, the
 * transcript's words around its matches.
 */
function logRowsSql(page: SQL, options: { squadName?: boolean; q?: string | undefined } = {}) {
  const { q } = options;
  const squad = options.squadName ? sql`${SQUAD_NAME},` : sql``;
  return sql`select page.*, a.name as agent_name, ${squad}
        coalesce(pn.phone_number, a.phone_number) as assistant_phone,
        ${q ? matchSnippet(q) : sql`null`} as transcript_match
      from (${page}) page
      left join agents a on a.platform_assistant_id = page.assistant_id
      left join lateral (
        select phone_number from agents n where n.phone_number_id = page.phone_number_id limit 1
      ) pn on true
      ${q ? sql`join calls p on p.id = page.id` : sql``}
      order by page.created_at desc, page.id desc`;
}

/**
 * Every row of a log, newest first, in batches (keyset paging on created_at and id), so an
 * export of any size holds one batch in memory at a time: `batchSql` is a batch's query, given
 * the keyset condition that starts it after the batch before (empty for the first).
 */
async function* inKeysetBatches(
  db: Db,
  batchSize: number,
  batchSql: (keyset: SQL) => SQL,
): AsyncGenerator<CallLogRecord[]> {
  let after: { createdAt: Date; id: string } | undefined;
  for (;;) {
    const keyset = after
      ? sql`and (c.created_at, c.id) < (${after.createdAt.toISOString()}::timestamptz, ${after.id})`
      : sql``;
    const rows = await executeRows<Record<string, unknown>>(db, batchSql(keyset));
    const batch = rows.map(toCallLogRecord);
    if (batch.length > 0) yield batch;
    const last = batch.at(-1);
    if (batch.length < batchSize || !last) return;
    after = { createdAt: last.createdAt, id: last.id };
  }
}

/** Words around the matches of the search, marked with \u0002 … \u0003. */
function matchSnippet(q: string): SQL {
  return sql`ts_headline(${TS_CONFIG}, coalesce(p.payload->'artifact'->>'transcript', ''),
    websearch_to_tsquery(${TS_CONFIG}, ${q}),
    ${'StartSel=\u0002, StopSel=\u0003, MaxWords=24, MinWords=10, MaxFragments=2, FragmentDelimiter=" … "'})`;
}

/**
 * Newest first, one page. The page's ids are found in calls_assistant_log_idx alone (it holds
 * every filter column but the transcript's), however deep the page, then only those rows are
 * read; names, numbers and transcript snippets are looked up for the page's rows only.
 * `nulls last` matches the index's order (created_at and id are never null).
 */
export async function listCallLog(
  db: Db,
  criteria: CallLogCriteria,
  page: { limit: number; offset: number },
): Promise<CallLogRecord[]> {
  const rows = await executeRows<Record<string, unknown>>(
    db,
    logRowsSql(
      sql`select ${ROW_COLUMNS}
          from (
            select c.id from calls c
            where ${criteriaSql(criteria)}
            order by c.created_at desc nulls last, c.id desc nulls last
            limit ${page.limit} offset ${page.offset}
          ) ids
          join calls c on c.id = ids.id`,
      { q: criteria.q },
    ),
  );
  return rows.map(toCallLogRecord);
}

/**
 * The page total. With no filter besides the tab and whole days, it is a sum of the agent's
 * hourly rollups (call_rollups: every call, test calls too, by its business's local day; at
 * most 24 rows a day) — equal to the count, which the reconciliation test checks; otherwise an
 * index-only count of the matching calls.
 */
export async function countCallLog(db: Db, criteria: CallLogCriteria): Promise<number> {
  if (countsFromRollups(criteria)) {
    const { days } = criteria;
    const [total] = await executeRows<{ n: number }>(
      db,
      sql`select coalesce(sum(${ROLLUP_TAB_SUM[criteria.tab]}), 0)::int as n
          from call_rollups r
          where r.assistant_id = ${criteria.assistantId}
            and ${rollupRange(days, criteria.includeTest)}`,
    );
    return Number(total?.n ?? 0);
  }
  return countCallLogFromCalls(db, criteria);
}

/**
 * A count that reads a bounded stretch of the log (decision 081): `matched` of the newest
 * `examine` calls of the agent, tab and range match the whole filter, counted up to `cap`;
 * `complete` when those calls were all there are (then `matched`, below `cap`, is the total).
 * Otherwise at least `matched` calls match. At the cap the walk's length is not counted
 * (decision 084): `complete` is then false, whatever the range holds.
 */
export type BoundedCount = { matched: number; complete: boolean };

/** The criteria a bounded count walks (the agent, tab, range, test calls): the rest is tested. */
function walkCriteria<C extends CallLogFilterCriteria>(criteria: C): CallLogFilterCriteria {
  return {
    tab: criteria.tab,
    start: criteria.start,
    end: criteria.end,
    includeTest: criteria.includeTest,
  };
}

/**
 * The count's two figures from the walked rows `walked` (each with its match as `m`). The walk's
 * length (index-only for the agent's log) is counted only below the cap (decision 084): the
 * second subquery sits in a `case` that a capped count never takes, so PostgreSQL never runs it
 * (`offset 0` keeps the first one a subquery of its own: pulled up, it would be run twice).
 */
const boundedCountSql = (walked: SQL, cap: number) =>
  sql`select b.matched,
        case when b.matched < ${cap} then (select count(*) from (${walked}) y)::int end as walked
      from (select (select count(*) from (select 1 from (${walked}) w where w.m limit ${cap}) x)::int
        as matched offset 0) b`;

/** A bounded count from boundedCountSql's row: `walked` is null at the cap. */
function boundedCount(
  row: { matched: number; walked: number | null } | undefined,
  examine: number,
): BoundedCount {
  const walked = row?.walked;
  return {
    matched: Number(row?.matched ?? 0),
    complete: walked !== null && walked !== undefined && Number(walked) < examine,
  };
}

/**
 * How many of the agent's calls match, reading at most `examine` of them, newest first along
 * calls_assistant_log_idx, and stopping at the `cap`-th match (decision 081): a transcript
 * search or a phone filter costs the same whatever the agent holds.
 */
export async function countCallLogUpTo(
  db: Db,
  criteria: CallLogCriteria,
  cap: number,
  examine: number,
): Promise<BoundedCount> {
  const walked = sql`select (${filterSql(criteria)}) as m from calls c
      where c.assistant_id = ${criteria.assistantId} and ${filterSql(walkCriteria(criteria))}
      order by c.created_at desc nulls last, c.id desc nulls last limit ${examine}`;
  const [row] = await executeRows<{ matched: number; walked: number | null }>(
    db,
    boundedCountSql(walked, cap),
  );
  return boundedCount(row, examine);
}

/** The page total counted from the calls (any filter). */
export async function countCallLogFromCalls(db: Db, criteria: CallLogCriteria): Promise<number> {
  const [row] = await executeRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from calls c where ${criteriaSql(criteria)}`,
  );
  return Number(row?.n ?? 0);
}

/**
 * Every row of the filter, newest first, in batches (keyset paging on created_at and id), so
 * an export of any size holds one batch in memory at a time.
 */
export function iterateCallLog(
  db: Db,
  criteria: CallLogCriteria,
  batchSize = 1000,
): AsyncGenerator<CallLogRecord[]> {
  return inKeysetBatches(db, batchSize, (keyset) =>
    logRowsSql(
      sql`select ${ROW_COLUMNS}, c.structured_outputs from calls c
          where ${criteriaSql(criteria)} ${keyset}
          order by c.created_at desc nulls last, c.id desc nulls last
          limit ${batchSize}`,
    ),
  );
}

/**
 * The business-wide log: the agents it covers (a business's current agents, every agent for the
 * operator, or one of them) and the filter applied to each.
 */
export type BusinessCallLogCriteria = {
  /** A condition on `agents a` (agents.repository's scopeCondition, maybe with one agent). */
  agents: SQL;
  /**
   * A condition on the squads (`platform_resources s`) whose calls without an agent belong to
   * the log (a squad's call may carry no assistantId); null for none (one agent's log).
   */
  squads: SQL | null;
  filter: CallLogFilterCriteria;
};

/**
 * The newest `limit` ids of the filter over the agents, after `offset` (and before a keyset).
 * Each agent's newest rows come from its own calls_assistant_log_idx range, in index order,
 * at most offset + limit of them; the merge sorts only those. So a page is index work
 * proportional to (agents × depth), never a sort of the business's whole history.
 */
function businessIdsSql(
  criteria: BusinessCallLogCriteria,
  page: { limit: number; offset: number },
  keyset: SQL = sql``,
): SQL {
  const depth = page.limit + page.offset;
  const squadCalls = criteria.squads
    ? sql`union all
      select ids.id, ids.created_at from platform_resources s
      cross join lateral (
        select c.id, c.created_at from calls c
        where c.squad_id = s.platform_id and c.assistant_id is null
          and ${filterSql(criteria.filter)} ${keyset}
        order by c.created_at desc nulls last, c.id desc nulls last
        limit ${depth}
      ) ids
      where s.kind = 'squad' and ${criteria.squads}`
    : sql``;
  return sql`select u.id, u.created_at from (
      select ids.id, ids.created_at from agents a
      cross join lateral (
        select c.id, c.created_at from calls c
        where c.assistant_id = a.platform_assistant_id and ${filterSql(criteria.filter)} ${keyset}
        order by c.created_at desc nulls last, c.id desc nulls last
        limit ${depth}
      ) ids
      where a.removed_at is null and ${criteria.agents}
      ${squadCalls}
    ) u
    order by u.created_at desc, u.id desc
    limit ${page.limit} offset ${page.offset}`;
}

/** One page of the business-wide log, newest first, rows as listCallLog's. */
export async function listBusinessCallLog(
  db: Db,
  criteria: BusinessCallLogCriteria,
  page: { limit: number; offset: number },
): Promise<CallLogRecord[]> {
  const q = criteria.filter.q;
  const rows = await executeRows<Record<string, unknown>>(
    db,
    logRowsSql(
      sql`select ${ROW_COLUMNS}
          from (${businessIdsSql(criteria, page)}) ids
          join calls c on c.id = ids.id`,
      { squadName: true, q },
    ),
  );
  return rows.map(toCallLogRecord);
}

/** The rows of call_rollups a total with no filter besides the tab and whole days sums. */
function rollupRange(
  days: NonNullable<CallLogCriteria['days']>,
  includeTest: boolean | undefined,
): SQL {
  return sql`r.time_zone = ${days.timeZone}
    ${days.from ? sql`and r.day >= ${days.from}::date` : sql``}
    ${days.to ? sql`and r.day <= ${days.to}::date` : sql``}
    ${includeTest ? sql`` : sql`and not r.is_test`}`;
}

/**
 * How many calls of the business-wide log match. With no filter besides the tab and whole days
 * (`filter.days`: the agents' rollups are kept in that zone), each agent's total is a sum of its
 * hourly rollups, as countCallLog's; otherwise one index-only count per agent. A squad's calls
 * without an agent are counted (calls_squad_created_idx) either way.
 */
export async function countBusinessCallLog(
  db: Db,
  criteria: BusinessCallLogCriteria,
): Promise<number> {
  const squadCalls = criteria.squads
    ? sql`+ (select coalesce(sum(n.n), 0) from platform_resources s
        cross join lateral (
          select count(*) as n from calls c
          where c.squad_id = s.platform_id and c.assistant_id is null
            and ${filterSql(criteria.filter)}
        ) n
        where s.kind = 'squad' and ${criteria.squads})`
    : sql``;
  const { filter } = criteria;
  const agentCalls = countsFromRollups(filter)
    ? sql`select coalesce(sum(n.n), 0) from agents a
        cross join lateral (
          select sum(${ROLLUP_TAB_SUM[filter.tab]}) as n from call_rollups r
          where r.assistant_id = a.platform_assistant_id
            and ${rollupRange(filter.days, filter.includeTest)}
        ) n
        where a.removed_at is null and ${criteria.agents}`
    : sql`select coalesce(sum(n.n), 0) from agents a
        cross join lateral (
          select count(*) as n from calls c
          where c.assistant_id = a.platform_assistant_id and ${filterSql(filter)}
        ) n
        where a.removed_at is null and ${criteria.agents}`;
  const [row] = await executeRows<{ n: number }>(
    db,
    sql`select ((${agentCalls}) ${squadCalls})::int as n`,
  );
  return Number(row?.n ?? 0);
}

/** countCallLogUpTo across the business's agents (agent after agent) and squads' own calls. */
export async function countBusinessCallLogUpTo(
  db: Db,
  criteria: BusinessCallLogCriteria,
  cap: number,
  examine: number,
): Promise<BoundedCount> {
  const { filter } = criteria;
  const walk = filterSql(walkCriteria(filter));
  const squadCalls = criteria.squads
    ? sql`union all
        select n.m from platform_resources s
        cross join lateral (
          select (${filterSql(filter)}) as m from calls c
          where c.squad_id = s.platform_id and c.assistant_id is null and ${walk}
        ) n
        where s.kind = 'squad' and ${criteria.squads}`
    : sql``;
  const walked = sql`(select n.m from agents a
        cross join lateral (
          select (${filterSql(filter)}) as m from calls c
          where c.assistant_id = a.platform_assistant_id and ${walk}
        ) n
        where a.removed_at is null and ${criteria.agents})
        ${squadCalls}
        limit ${examine}`;
  const [row] = await executeRows<{ matched: number; walked: number | null }>(
    db,
    boundedCountSql(walked, cap),
  );
  return boundedCount(row, examine);
}

/** countBusinessCallLog counted from the calls (any filter): the recount the rollups equal. */
export async function countBusinessCallLogFromCalls(
  db: Db,
  criteria: BusinessCallLogCriteria,
): Promise<number> {
  const { days: _days, ...filter } = criteria.filter;
  return countBusinessCallLog(db, { ...criteria, filter });
}

/** Every row of the business-wide log, newest first, in keyset batches (as iterateCallLog). */
export function iterateBusinessCallLog(
  db: Db,
  criteria: BusinessCallLogCriteria,
  batchSize = 1000,
): AsyncGenerator<CallLogRecord[]> {
  return inKeysetBatches(db, batchSize, (keyset) =>
    logRowsSql(
      sql`select ${ROW_COLUMNS}, c.structured_outputs
          from (${businessIdsSql(criteria, { limit: batchSize, offset: 0 }, keyset)}) ids
          join calls c on c.id = ids.id`,
      { squadName: true },
    ),
  );
}

/** The business's time zone (UTC when it has none). */
export async function findBusinessZone(db: Db, businessId: string): Promise<string> {
  const [row] = await executeRows<{ time_zone: string }>(
    db,
    sql`select coalesce(b.timezone, 'UTC') as time_zone from businesses b where b.id = ${businessId}`,
  );
  return row?.time_zone ?? 'UTC';
}

/**
 * What an erased call keeps of its platform payload (decision 069): what the figures, the
 * outcome and the costs are computed from, and nothing said on the call or about the caller
 * (no transcript, messages, recording, summary, structured data, customer or variables).
 */
const ERASED_CALL_KEEPS = [
  'id',
  'orgId',
  'assistantId',
  'squadId',
  'phoneNumberId',
  'type',
  'status',
  'endedReason',
  'startedAt',
  'endedAt',
  'createdAt',
  'updatedAt',
  'cost',
  'costs',
  'costBreakdown',
] as const;

/**
 * Erases a call's recording, transcript and caller from our store: the payload is cut to
 * ERASED_CALL_KEEPS (with the success evaluation, which the outcome is computed from), the
 * caller's number goes, and the call's live transcript and the words people said into it.
 * Answers false when the call was already erased.
 */
export async function eraseStoredCall(db: Db, callId: string, at: Date): Promise<boolean> {
  const keep = sql.raw(ERASED_CALL_KEEPS.map((key) => `'${key}'`).join(', '));
  return db.transaction(async (tx) => {
    const erased = await tx
      .update(calls)
      .set({
        payload: sql`(select coalesce(jsonb_object_agg(key, value), '{}'::jsonb)
            from jsonb_each(${calls.payload}) where key in (${keep}))
          || case when ${calls.payload}->'analysis' ? 'successEvaluation'
            then jsonb_build_object('analysis', jsonb_build_object('successEvaluation',
              ${calls.payload}->'analysis'->'successEvaluation'))
            else '{}'::jsonb end`,
        customerNumber: null,
        erasedAt: at,
      })
      .where(and(eq(calls.id, callId), isNull(calls.erasedAt)))
      .returning({ id: calls.id });
    if (erased.length === 0) return false;
    await tx.delete(callLiveTranscripts).where(eq(callLiveTranscripts.callId, callId));
    // The words said or whispered into the call; the transfer's number is the business's own.
    await tx
      .update(callActions)
      .set({ detail: null })
      .where(and(eq(callActions.callId, callId), inArray(callActions.action, ['say', 'whisper'])));
    return true;
  });
}

/** One call with its payload, if its agent is in the scope's reach. */
export async function findCallWithAgent(
  db: Db,
  callId: string,
  businessId: string | null,
): Promise<
  | (CallLogRecord & {
      payload: unknown;
      agentId: string | null;
      timeZone: string;
      erasedAt: Date | null;
      /** The business whose call it is (null: an agent no business has). */
      businessId: string | null;
    })
  | undefined
> {
  const [row] = await executeRows<Record<string, unknown>>(
    db,
    sql`select ${ROW_COLUMNS}, c.structured_outputs, c.payload, c.erased_at, a.name as agent_name,
          coalesce(a.business_id, sq.business_id) as business_id,
          a.platform_assistant_id as agent_id, sq.name as squad_name,
          coalesce(pn.phone_number, a.phone_number) as assistant_phone,
          coalesce(b.timezone, sb.timezone, 'UTC') as time_zone, null as transcript_match
        from calls c
        left join agents a on a.platform_assistant_id = c.assistant_id
        left join businesses b on b.id = a.business_id
        left join platform_resources sq
          on c.assistant_id is null and sq.kind = 'squad' and sq.platform_id = c.squad_id
        left join businesses sb on sb.id = sq.business_id
        left join lateral (
          select phone_number from agents n where n.phone_number_id = c.phone_number_id limit 1
        ) pn on true
        where c.id = ${callId}
          ${businessId === null ? sql`` : sql`and (a.business_id = ${businessId} or sq.business_id = ${businessId})`}`,
  );
  if (!row) return undefined;
  return {
    ...toCallLogRecord(row),
    payload: row.payload,
    agentId: (row.agent_id as string | null) ?? null,
    timeZone: String(row.time_zone),
    erasedAt: row.erased_at ? new Date(row.erased_at as string | Date) : null,
    businessId: (row.business_id as string | null) ?? null,
  };
}

/**
 * The structured outputs of the businesses whose agents the condition (on `agents a`) selects:
 * the export's extra columns, by name.
 */
export async function listStructuredOutputColumns(
  db: Db,
  agentCondition: SQL,
): Promise<{ id: string; name: string }[]> {
  const rows = await executeRows<{ platform_id: string; name: string }>(
    db,
    sql`select r.platform_id, r.name from platform_resources r
        where r.kind = 'structured-output'
          and r.business_id in (select a.business_id from agents a where ${agentCondition})
        order by r.name, r.platform_id`,
  );
  return rows.map((row) => ({ id: row.platform_id, name: row.name }));
}
