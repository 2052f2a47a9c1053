CREATE TABLE "call_rollup_reasons" (
	"assistant_id" text NOT NULL,
	"time_zone" text NOT NULL,
	"day" date NOT NULL,
	"is_test" boolean NOT NULL,
	"ended_reason" text,
	"calls" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "call_rollup_reasons_key" UNIQUE NULLS NOT DISTINCT("assistant_id","time_zone","day","is_test","ended_reason")
);
--> statement-breakpoint
CREATE TABLE "call_rollups" (
	"assistant_id" text NOT NULL,
	"time_zone" text NOT NULL,
	"day" date NOT NULL,
	"hour" smallint NOT NULL,
	"is_test" boolean NOT NULL,
	"all_calls" integer DEFAULT 0 NOT NULL,
	"all_passed" integer DEFAULT 0 NOT NULL,
	"all_transferred" integer DEFAULT 0 NOT NULL,
	"calls" integer DEFAULT 0 NOT NULL,
	"passed" integer DEFAULT 0 NOT NULL,
	"seconds" numeric DEFAULT '0' NOT NULL,
	"spend" numeric DEFAULT '0' NOT NULL,
	"inbound" integer DEFAULT 0 NOT NULL,
	"outbound" integer DEFAULT 0 NOT NULL,
	"web" integer DEFAULT 0 NOT NULL,
	"d0" integer DEFAULT 0 NOT NULL,
	"d1" integer DEFAULT 0 NOT NULL,
	"d2" integer DEFAULT 0 NOT NULL,
	"d3" integer DEFAULT 0 NOT NULL,
	"d4" integer DEFAULT 0 NOT NULL,
	"d5" integer DEFAULT 0 NOT NULL,
	"d6" integer DEFAULT 0 NOT NULL,
	"cost_transport" numeric DEFAULT '0' NOT NULL,
	"cost_stt" numeric DEFAULT '0' NOT NULL,
	"cost_llm" numeric DEFAULT '0' NOT NULL,
	"cost_tts" numeric DEFAULT '0' NOT NULL,
	"cost_vapi" numeric DEFAULT '0' NOT NULL,
	CONSTRAINT "call_rollups_assistant_id_time_zone_day_hour_is_test_pk" PRIMARY KEY("assistant_id","time_zone","day","hour","is_test")
);
--> statement-breakpoint
-- hand-written: what keeps call_rollups and call_rollup_reasons equal to a recount of the calls (decision 028). A call counts in the zone of its agent's business (UTC without one). The bucket bounds are DURATION_BUCKETS (packages/shared/src/analytics.ts).
CREATE TYPE "call_rollup_input" AS ("assistant_id" text, "created_at" timestamp with time zone, "is_test" boolean, "status" text, "ended_reason" text, "call_type" text, "outcome" text, "transferred" boolean, "duration_seconds" double precision, "cost" double precision, "cost_transport" double precision, "cost_stt" double precision, "cost_llm" double precision, "cost_tts" double precision, "cost_vapi" double precision);
--> statement-breakpoint
CREATE FUNCTION "call_rollup_zone"("assistant" text) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT coalesce((SELECT b.timezone FROM agents a JOIN businesses b ON b.id = a.business_id
                   WHERE a.platform_assistant_id = assistant), 'UTC')
$$;
--> statement-breakpoint
CREATE FUNCTION "call_rollup_apply"("added" call_rollup_input[], "removed" call_rollup_input[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  emptied_hours call_rollups[];
  emptied_reasons call_rollup_reasons[];
BEGIN
  -- A rebuild (the agent's zone changed) holds its agent's lock exclusively: wait for it, then
  -- read the zone in the next statement's snapshot.
  PERFORM pg_advisory_xact_lock_shared(28, hashtext(s.assistant_id))
  FROM (SELECT DISTINCT u.assistant_id
        FROM (SELECT a.assistant_id FROM unnest(added) a
              UNION ALL SELECT r.assistant_id FROM unnest(removed) r) u
        WHERE u.assistant_id IS NOT NULL ORDER BY 1) s;

  WITH changes AS (
    -- An update that leaves what the figures read unchanged cancels out here.
    SELECT 1 AS sign, d.* FROM (SELECT * FROM unnest(added) EXCEPT ALL SELECT * FROM unnest(removed)) d
    UNION ALL
    SELECT -1 AS sign, d.* FROM (SELECT * FROM unnest(removed) EXCEPT ALL SELECT * FROM unnest(added)) d
  ), zones AS (
    SELECT s.assistant_id, call_rollup_zone(s.assistant_id) AS zone
    FROM (SELECT DISTINCT assistant_id FROM changes WHERE assistant_id IS NOT NULL) s
  ), facts AS (
    SELECT c.*, z.zone, c.created_at AT TIME ZONE z.zone AS local,
           (c.status = 'ended' AND c.duration_seconds IS NOT NULL AND c.cost IS NOT NULL) AS counted,
           CASE WHEN c.duration_seconds < 30 THEN 0 WHEN c.duration_seconds < 60 THEN 1
                WHEN c.duration_seconds < 120 THEN 2 WHEN c.duration_seconds < 180 THEN 3
                WHEN c.duration_seconds < 300 THEN 4 WHEN c.duration_seconds < 600 THEN 5
                ELSE 6 END AS bucket
    FROM changes c JOIN zones z ON z.assistant_id = c.assistant_id
  ), hours AS (
    INSERT INTO call_rollups AS r (assistant_id, time_zone, day, hour, is_test,
      all_calls, all_passed, all_transferred, calls, passed, seconds, spend, inbound, outbound, web,
      d0, d1, d2, d3, d4, d5, d6, cost_transport, cost_stt, cost_llm, cost_tts, cost_vapi)
    SELECT f.assistant_id, f.zone, f.local::date, extract(hour FROM f.local)::smallint, f.is_test,
      sum(f.sign),
      sum(CASE WHEN f.outcome = 'pass' THEN f.sign ELSE 0 END),
      sum(CASE WHEN f.transferred THEN f.sign ELSE 0 END),
      sum(CASE WHEN f.counted THEN f.sign ELSE 0 END),
      sum(CASE WHEN f.counted AND f.outcome = 'pass' THEN f.sign ELSE 0 END),
      sum(CASE WHEN f.counted THEN f.sign * f.duration_seconds::numeric ELSE 0 END),
      sum(CASE WHEN f.counted THEN f.sign * f.cost::numeric ELSE 0 END),
      sum(CASE WHEN f.counted AND f.call_type = 'inbound' THEN f.sign ELSE 0 END),
      sum(CASE WHEN f.counted AND f.call_type = 'outbound' THEN f.sign ELSE 0 END),
      sum(CASE WHEN f.counted AND f.call_type = 'web' THEN f.sign ELSE 0 END),
      sum(CASE WHEN f.counted AND f.bucket = 0 THEN f.sign ELSE 0 END),
      sum(CASE WHEN f.counted AND f.bucket = 1 THEN f.sign ELSE 0 END),
      sum(CASE WHEN f.counted AND f.bucket = 2 THEN f.sign ELSE 0 END),
      sum(CASE WHEN f.counted AND f.bucket = 3 THEN f.sign ELSE 0 END),
      sum(CASE WHEN f.counted AND f.bucket = 4 THEN f.sign ELSE 0 END),
      sum(CASE WHEN f.counted AND f.bucket = 5 THEN f.sign ELSE 0 END),
      sum(CASE WHEN f.counted AND f.bucket = 6 THEN f.sign ELSE 0 END),
      sum(CASE WHEN f.counted THEN f.sign * coalesce(f.cost_transport::numeric, 0) ELSE 0 END),
      sum(CASE WHEN f.counted THEN f.sign * coalesce(f.cost_stt::numeric, 0) ELSE 0 END),
      sum(CASE WHEN f.counted THEN f.sign * coalesce(f.cost_llm::numeric, 0) ELSE 0 END),
      sum(CASE WHEN f.counted THEN f.sign * coalesce(f.cost_tts::numeric, 0) ELSE 0 END),
      sum(CASE WHEN f.counted THEN f.sign * coalesce(f.cost_vapi::numeric, 0) ELSE 0 END)
    FROM facts f
    GROUP BY 1, 2, 3, 4, 5
    ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT (assistant_id, time_zone, day, hour, is_test) DO UPDATE SET
      all_calls = r.all_calls + excluded.all_calls,
      all_passed = r.all_passed + excluded.all_passed,
      all_transferred = r.all_transferred + excluded.all_transferred,
      calls = r.calls + excluded.calls,
      passed = r.passed + excluded.passed,
      seconds = r.seconds + excluded.seconds,
      spend = r.spend + excluded.spend,
      inbound = r.inbound + excluded.inbound,
      outbound = r.outbound + excluded.outbound,
      web = r.web + excluded.web,
      d0 = r.d0 + excluded.d0, d1 = r.d1 + excluded.d1, d2 = r.d2 + excluded.d2,
      d3 = r.d3 + excluded.d3, d4 = r.d4 + excluded.d4, d5 = r.d5 + excluded.d5,
      d6 = r.d6 + excluded.d6,
      cost_transport = r.cost_transport + excluded.cost_transport,
      cost_stt = r.cost_stt + excluded.cost_stt,
      cost_llm = r.cost_llm + excluded.cost_llm,
      cost_tts = r.cost_tts + excluded.cost_tts,
      cost_vapi = r.cost_vapi + excluded.cost_vapi
    RETURNING r.*
  ), reasons AS (
    INSERT INTO call_rollup_reasons AS r (assistant_id, time_zone, day, is_test, ended_reason, calls)
    SELECT f.assistant_id, f.zone, f.local::date, f.is_test, f.ended_reason, sum(f.sign)
    FROM facts f WHERE f.counted
    GROUP BY 1, 2, 3, 4, 5
    ORDER BY 1, 2, 3, 4, 5
    ON CONFLICT ON CONSTRAINT call_rollup_reasons_key DO UPDATE SET calls = r.calls + excluded.calls
    RETURNING r.*
  )
  SELECT (SELECT coalesce(array_agg(h::call_rollups), '{}') FROM hours h WHERE h.all_calls = 0),
         (SELECT coalesce(array_agg(x::call_rollup_reasons), '{}') FROM reasons x WHERE x.calls = 0)
  INTO emptied_hours, emptied_reasons;

  -- A row whose calls are all gone is dropped, as a recount would not have it.
  DELETE FROM call_rollups r USING unnest(emptied_hours) e
  WHERE r.assistant_id = e.assistant_id AND r.time_zone = e.time_zone AND r.day = e.day
    AND r.hour = e.hour AND r.is_test = e.is_test AND r.all_calls = 0;
  DELETE FROM call_rollup_reasons r USING unnest(emptied_reasons) e
  WHERE r.assistant_id = e.assistant_id AND r.time_zone = e.time_zone AND r.day = e.day
    AND r.is_test = e.is_test AND r.ended_reason IS NOT DISTINCT FROM e.ended_reason AND r.calls = 0;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "call_rollup_rebuild"("assistant" text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(28, hashtext(assistant));
  DELETE FROM call_rollups WHERE assistant_id = assistant;
  DELETE FROM call_rollup_reasons WHERE assistant_id = assistant;
  PERFORM call_rollup_apply(array(
    SELECT row(c.assistant_id, c.created_at, c.is_test, c.status, c.ended_reason, c.call_type,
               c.outcome, c.transferred, c.duration_seconds, c.cost, c.cost_transport, c.cost_stt,
               c.cost_llm, c.cost_tts, c.cost_vapi)::call_rollup_input
    FROM calls c WHERE c.assistant_id = assistant), '{}');
END
$$;
--> statement-breakpoint
CREATE FUNCTION "calls_rollup_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF tg_op = 'INSERT' THEN
    PERFORM call_rollup_apply(array(
      SELECT row(n.assistant_id, n.created_at, n.is_test, n.status, n.ended_reason, n.call_type,
                 n.outcome, n.transferred, n.duration_seconds, n.cost, n.cost_transport, n.cost_stt,
                 n.cost_llm, n.cost_tts, n.cost_vapi)::call_rollup_input FROM new_rows n), '{}');
  ELSIF tg_op = 'UPDATE' THEN
    PERFORM call_rollup_apply(array(
      SELECT row(n.assistant_id, n.created_at, n.is_test, n.status, n.ended_reason, n.call_type,
                 n.outcome, n.transferred, n.duration_seconds, n.cost, n.cost_transport, n.cost_stt,
                 n.cost_llm, n.cost_tts, n.cost_vapi)::call_rollup_input FROM new_rows n), array(
      SELECT row(o.assistant_id, o.created_at, o.is_test, o.status, o.ended_reason, o.call_type,
                 o.outcome, o.transferred, o.duration_seconds, o.cost, o.cost_transport, o.cost_stt,
                 o.cost_llm, o.cost_tts, o.cost_vapi)::call_rollup_input FROM old_rows o));
  ELSIF tg_op = 'DELETE' THEN
    PERFORM call_rollup_apply('{}', array(
      SELECT row(o.assistant_id, o.created_at, o.is_test, o.status, o.ended_reason, o.call_type,
                 o.outcome, o.transferred, o.duration_seconds, o.cost, o.cost_transport, o.cost_stt,
                 o.cost_llm, o.cost_tts, o.cost_vapi)::call_rollup_input FROM old_rows o));
  ELSE
    TRUNCATE call_rollups, call_rollup_reasons;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "calls_rollup_insert" AFTER INSERT ON "calls" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION calls_rollup_trigger();
--> statement-breakpoint
CREATE TRIGGER "calls_rollup_update" AFTER UPDATE ON "calls" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION calls_rollup_trigger();
--> statement-breakpoint
CREATE TRIGGER "calls_rollup_delete" AFTER DELETE ON "calls" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION calls_rollup_trigger();
--> statement-breakpoint
CREATE TRIGGER "calls_rollup_truncate" AFTER TRUNCATE ON "calls" FOR EACH STATEMENT EXECUTE FUNCTION calls_rollup_trigger();
--> statement-breakpoint
CREATE FUNCTION "agents_rollup_zone_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  assistant text := CASE WHEN tg_op = 'DELETE' THEN old.platform_assistant_id ELSE new.platform_assistant_id END;
BEGIN
  -- Locked before looking, so a call written meanwhile is either seen here or waits and then
  -- reads the new zone.
  PERFORM pg_advisory_xact_lock(28, hashtext(assistant));
  IF EXISTS (SELECT 1 FROM call_rollups WHERE assistant_id = assistant AND time_zone <> call_rollup_zone(assistant))
     OR EXISTS (SELECT 1 FROM call_rollup_reasons WHERE assistant_id = assistant AND time_zone <> call_rollup_zone(assistant)) THEN
    PERFORM call_rollup_rebuild(assistant);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "agents_rollup_zone_change" AFTER UPDATE OF "business_id" ON "agents" FOR EACH ROW WHEN (old.business_id IS DISTINCT FROM new.business_id) EXECUTE FUNCTION agents_rollup_zone_trigger();
--> statement-breakpoint
CREATE TRIGGER "agents_rollup_zone_insert_delete" AFTER INSERT OR DELETE ON "agents" FOR EACH ROW EXECUTE FUNCTION agents_rollup_zone_trigger();
--> statement-breakpoint
CREATE FUNCTION "businesses_rollup_zone_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM call_rollup_rebuild(a.platform_assistant_id)
  FROM (SELECT platform_assistant_id FROM agents WHERE business_id = new.id ORDER BY 1) a;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "businesses_rollup_zone_change" AFTER UPDATE OF "timezone" ON "businesses" FOR EACH ROW WHEN (old.timezone IS DISTINCT FROM new.timezone) EXECUTE FUNCTION businesses_rollup_zone_trigger();
--> statement-breakpoint
SELECT call_rollup_rebuild(s.assistant_id) FROM (SELECT DISTINCT assistant_id FROM calls WHERE assistant_id IS NOT NULL ORDER BY 1) s;
