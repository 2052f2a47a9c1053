/**
 * What storing a call keeps up beside its row, as statements that take each part away from a
 * scratch database (migration 0041 makes the calls' one change trigger; 0017 and 0034 the work
 * it calls): the benches that ask what a part costs (bench:ingest --parts,
 * bench:sync-ingest-cost's variants) drop the same things. Dropping one loses a feature; only a
 * scratch database may run these.
 */
export const CALL_PARTS = {
  searchIndex: ['drop index calls_transcript_search_idx'],
  /** The answers' versions: the trigger still runs, its bump does nothing. */
  answerVersions: [
    "create or replace function answer_scopes_of_calls(assistants text[], squads text[]) returns text[] language sql stable as $$ select '{}'::text[] $$",
    'create or replace function answer_versions_bump(scopes text[]) returns void language plpgsql as $$ begin end $$',
  ],
  /** The rollups: the trigger still runs, its apply does nothing. */
  rollups: [
    'create or replace function call_rollup_apply(added call_rollup_input[], removed call_rollup_input[]) returns void language plpgsql as $$ begin end $$',
  ],
  /** The change trigger itself, for the events a statement storing calls fires. */
  changeTriggers: [
    'drop trigger calls_change_insert on calls',
    'drop trigger calls_change_update on calls',
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
