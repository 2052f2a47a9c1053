-- hand-written: what an instance's in-process caches hold is announced when it changes (decision 081). A new answer version names its scope on channel `answer_versions` (the stamps held in process); a change to a session, its user or the user's business names the user (`u:<id>`) or the business (`b:<id>`) on channel `session_changes` (the sessions held in process). pg_notify is sent at commit, by the same transaction as the change, and not at all when it rolls back.
CREATE OR REPLACE FUNCTION "answer_versions_bump"("scopes" text[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO answer_versions AS v (scope, version)
  SELECT s.scope, nextval('answer_version_seq')
  FROM (SELECT DISTINCT u.scope FROM unnest(scopes) u(scope) WHERE u.scope IS NOT NULL ORDER BY 1) s
  ON CONFLICT (scope) DO UPDATE SET version = excluded.version;
  SELECT pg_notify('answer_versions', s.scope)
  FROM (SELECT DISTINCT u.scope FROM unnest(scopes) u(scope) WHERE u.scope IS NOT NULL) s;
$$;
--> statement-breakpoint
CREATE FUNCTION "session_change_notice"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF tg_table_name = 'sessions' AND tg_level = 'STATEMENT' THEN
    PERFORM pg_notify('session_changes', 'u:' || o.user_id::text)
    FROM (SELECT DISTINCT user_id FROM old_rows) o;
  ELSIF tg_table_name = 'sessions' THEN
    PERFORM pg_notify('session_changes', 'u:' || old.user_id::text);
  ELSIF tg_table_name = 'users' THEN
    PERFORM pg_notify('session_changes', 'u:' || old.id::text);
  ELSE
    PERFORM pg_notify('session_changes', 'b:' || old.id::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_change_notice_delete" AFTER DELETE ON "sessions" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION session_change_notice();
--> statement-breakpoint
-- A touch (last_seen_at moved forward) changes nothing a held session says; moved back, the session may now be idle too long.
CREATE TRIGGER "sessions_change_notice_update" AFTER UPDATE ON "sessions" FOR EACH ROW WHEN (old.token_hash IS DISTINCT FROM new.token_hash OR old.user_id IS DISTINCT FROM new.user_id OR old.expires_at IS DISTINCT FROM new.expires_at OR new.last_seen_at < old.last_seen_at) EXECUTE FUNCTION session_change_notice();
--> statement-breakpoint
CREATE TRIGGER "users_change_notice" AFTER UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION session_change_notice();
--> statement-breakpoint
CREATE TRIGGER "businesses_change_notice" AFTER UPDATE OR DELETE ON "businesses" FOR EACH ROW EXECUTE FUNCTION session_change_notice();
