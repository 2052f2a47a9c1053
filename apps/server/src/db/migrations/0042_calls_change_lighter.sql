-- hand-written: less work for each statement that changes calls, the same results (decision 114). The change trigger reads each transition table once, for the rows of the rollups and the ids of the answers' scopes together, where it read the new rows four times (whether there were any, their agents, their squads, their rows); call_rollup_apply runs its two deletes only when a rollup row was emptied, which an insert never does (on PGlite each statement a function runs costs ~0.05-0.2 ms, whatever it finds; bench:sync-ingest-cost).
CREATE OR REPLACE FUNCTION "calls_change_trigger"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  added call_rollup_input[];
  removed call_rollup_input[];
  assistants text[];
  squads text[];
BEGIN
  IF tg_op = 'TRUNCATE' THEN
    PERFORM answer_versions_bump(array['*']);
    TRUNCATE call_rollups, call_rollup_reasons;
    RETURN NULL;
  END IF;
  -- One pass over each transition table gathers what both parts read (no rows: nothing to do;
  -- an update has as many old rows as new ones).
  IF tg_op <> 'DELETE' THEN
    SELECT array_agg(row(n.assistant_id, n.created_at, n.is_test, n.status, n.ended_reason, n.call_type,
                 n.outcome, n.transferred, n.duration_seconds, n.cost, n.cost_transport, n.cost_stt,
                 n.cost_llm, n.cost_tts, n.cost_vapi)::call_rollup_input),
           array_agg(n.assistant_id), array_agg(n.squad_id)
    INTO added, assistants, squads FROM new_rows n;
    IF added IS NULL THEN RETURN NULL; END IF;
  END IF;
  IF tg_op <> 'INSERT' THEN
    SELECT array_agg(row(o.assistant_id, o.created_at, o.is_test, o.status, o.ended_reason, o.call_type,
                 o.outcome, o.transferred, o.duration_seconds, o.cost, o.cost_transport, o.cost_stt,
                 o.cost_llm, o.cost_tts, o.cost_vapi)::call_rollup_input),
           coalesce(assistants, '{}') || array_agg(o.assistant_id),
           coalesce(squads, '{}') || array_agg(o.squad_id)
    INTO removed, assistants, squads FROM old_rows o;
    IF removed IS NULL THEN RETURN NULL; END IF;
  END IF;
  PERFORM answer_versions_bump(answer_scopes_of_calls(assistants, squads));
  PERFORM call_rollup_apply(coalesce(added, '{}'), coalesce(removed, '{}'));
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "call_rollup_apply"("added" call_rollup_input[], "removed" call_rollup_input[]) RETURNS void LANGUAGE plpgsql AS $$
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

  -- A row whose calls are all gone is dropped, as a recount would not have it. Most changes
  -- empty none (an insert never does): then no statement runs.
  IF cardinality(emptied_hours) > 0 THEN
    DELETE FROM call_rollups r USING unnest(emptied_hours) e
    WHERE r.assistant_id = e.assistant_id AND r.time_zone = e.time_zone AND r.day = e.day
      AND r.hour = e.hour AND r.is_test = e.is_test AND r.all_calls = 0;
  END IF;
  IF cardinality(emptied_reasons) > 0 THEN
    DELETE FROM call_rollup_reasons r USING unnest(emptied_reasons) e
    WHERE r.assistant_id = e.assistant_id AND r.time_zone = e.time_zone AND r.day = e.day
      AND r.is_test = e.is_test AND r.ended_reason IS NOT DISTINCT FROM e.ended_reason AND r.calls = 0;
  END IF;
END
$$;
