CREATE TABLE "answer_versions" (
	"scope" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
-- hand-written: the versions the cached answers of the analytics and the call log are stamped with (decision 073). Every value comes from one sequence, so a version never repeats, and each changes in the transaction of the write it stands for: an answer cached under a version read before a write commits is never served after it.
CREATE SEQUENCE "answer_version_seq";
--> statement-breakpoint
CREATE FUNCTION "answer_versions_bump"("scopes" text[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO answer_versions AS v (scope, version)
  SELECT s.scope, nextval('answer_version_seq')
  FROM (SELECT DISTINCT u.scope FROM unnest(scopes) u(scope) WHERE u.scope IS NOT NULL ORDER BY 1) s
  ON CONFLICT (scope) DO UPDATE SET version = excluded.version
$$;
--> statement-breakpoint
-- A call belongs to its agent's business (`-`: none) and, a squad's call, to the squad's.
CREATE FUNCTION "answer_scopes_of_calls"("assistants" text[], "squads" text[]) RETURNS text[] LANGUAGE sql STABLE AS $$
  SELECT array(
    SELECT coalesce(a.business_id::text, '-')
    FROM (SELECT DISTINCT x.id FROM unnest(assistants) x(id)) i
    LEFT JOIN agents a ON a.platform_assistant_id = i.id
    UNION
    SELECT s.business_id::text
    FROM (SELECT DISTINCT y.id FROM unnest(squads) y(id) WHERE y.id IS NOT NULL) q
    JOIN platform_resources s ON s.kind = 'squad' AND s.platform_id = q.id
    WHERE s.business_id IS NOT NULL)
$$;
--> statement-breakpoint
CREATE FUNCTION "calls_answer_version_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF tg_op = 'INSERT' THEN
    PERFORM answer_versions_bump(answer_scopes_of_calls(
      array(SELECT n.assistant_id FROM new_rows n), array(SELECT n.squad_id FROM new_rows n)));
  ELSIF tg_op = 'UPDATE' THEN
    PERFORM answer_versions_bump(answer_scopes_of_calls(
      array(SELECT n.assistant_id FROM new_rows n UNION SELECT o.assistant_id FROM old_rows o),
      array(SELECT n.squad_id FROM new_rows n UNION SELECT o.squad_id FROM old_rows o)));
  ELSIF tg_op = 'DELETE' THEN
    PERFORM answer_versions_bump(answer_scopes_of_calls(
      array(SELECT o.assistant_id FROM old_rows o), array(SELECT o.squad_id FROM old_rows o)));
  ELSE
    PERFORM answer_versions_bump(array['*']);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "calls_answer_version_insert" AFTER INSERT ON "calls" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION calls_answer_version_trigger();
--> statement-breakpoint
CREATE TRIGGER "calls_answer_version_update" AFTER UPDATE ON "calls" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION calls_answer_version_trigger();
--> statement-breakpoint
CREATE TRIGGER "calls_answer_version_delete" AFTER DELETE ON "calls" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION calls_answer_version_trigger();
--> statement-breakpoint
CREATE TRIGGER "calls_answer_version_truncate" AFTER TRUNCATE ON "calls" FOR EACH STATEMENT EXECUTE FUNCTION calls_answer_version_trigger();
--> statement-breakpoint
-- What every business's answers read besides their calls: the `*` version.
CREATE FUNCTION "answer_epoch_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM answer_versions_bump(array['*']);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "agents_answer_epoch_change" AFTER UPDATE ON "agents" FOR EACH ROW WHEN (old.name IS DISTINCT FROM new.name OR old.phone_number IS DISTINCT FROM new.phone_number OR old.phone_number_id IS DISTINCT FROM new.phone_number_id OR old.business_id IS DISTINCT FROM new.business_id OR old.removed_at IS DISTINCT FROM new.removed_at OR old.platform_assistant_id IS DISTINCT FROM new.platform_assistant_id) EXECUTE FUNCTION answer_epoch_trigger();
--> statement-breakpoint
CREATE TRIGGER "agents_answer_epoch_insert_delete" AFTER INSERT OR DELETE ON "agents" FOR EACH ROW EXECUTE FUNCTION answer_epoch_trigger();
--> statement-breakpoint
CREATE TRIGGER "squads_answer_epoch_change" AFTER UPDATE ON "platform_resources" FOR EACH ROW WHEN ((old.kind = 'squad' OR new.kind = 'squad') AND (old.name IS DISTINCT FROM new.name OR old.business_id IS DISTINCT FROM new.business_id OR old.platform_id IS DISTINCT FROM new.platform_id OR old.kind IS DISTINCT FROM new.kind)) EXECUTE FUNCTION answer_epoch_trigger();
--> statement-breakpoint
CREATE TRIGGER "squads_answer_epoch_insert" AFTER INSERT ON "platform_resources" FOR EACH ROW WHEN (new.kind = 'squad') EXECUTE FUNCTION answer_epoch_trigger();
--> statement-breakpoint
CREATE TRIGGER "squads_answer_epoch_delete" AFTER DELETE ON "platform_resources" FOR EACH ROW WHEN (old.kind = 'squad') EXECUTE FUNCTION answer_epoch_trigger();
--> statement-breakpoint
CREATE TRIGGER "businesses_answer_epoch_change" AFTER UPDATE ON "businesses" FOR EACH ROW WHEN (old.timezone IS DISTINCT FROM new.timezone) EXECUTE FUNCTION answer_epoch_trigger();
--> statement-breakpoint
CREATE TRIGGER "businesses_answer_epoch_delete" AFTER DELETE ON "businesses" FOR EACH ROW EXECUTE FUNCTION answer_epoch_trigger();
