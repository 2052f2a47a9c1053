import {
  boolean,
  date,
  integer,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  unique,
} from 'drizzle-orm/pg-core';

const count = (name: string) => integer(name).notNull().default(0);
const total = (name: string) => numeric(name).notNull().default('0');

/**
 * Per agent, local hour of a local day (in the time zone of the agent's business, UTC when it
 * has none) and test flag: what the analytics, the statistics screen and the call log's page
 * totals add up, so a request sums at most 24 rows a day instead of every call (decision 028).
 *
 * Kept by triggers on `calls` (statement-level, from the transition tables: every writer —
 * sync, webhooks, a late end-of-call report, a delete — moves the figures in the same
 * transaction), and rebuilt for an agent whose zone changes (`agents.business_id`,
 * `businesses.timezone`). The triggers and functions are hand-written at the end of the
 * migration that made these tables; the reconciliation test
 * (platform/platform-analytics.int.test.ts) compares them with a recount of the calls.
 *
 * `all_*`: every call (the call log's tabs). The rest: counted calls only (ended, with a
 * duration and a cost, the seed's rule). Sums are `numeric`, so adding and taking back a
 * call's figures is exact and the rows equal a recount to the last digit.
 */
export const callRollups = pgTable(
  'call_rollups',
  {
    assistantId: text('assistant_id').notNull(),
    timeZone: text('time_zone').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    hour: smallint('hour').notNull(),
    isTest: boolean('is_test').notNull(),
    allCalls: count('all_calls'),
    allPassed: count('all_passed'),
    allTransferred: count('all_transferred'),
    calls: count('calls'),
    passed: count('passed'),
    seconds: total('seconds'),
    spend: total('spend'),
    inbound: count('inbound'),
    outbound: count('outbound'),
    web: count('web'),
    /** Counted calls per DURATION_BUCKETS entry (packages/shared/src/analytics.ts). */
    d0: count('d0'),
    d1: count('d1'),
    d2: count('d2'),
    d3: count('d3'),
    d4: count('d4'),
    d5: count('d5'),
    d6: count('d6'),
    costTransport: total('cost_transport'),
    costStt: total('cost_stt'),
    costLlm: total('cost_llm'),
    costTts: total('cost_tts'),
    costVapi: total('cost_vapi'),
  },
  (t) => [primaryKey({ columns: [t.assistantId, t.timeZone, t.day, t.hour, t.isTest] })],
);

/** Counted calls per agent, local day, test flag and end reason (null: none given). */
export const callRollupReasons = pgTable(
  'call_rollup_reasons',
  {
    assistantId: text('assistant_id').notNull(),
    timeZone: text('time_zone').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    isTest: boolean('is_test').notNull(),
    endedReason: text('ended_reason'),
    calls: count('calls'),
  },
  (t) => [
    unique('call_rollup_reasons_key')
      .on(t.assistantId, t.timeZone, t.day, t.isTest, t.endedReason)
      .nullsNotDistinct(),
  ],
);
