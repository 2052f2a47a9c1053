import { sql, type SQL } from 'drizzle-orm';
import { executeRows, type Db } from '../../apps/server/src/db/client';
import { mb } from './stats';

export type LoadOptions = {
  totalCalls: number;
  agentCount: number;
  /** The calls are spread evenly over the days before now. */
  rangeDays: number;
  /** Different callers per agent; each agent's phone calls come from this many numbers. */
  callersPerAgent?: number;
  /**
   * Put a short transcript (4 lines, one of 16 topics) in each ended call's
   * payload.artifact.transcript, so the generated transcript_search column and its GIN index
   * fill. Off, the payload is the compact stand-in the analytics figures were measured with.
   */
  transcripts?: boolean;
};

export type LoadResult = { rows: number; seconds: number; vacuumSeconds: number };

/** One line per database: how long the load and its VACUUM ANALYZE took. */
export function printLoads(loads: readonly (LoadResult & { db: string })[]): void {
  for (const l of loads) {
    console.log(
      `\n[${l.db}] load: ${l.rows} calls in ${l.seconds.toFixed(1)} s ` +
        `(${Math.round(l.rows / l.seconds)} rows/s) + VACUUM ANALYZE ${l.vacuumSeconds.toFixed(1)} s`,
    );
  }
}

const CHUNK = 100_000;
export const DEFAULT_CALLERS_PER_AGENT = 4000;

/** What a customer came about, one per transcript (1 + byte % 16). */
export const TRANSCRIPT_TOPICS = [
  'book an appointment for next Tuesday morning',
  'reschedule my cleaning to another week',
  'get a refund for the last visit',
  'ask about your opening hours on the weekend',
  'report a leaking pipe under the kitchen sink',
  'order a large pizza for delivery',
  'cancel my reservation for tonight',
  'check the price of a filling',
  'ask whether you take my insurance',
  'complain about a technician who arrived late',
  'book a table for four on Friday evening',
  'ask about parking near the office',
  'update my billing address',
  'get a quote for a new water heater',
  'ask if the survey is anonymous',
  'speak to a manager about my invoice',
] as const;
/** A word of one topic only (the third): a search for it matches 1 call in 16. */
export const TRANSCRIPT_SEARCH_WORD = 'refund';

const sqlTextArray = (values: readonly string[]): SQL =>
  sql.raw(`array[${values.map((v) => `'${v.replaceAll("'", "''")}'`).join(', ')}]`);

const ASSISTANT_REPLIES = [
  'Of course, let me check that for you.',
  'Sure, I can help with that right away.',
  'Thanks, I have noted that on your account.',
  'Let me see what I can do about that.',
];
const CUSTOMER_CLOSERS = [
  'Great, thank you so much.',
  'That works for me, bye.',
  'Okay, please call me back later.',
  'Perfect, see you then.',
];

/**
 * Calls lo..hi (0-based positions, oldest first) made in the database: spread evenly over the
 * agents and over the `rangeDays` before `anchor`, every other value drawn from the bytes of
 * md5(position), so a run is reproducible. ~7.4 % are transferred (assistant-forwarded-call
 * 14 in 256, call.in-progress.error-transfer-failed 5 in 256). The payload is a compact
 * stand-in for the platform's (~450 bytes instead of ~10 KB, ~670 with a transcript).
 */
function insertChunk(options: LoadOptions, lo: number, hi: number, anchor: Date): SQL {
  const { totalCalls, agentCount, rangeDays } = options;
  const callers = options.callersPerAgent ?? DEFAULT_CALLERS_PER_AGENT;
  const idWidth = Math.max(2, String(agentCount).length);
  const n = sql`${totalCalls}::double precision`;
  const transcript = options.transcripts
    ? sql`case when b1 >= 3 then
             'AI: Thanks for calling, how can I help you today?' || E'\n' ||
             'User: Hi, I would like to ' || (${sqlTextArray(TRANSCRIPT_TOPICS)})[1 + b13 % 16] || '.' || E'\n' ||
             'AI: ' || (${sqlTextArray(ASSISTANT_REPLIES)})[1 + b14 % 4] || E'\n' ||
             'User: ' || (${sqlTextArray(CUSTOMER_CLOSERS)})[1 + b15 % 4] end`
    : sql`null::text`;
  return sql`
    insert into calls (id, assistant_id, phone_number_id, type, status, ended_reason,
                       success_evaluation, customer_number, started_at, ended_at, cost,
                       created_at, updated_at, payload)
    select id, assistant_id, phone_number_id, type, status, ended_reason, success_evaluation,
           customer_number, started_at, ended_at, cost, created_at,
           coalesce(ended_at, started_at) + interval '2 seconds',
           jsonb_strip_nulls(jsonb_build_object(
             'id', id, 'assistantId', assistant_id, 'type', type, 'status', status,
             'endedReason', ended_reason,
             'createdAt', to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
             'startedAt', to_char(started_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
             'endedAt', to_char(ended_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
             'cost', cost,
             'costBreakdown', case when cost is not null then jsonb_build_object(
               'transport', round((cost * 0.10)::numeric, 4), 'stt', round((cost * 0.15)::numeric, 4),
               'llm', round((cost * 0.35)::numeric, 4), 'tts', round((cost * 0.25)::numeric, 4),
               'vapi', round((cost * 0.15)::numeric, 4), 'total', cost) end,
             'analysis', jsonb_build_object('successEvaluation', success_evaluation),
             'artifact', case when transcript is not null
               then jsonb_build_object('transcript', transcript) end))
    from (
      select md5('bench-call-' || g.i)::uuid::text as id,
             'bench-agent-' || lpad((agent + 1)::text, ${idWidth}::int, '0') as assistant_id,
             'bench-phone-' || lpad((agent + 1)::text, ${idWidth}::int, '0') as phone_number_id,
             case when b0 < 141 then 'inboundPhoneCall' when b0 < 218 then 'outboundPhoneCall'
                  else 'webCall' end as type,
             case when b1 < 3 then 'in-progress' else 'ended' end as status,
             case when b1 < 3 then null
                  when b2 < 105 then 'customer-ended-call'
                  when b2 < 165 then 'assistant-ended-call'
                  when b2 < 185 then 'silence-timed-out'
                  when b2 < 199 then 'assistant-forwarded-call'
                  when b2 < 218 then 'customer-did-not-answer'
                  when b2 < 228 then 'voicemail'
                  when b2 < 236 then 'customer-busy'
                  when b2 < 241 then 'exceeded-max-duration'
                  when b2 < 246 then 'call.in-progress.error-transfer-failed'
                  when b2 < 251 then 'pipeline-error-openai-llm-failed'
                  else 'assistant-said-end-call-phrase' end as ended_reason,
             case when b1 < 3 then null when b3 < 110 then 'true' when b3 < 170 then 'false'
                  end as success_evaluation,
             -- Web calls have no number; phone calls come from the agent's own pool of callers,
             -- +1 NPA 555 XXXX with an area code per agent, so each number belongs to one agent
             -- and a caller calls a handful of times a month.
             case when b0 >= 218 then null
                  else '+1' || (201 + (agent * 53) % 780)::text || '555'
                       || lpad((((b10 * 256 + b11) % ${callers}::int) * 7 % 10000)::text, 4, '0')
                  end as customer_number,
             t.created_at,
             t.created_at + (1 + b9 % 4) * interval '1 second' as started_at,
             case when b1 >= 3 then t.created_at + (1 + b9 % 4) * interval '1 second'
                  + round((5 + 895 * u * u)::numeric, 3) * interval '1 second' end as ended_at,
             case when b1 >= 3 then round(((5 + 895 * u * u) / 60 * (0.07 + 0.08 * b6 / 255.0)
                  + 0.01)::numeric, 4)::double precision end as cost,
             ${transcript} as transcript
      from generate_series(${lo}::int, ${hi}::int) as g(i)
      cross join lateral (select decode(md5('bench-' || g.i), 'hex') as h) r
      cross join lateral (
        select g.i % ${agentCount}::int as agent,
               get_byte(h, 0) as b0, get_byte(h, 1) as b1, get_byte(h, 2) as b2,
               get_byte(h, 3) as b3, get_byte(h, 6) as b6, get_byte(h, 9) as b9,
               get_byte(h, 10) as b10, get_byte(h, 11) as b11, get_byte(h, 13) as b13,
               get_byte(h, 14) as b14, get_byte(h, 15) as b15,
               (get_byte(h, 4) * 256 + get_byte(h, 5)) / 65535.0 as u,
               (get_byte(h, 7) * 256 + get_byte(h, 8)) / 65536.0 as jitter
      ) v
      cross join lateral (
        select ${anchor.toISOString()}::timestamptz
               - ${rangeDays}::int * interval '1 day' * (1 - (g.i + jitter) / ${n}) as created_at
      ) t
    ) c`;
}

/**
 * Fills the (empty) calls table through the real table, so every generated column is filled:
 * `INSERT … SELECT … FROM generate_series`, 100,000 rows a statement, then VACUUM ANALYZE.
 * Logs its progress and the table's size as `[label] …`.
 */
export async function loadCalls(label: string, db: Db, options: LoadOptions): Promise<LoadResult> {
  const { totalCalls } = options;
  // A minute back, so every call is in the past when the requests are made.
  const anchor = new Date(Date.now() - 60_000);
  const started = performance.now();
  for (let lo = 0; lo < totalCalls; lo += CHUNK) {
    const hi = Math.min(totalCalls, lo + CHUNK) - 1;
    await db.execute(insertChunk(options, lo, hi, anchor));
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `[${label}] loaded ${hi + 1}/${totalCalls} calls in ${seconds.toFixed(1)} s ` +
        `(${Math.round((hi + 1) / seconds)} rows/s, RSS ${mb()} MB)`,
    );
  }
  const seconds = (performance.now() - started) / 1000;
  // Index-only scans need the visibility map set: a fresh bulk load has it unset until
  // (auto)vacuum runs. The product's store fills gradually and autovacuum keeps up.
  const vacuumStart = performance.now();
  await db.execute(sql`vacuum analyze calls`);
  const vacuumSeconds = (performance.now() - vacuumStart) / 1000;
  const [size] = await executeRows<Record<string, unknown>>(
    db,
    sql`select pg_total_relation_size('calls') as total, pg_relation_size('calls') as heap,
               pg_relation_size('calls_assistant_analytics_idx') as idx,
               (select avg(length(payload::text)) from calls tablesample system (1)) as payload`,
  );
  const toMb = (value: unknown) => Math.round(Number(value) / 1024 / 1024);
  console.log(
    `[${label}] load: ${totalCalls} calls in ${seconds.toFixed(1)} s, VACUUM ANALYZE ` +
      `${vacuumSeconds.toFixed(1)} s; calls ${toMb(size?.heap)} MB heap, ` +
      `${toMb(size?.total)} MB with indexes, analytics index ${toMb(size?.idx)} MB; ` +
      `payload ~${Math.round(Number(size?.payload))} bytes a call`,
  );
  return { rows: totalCalls, seconds, vacuumSeconds };
}
