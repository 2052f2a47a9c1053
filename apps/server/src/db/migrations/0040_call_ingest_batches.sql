-- hand-written: call ingest (decisions 080, 112). A webhook's messages that arrive together are stored by one statement: what a message adds to its call (a report's merge, its live transcript dropped, the assistant whose webhook arrived) moves from the function's parameters into the call's row, and the function answers per call. Its parameters change, so this is a second function of the same name; the five-parameter one stays for the instances a rolling deploy still runs on the build before (a later migration may drop it). The function is the call ingest service's INGEST_FUNCTION (call-ingest.test.ts checks they are equal).
CREATE OR REPLACE FUNCTION "call_ingest"("p_calls" jsonb, "p_channel" text)
RETURNS TABLE ("ingest_written" json, "ingest_merged" json, "ingest_raised" integer, "ingest_businesses" json, "ingest_announced" integer)
LANGUAGE plpgsql SET plan_cache_mode = force_generic_plan AS $ingest$
BEGIN
  RETURN QUERY with r as materialized (select * from jsonb_to_recordset($1::jsonb) as r(id text, assistant_id text,
    phone_number_id text, type text, status text, ended_reason text, success_evaluation text,
    customer_number text, started_at timestamptz, ended_at timestamptz, cost double precision,
    is_test boolean, created_at timestamptz, updated_at timestamptz, payload jsonb,
    merge jsonb, drop_live boolean, arrival text)),
  arrival as (update agents set last_webhook_at = now()
    where platform_assistant_id in (select arrival from r where arrival is not null)
    returning platform_assistant_id, business_id),
  up as (insert into calls as c (id, assistant_id, phone_number_id, type, status, ended_reason,
      success_evaluation, customer_number, started_at, ended_at, cost, is_test, created_at,
      updated_at, payload)
    select id, assistant_id, phone_number_id, type, status, ended_reason, success_evaluation,
      customer_number, started_at, ended_at, cost, coalesce(is_test, false), created_at,
      updated_at, payload
    from r
    on conflict (id) do update set
      assistant_id = excluded.assistant_id, phone_number_id = excluded.phone_number_id,
      type = excluded.type, status = excluded.status, ended_reason = excluded.ended_reason,
      success_evaluation = excluded.success_evaluation, customer_number = excluded.customer_number,
      started_at = excluded.started_at, ended_at = excluded.ended_at, cost = excluded.cost,
      -- Once a test call, always a test call (a later sync copy does not know it was ours).
      is_test = c.is_test or excluded.is_test, created_at = excluded.created_at,
      updated_at = excluded.updated_at, payload = excluded.payload, ingested_at = now()
    where excluded.updated_at >= c.updated_at and c.erased_at is null
    returning c.id, c.assistant_id, c.status, c.call_type, c.customer_number, c.started_at,
      c.ended_at, c.duration_seconds, c.cost, c.ended_reason, c.outcome, c.transferred,
      c.success_evaluation, c.is_test),
  merged as (update calls c set
      ended_reason = coalesce(r.merge->>'endedReason', c.ended_reason),
      success_evaluation = coalesce(r.merge->>'evaluation', c.success_evaluation),
      cost = coalesce((r.merge->>'cost')::double precision, c.cost),
      is_test = c.is_test or coalesce(r.is_test, false),
      payload = c.payload || coalesce((select jsonb_object_agg(f, r.payload->f)
        from jsonb_array_elements_text(r.merge->'fromCall') f), '{}'::jsonb)
        || (r.merge->'fields'),
      ingested_at = now()
    from r
    where r.merge is not null and c.id = r.id and c.updated_at > r.updated_at
      and c.erased_at is null and not exists (select 1 from up w where w.id = r.id)
    returning c.id),
  ended as (
    insert into webhook_deliveries (endpoint_id, business_id, event_type, event_key, payload)
    select e.id, e.business_id, 'call.ended'::text, 'call.ended:' || src.id,
      jsonb_build_object('type', 'call.ended'::text, 'timestamp', to_char(now() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'data', jsonb_build_object(
      'id', src.id, 'type', src.call_type, 'customerNumber', src.customer_number,
      'startedAt', to_char(src.started_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'endedAt', to_char(src.ended_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
      'durationSeconds', src.duration_seconds, 'costUsd', src.cost,
      'endedReason', src.ended_reason, 'successful', src.outcome = 'pass', 'transferred', src.transferred,
      'successEvaluation', src.success_evaluation, 'test', src.is_test,
      'agent', jsonb_build_object('id', src.assistant_id, 'name', coalesce(nullif(ag.name, ''), src.assistant_id))))
    from (
        select w.*, a.business_id from up w
        join agents a on a.platform_assistant_id = w.assistant_id
        where w.status = 'ended'
          and w.ended_at > now() - interval '1 day'
          and a.business_id is not null
          and exists (select 1 from webhook_endpoints we where we.business_id = a.business_id and we.enabled)
      ) src
      join agents ag on ag.platform_assistant_id = src.assistant_id
    join webhook_endpoints e
      on e.business_id = src.business_id and e.enabled and 'call.ended'::text = any(e.events)
    where true
    on conflict (endpoint_id, event_key) do nothing returning 1),
  dropped as (delete from call_live_transcripts t using r
    where r.drop_live and t.call_id = r.id returning 1),
  notified as (select pg_notify($2::text,
      json_build_object('businessId', (select a.business_id from arrival a where a.platform_assistant_id = r.arrival limit 1), 'callId', r.id)::text)
    from r
    where $2::text is not null)
select (select coalesce(json_agg(id), '[]'::json) from up) as ingest_written,
  (select coalesce(json_agg(id), '[]'::json) from merged) as ingest_merged,
  (select count(*)::int from ended) as ingest_raised,
  (select coalesce(json_object_agg(platform_assistant_id, business_id), '{}'::json) from arrival) as ingest_businesses,
  (select count(*)::int from notified) as ingest_announced;
END
$ingest$;