/**
 * What storing a call keeps up beside its row, as statements that take each part away from a
 * scratch database (migrations 0017 and 0034 make the triggers): the benches that ask what a
 * part costs (bench:ingest --parts, bench:sync-ingest-cost's variants) drop the same things.
 * Dropping one loses a feature; only a scratch database may run these.
 */
export const CALL_PARTS = {
  searchIndex: ['drop index calls_transcript_search_idx'],
  answerVersionTriggers: [
    'drop trigger calls_answer_version_insert on calls',
    'drop trigger calls_answer_version_update on calls',
  ],
  rollupTriggers: [
    'drop trigger calls_rollup_insert on calls',
    'drop trigger calls_rollup_update on calls',
  ],
  /** Every index of the calls but the primary key and the transcript search's. */
  otherIndexes: [
    'calls_assistant_analytics_idx',
    'calls_assistant_customer_idx',
    'calls_assistant_log_idx',
    'calls_assistant_outcome_created_idx',
    'calls_assistant_transferred_created_idx',
    'calls_squad_created_idx',
    'calls_updated_idx',
  ].map((index) => `drop index ${index}`),
} satisfies Record<string, string[]>;
