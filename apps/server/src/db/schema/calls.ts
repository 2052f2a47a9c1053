import {
  PASS_END_REASON,
  PASS_MIN_DURATION_SECONDS,
  TRANSFER_REASON_PATTERNS,
} from '@switchboard/shared/calls';
import { sql } from 'drizzle-orm';
import {
  boolean,
  customType,
  doublePrecision,
  index,
  jsonb,
  pgTable,
  text,
} from 'drizzle-orm/pg-core';
import { intervalSeconds, quoteSqlString, substringAlternation } from '../sql-literal';
import { ts } from './columns';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * One component of the platform's costBreakdown, copied out of the payload so the statistics
 * screen can sum it without reading every call's JSON. A missing or non-numeric value is null.
 */
const costComponent = (column: string, key: string) =>
  doublePrecision(column).generatedAlwaysAs(
    sql.raw(
      `case when jsonb_typeof(payload->'costBreakdown'->'${key}') = 'number' then (payload->'costBreakdown'->>'${key}')::double precision end`,
    ),
  );

/**
 * The seed's success rule (isCallSuccessful in packages/shared) as SQL, rendered from the same
 * constants. The text, whitespace included, is what the committed migrations hold: drizzle-kit
 * compares it, so a reformat here would ship a migration that rewrites the column for nothing.
 */
const outcomeSql = sql.raw(`case
        when nullif(btrim(success_evaluation), '') is not null
          then case when lower(btrim(success_evaluation)) = 'true' then 'pass' else 'fail' end
        when ended_reason = ${quoteSqlString(PASS_END_REASON)} and ended_at - started_at > ${intervalSeconds(PASS_MIN_DURATION_SECONDS)}
          then 'pass'
        else 'fail'
      end`);

/** The seed's transfer rule (isCallTransferred in packages/shared), from the same patterns. */
const transferredSql = sql.raw(
  `coalesce(ended_reason ~* ${quoteSqlString(substringAlternation(TRANSFER_REASON_PATTERNS))}, false)`,
);

/**
 * Our copy of every platform call. The platform's list has no paging cursor and no outcome or
 * transfer filters, so every call-log and analytics query runs here. The seed's rules are
 * derived by the database itself (generated columns), so a filter is an index lookup and the
 * derivation cannot be skipped by any writer. The success and transfer columns are rendered from
 * the shared rules' constants (never re-typed), and calls.store.int.test.ts checks the SQL
 * against the same table of cases as the shared TypeScript rules.
 */
export const calls = pgTable(
  'calls',
  {
    id: text('id').primaryKey(),
    assistantId: text('assistant_id'),
    phoneNumberId: text('phone_number_id'),
    /** The platform's type: inboundPhoneCall, outboundPhoneCall, webCall, … */
    type: text('type'),
    callType: text('call_type').generatedAlwaysAs(
      sql`case type when 'inboundPhoneCall' then 'inbound' when 'outboundPhoneCall' then 'outbound' else 'web' end`,
    ),
    status: text('status'),
    endedReason: text('ended_reason'),
    /** analysis.successEvaluation as text ("true"/"false" for PassFail); null when absent. */
    successEvaluation: text('success_evaluation'),
    customerNumber: text('customer_number'),
    customerDigits: text('customer_digits').generatedAlwaysAs(
      sql`nullif(regexp_replace(coalesce(customer_number, ''), '[^0-9]', '', 'g'), '')`,
    ),
    startedAt: ts('started_at'),
    endedAt: ts('ended_at'),
    durationSeconds: doublePrecision('duration_seconds').generatedAlwaysAs(
      sql`case when ended_at >= started_at then extract(epoch from (ended_at - started_at))::double precision end`,
    ),
    cost: doublePrecision('cost'),
    // Seed: successful when successEvaluation is present and true; if absent, a pass only when
    // it ended with PASS_END_REASON and lasted more than PASS_MIN_DURATION_SECONDS.
    outcome: text('outcome').generatedAlwaysAs(outcomeSql),
    // Seed: the end reason contains one of TRANSFER_REASON_PATTERNS, ignoring case.
    transferred: boolean('transferred').generatedAlwaysAs(transferredSql),
    costTransport: costComponent('cost_transport', 'transport'),
    costStt: costComponent('cost_stt', 'stt'),
    costLlm: costComponent('cost_llm', 'llm'),
    costTts: costComponent('cost_tts', 'tts'),
    costVapi: costComponent('cost_vapi', 'vapi'),
    /** The transcript's words (English stemming), for searching inside transcripts. */
    transcriptSearch: tsvector('transcript_search').generatedAlwaysAs(
      sql`to_tsvector('english'::regconfig, coalesce(payload->'artifact'->>'transcript', ''))`,
    ),
    /**
     * The squad the call ran (a squad's call may carry no assistantId): it puts the call under
     * the business that owns the squad (decision 036).
     */
    squadId: text('squad_id').generatedAlwaysAs(sql`nullif(payload->>'squadId', '')`),
    /**
     * The platform's results of the assistant's structured outputs (`artifact.structuredOutputs`:
     * output id → {name, result}), copied out of the payload by the database so no writer (sync,
     * webhook, a report merged into a newer copy) can miss them; the call detail and the CSV
     * export read this column.
     */
    structuredOutputs: jsonb('structured_outputs').generatedAlwaysAs(
      sql`case when jsonb_typeof(payload->'artifact'->'structuredOutputs') = 'object' then payload->'artifact'->'structuredOutputs' end`,
    ),
    /** Started from Switchboard's own "Talk to agent" panel. */
    isTest: boolean('is_test').notNull().default(false),
    createdAt: ts('created_at').notNull(),
    updatedAt: ts('updated_at').notNull(),
    /** The full platform payload, shown in the call detail. */
    payload: jsonb('payload').notNull(),
    ingestedAt: ts('ingested_at').notNull().defaultNow(),
    /**
     * When the business had the call's recording, transcript and caller erased (decision 069):
     * the payload keeps only what the figures need, and no later copy of the call (a late
     * webhook, a sync) may write it again.
     */
    erasedAt: ts('erased_at'),
  },
  (t) => [
    // The call log's page: found in the index (filter columns included), newest first, so a
    // deep page or a filter skips rows without visiting the table (bench/README.md). Every
    // filter column but the transcript's is here: tab, phone, test calls, call type, duration,
    // cost and end reason.
    index('calls_assistant_log_idx').on(
      t.assistantId,
      t.createdAt.desc(),
      t.id.desc(),
      t.outcome,
      t.transferred,
      t.customerDigits,
      t.isTest,
      t.callType,
      t.durationSeconds,
      t.cost,
      t.endedReason,
    ),
    index('calls_assistant_outcome_created_idx').on(t.assistantId, t.outcome, t.createdAt.desc()),
    index('calls_assistant_transferred_created_idx')
      .on(t.assistantId, t.createdAt.desc())
      .where(sql`transferred`),
    index('calls_assistant_customer_idx').on(t.assistantId, t.customerDigits),
    index('calls_updated_idx').on(t.updatedAt),
    // A business's squad calls without an agent, newest first (the business-wide call log).
    index('calls_squad_created_idx')
      .on(t.squadId, t.createdAt.desc(), t.id.desc())
      .where(sql`squad_id is not null`),
    index('calls_transcript_search_idx').using('gin', t.transcriptSearch),
    // Analytics read only these columns of an agent's calls in a time range: with all of them in
    // the index, the overview's figures are an index-only scan, never a visit to the wide rows.
    index('calls_assistant_analytics_idx').on(
      t.assistantId,
      t.createdAt,
      t.status,
      t.outcome,
      t.durationSeconds,
      t.cost,
      t.isTest,
    ),
  ],
);
