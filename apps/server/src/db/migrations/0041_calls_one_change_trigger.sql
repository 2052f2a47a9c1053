-- hand-written: one trigger function a statement event on calls, for both what a change of calls keeps up: the rollups (decision 028) and the answers' versions (decision 073). Two functions meant two PL/pgSQL calls for each event, and a statement that stores calls fires three events (the insert, the update half of its ON CONFLICT, a report's merge; the last two most often with no rows): on PGlite the calls that found nothing to do cost ~0.25 ms a stored call at eight a statement (bench:sync-ingest-cost). The answers' versions are bumped before the rollups change, as the two triggers fired before (by name).
CREATE FUNCTION "calls_change_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF tg_op = 'INSERT' THEN
    IF NOT EXISTS (SELECT 1 FROM new_rows) THEN RETURN NULL; END IF;
    PERFORM answer_versions_bump(answer_scopes_of_calls(
      array(SELECT n.assistant_id FROM new_rows n), array(SELECT n.squad_id FROM new_rows n)));
    PERFORM call_rollup_apply(array(
      SELECT row(n.assistant_id, n.created_at, n.is_test, n.status, n.ended_reason, n.call_type,
                 n.outcome, n.transferred, n.duration_seconds, n.cost, n.cost_transport, n.cost_stt,
                 n.cost_llm, n.cost_tts, n.cost_vapi)::call_rollup_input FROM new_rows n), '{}');
  ELSIF tg_op = 'UPDATE' THEN
    IF NOT EXISTS (SELECT 1 FROM new_rows) THEN RETURN NULL; END IF;
    PERFORM answer_versions_bump(answer_scopes_of_calls(
      array(SELECT n.assistant_id FROM new_rows n UNION SELECT o.assistant_id FROM old_rows o),
      array(SELECT n.squad_id FROM new_rows n UNION SELECT o.squad_id FROM old_rows o)));
    PERFORM call_rollup_apply(array(
      SELECT row(n.assistant_id, n.created_at, n.is_test, n.status, n.ended_reason, n.call_type,
                 n.outcome, n.transferred, n.duration_seconds, n.cost, n.cost_transport, n.cost_stt,
                 n.cost_llm, n.cost_tts, n.cost_vapi)::call_rollup_input FROM new_rows n), array(
      SELECT row(o.assistant_id, o.created_at, o.is_test, o.status, o.ended_reason, o.call_type,
                 o.outcome, o.transferred, o.duration_seconds, o.cost, o.cost_transport, o.cost_stt,
                 o.cost_llm, o.cost_tts, o.cost_vapi)::call_rollup_input FROM old_rows o));
  ELSIF tg_op = 'DELETE' THEN
    IF NOT EXISTS (SELECT 1 FROM old_rows) THEN RETURN NULL; END IF;
    PERFORM answer_versions_bump(answer_scopes_of_calls(
      array(SELECT o.assistant_id FROM old_rows o), array(SELECT o.squad_id FROM old_rows o)));
    PERFORM call_rollup_apply('{}', array(
      SELECT row(o.assistant_id, o.created_at, o.is_test, o.status, o.ended_reason, o.call_type,
                 o.outcome, o.transferred, o.duration_seconds, o.cost, o.cost_transport, o.cost_stt,
                 o.cost_llm, o.cost_tts, o.cost_vapi)::call_rollup_input FROM old_rows o));
  ELSE
    PERFORM answer_versions_bump(array['*']);
    TRUNCATE call_rollups, call_rollup_reasons;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER "calls_answer_version_insert" ON "calls";
--> statement-breakpoint
DROP TRIGGER "calls_answer_version_update" ON "calls";
--> statement-breakpoint
DROP TRIGGER "calls_answer_version_delete" ON "calls";
--> statement-breakpoint
DROP TRIGGER "calls_answer_version_truncate" ON "calls";
--> statement-breakpoint
DROP TRIGGER "calls_rollup_insert" ON "calls";
--> statement-breakpoint
DROP TRIGGER "calls_rollup_update" ON "calls";
--> statement-breakpoint
DROP TRIGGER "calls_rollup_delete" ON "calls";
--> statement-breakpoint
DROP TRIGGER "calls_rollup_truncate" ON "calls";
--> statement-breakpoint
DROP FUNCTION "calls_answer_version_trigger"();
--> statement-breakpoint
DROP FUNCTION "calls_rollup_trigger"();
--> statement-breakpoint
CREATE TRIGGER "calls_change_insert" AFTER INSERT ON "calls" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION calls_change_trigger();
--> statement-breakpoint
CREATE TRIGGER "calls_change_update" AFTER UPDATE ON "calls" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION calls_change_trigger();
--> statement-breakpoint
CREATE TRIGGER "calls_change_delete" AFTER DELETE ON "calls" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION calls_change_trigger();
--> statement-breakpoint
CREATE TRIGGER "calls_change_truncate" AFTER TRUNCATE ON "calls" FOR EACH STATEMENT EXECUTE FUNCTION calls_change_trigger();
