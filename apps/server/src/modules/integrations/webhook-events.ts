import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { WebhookEventType } from '@switchboard/shared/integrations';
import type { Db } from '../../db/client';

/**
 * Raising an event where it happens: one INSERT … SELECT that puts a delivery in the outbox
 * (webhook_deliveries) for each of the business's enabled endpoints that takes the event, with
 * the body built by the database from the rows as they are now. Nothing is sent here: the
 * delivery job does that (decision 061), so a receiver that is slow or down never delays the
 * request or the webhook that raised the event. A business without endpoints costs one indexed
 * lookup that finds none. Raising the same event again (the same `event_key`: a repeated tool
 * call, a call synced twice) adds nothing.
 */

/** A timestamptz as ISO 8601 in UTC with milliseconds, as JavaScript's toISOString writes it. */
const iso = (column: SQL) =>
  sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Inserts one delivery per endpoint of the row's business that takes `type`. */
function raise(type: WebhookEventType, key: SQL, data: SQL, from: SQL, where: SQL): SQL {
  // The type is one of our own words (no quote can be in it): a literal, not a parameter.
  const typeText = sql.raw(`'${type}'::text`);
  return sql`
    insert into webhook_deliveries (endpoint_id, business_id, event_type, event_key, payload)
    select e.id, e.business_id, ${typeText}, ${key},
      jsonb_build_object('type', ${typeText}, 'timestamp', ${iso(sql`now()`)}, 'data', ${data})
    ${from}
    join webhook_endpoints e
      on e.business_id = src.business_id and e.enabled and ${typeText} = any(e.events)
    where ${where}
    on conflict (endpoint_id, event_key) do nothing`;
}

const contactJson = sql`jsonb_build_object('id', c.id, 'name', c.name, 'phone', c.phone, 'email', c.email)`;
const agentJson = sql`case when src.assistant_id is null then null
  else jsonb_build_object('id', src.assistant_id, 'name', coalesce(ag.name, src.assistant_id)) end`;

/** A new enquiry (by hand or from an agent's tool). */
export async function raiseEnquiryCreated(db: Db, enquiryId: string): Promise<void> {
  await db.execute(
    raise(
      'enquiry.created',
      sql`'enquiry.created:' || src.id`,
      sql`jsonb_build_object(
        'id', src.id, 'subject', src.subject, 'message', src.message,
        'priority', src.priority, 'status', src.status, 'source', src.source,
        'test', src.is_test, 'callId', src.call_id, 'createdAt', ${iso(sql`src.created_at`)},
        'contact', ${contactJson}, 'agent', ${agentJson})`,
      sql`from enquiries src
        join contacts c on c.id = src.contact_id
        left join agents ag on ag.platform_assistant_id = src.assistant_id`,
      sql`src.id = ${enquiryId}`,
    ),
  );
  raised();
}

export type AppointmentEvent =
  | 'appointment.booked'
  | 'appointment.changed'
  | 'appointment.cancelled';

/** A booking, a change (new time, outcome, notes) or a cancellation: one event per revision. */
export async function raiseAppointmentEvent(
  db: Db,
  type: AppointmentEvent,
  appointmentId: string,
): Promise<void> {
  await db.execute(
    raise(
      type,
      sql`${type}::text || ':' || src.id || ':' || src.revision`,
      sql`jsonb_build_object(
        'id', src.id, 'service', src.service,
        'startsAt', ${iso(sql`src.starts_at`)}, 'endsAt', ${iso(sql`src.ends_at`)},
        'timeZone', b.timezone, 'status', src.status, 'notes', src.notes, 'source', src.source,
        'test', src.is_test, 'revision', src.revision, 'callId', src.call_id,
        'updatedAt', ${iso(sql`src.updated_at`)},
        'contact', ${contactJson}, 'agent', ${agentJson})`,
      sql`from appointments src
        join contacts c on c.id = src.contact_id
        join businesses b on b.id = src.business_id
        left join agents ag on ag.platform_assistant_id = src.assistant_id`,
      sql`src.id = ${appointmentId}`,
    ),
  );
  raised();
}

/**
 * Calls that have ended, as the platform's webhook or the sync just stored them: one event per
 * call, only for calls that ended in the last day (a first sync of 90 days of history, or an
 * endpoint added later, does not replay old calls). A squad's call without an assistant is not
 * tied to a business here and raises nothing. `written` names a relation with the calls table's
 * columns (the call ingest's upsert, `returning`), so the event is raised in the statement that
 * wrote the calls; the answer is SQL text without parameters, returning one row per delivery.
 */
export function callsEndedSql(written: string): string {
  const statement = raise(
    'call.ended',
    sql`'call.ended:' || src.id`,
    sql`jsonb_build_object(
      'id', src.id, 'type', src.call_type, 'customerNumber', src.customer_number,
      'startedAt', ${iso(sql`src.started_at`)}, 'endedAt', ${iso(sql`src.ended_at`)},
      'durationSeconds', src.duration_seconds, 'costUsd', src.cost,
      'endedReason', src.ended_reason, 'successful', src.outcome = 'pass', 'transferred', src.transferred,
      'successEvaluation', src.success_evaluation, 'test', src.is_test,
      'agent', jsonb_build_object('id', src.assistant_id, 'name', coalesce(nullif(ag.name, ''), src.assistant_id)))`,
    sql`from (
        select w.*, a.business_id from ${sql.raw(written)} w
        join agents a on a.platform_assistant_id = w.assistant_id
        where w.status = 'ended'
          and w.ended_at > now() - interval '1 day'
          and a.business_id is not null
          and exists (select 1 from webhook_endpoints we where we.business_id = a.business_id and we.enabled)
      ) src
      join agents ag on ag.platform_assistant_id = src.assistant_id`,
    sql`true`,
  );
  const { sql: text, params } = new PgDialect().sqlToQuery(statement);
  if (params.length > 0) throw new Error('callsEndedSql: the statement must have no parameters');
  return `${text} returning 1`;
}

type RaisedListener = () => void;
const raisedListeners = new Set<RaisedListener>();

/**
 * Told after an event was raised, so a running delivery job looks at the queue at once instead
 * of at its next poll (a raise inside a transaction may not be visible yet: then the poll finds
 * it). Answers a function that stops listening.
 */
export function onEventRaised(listener: RaisedListener): () => void {
  raisedListeners.add(listener);
  return () => raisedListeners.delete(listener);
}

/** Tells the listeners an event was raised (by a statement built elsewhere, callsEndedSql). */
export function raised() {
  for (const listener of raisedListeners) listener();
}
