import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { businesses } from './businesses';
import { idColumn, ownedBy, ts } from './columns';

/**
 * A business's private calendar feed (iCalendar): whoever holds the token reads the business's
 * appointments at /api/calendar-feeds/<token>.ics, as Google, Outlook and Apple calendars poll it.
 * At most one live (not revoked) feed per business; rotating revokes it and makes a new one.
 * The token is kept as it is so the owner can copy the address again (a read-only secret, like
 * the "secret address" of a shared calendar); a revoked token answers 404.
 */
export const calendarFeeds = pgTable(
  'calendar_feeds',
  {
    id: idColumn(),
    businessId: ownedBy('business_id', () => businesses.id),
    /** 256 random bits, base64url. */
    token: text('token').notNull(),
    createdByUserId: uuid('created_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: ts('created_at').notNull().defaultNow(),
    revokedAt: ts('revoked_at'),
    /** When a calendar last read it (at most once a minute is written). */
    lastReadAt: ts('last_read_at'),
  },
  (t) => [
    uniqueIndex('calendar_feeds_token_idx').on(t.token),
    uniqueIndex('calendar_feeds_live_idx')
      .on(t.businessId)
      .where(sql`revoked_at is null`),
  ],
);

/**
 * Where a business's events are sent (Standard Webhooks): a URL, the events it takes and the
 * signing secret (whsec_…, shown to the owner once, kept to sign every delivery).
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: idColumn(),
    businessId: ownedBy('business_id', () => businesses.id),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    /** Event types it takes (enquiry.created, appointment.booked, …). */
    events: text('events').array().notNull(),
    secret: text('secret').notNull(),
    /** A disabled endpoint gets no new deliveries; the ones waiting are not sent. */
    enabled: boolean('enabled').notNull().default(true),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('webhook_endpoints_business_idx').on(t.businessId)],
);

/**
 * One event for one endpoint: the outbox of outgoing webhooks. Inserted where the event happens
 * (one INSERT … SELECT over the business's endpoints, in the caller's transaction), sent by the
 * delivery job: pending → sending (under a lease) → delivered, or back to pending with back-off
 * after a failed attempt, or failed when the attempts are used up. `event_key` makes raising the
 * same event twice (a repeated tool call, a call synced again) a no-op.
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: idColumn(),
    endpointId: ownedBy('endpoint_id', () => webhookEndpoints.id),
    businessId: ownedBy('business_id', () => businesses.id),
    eventType: text('event_type').notNull(),
    eventKey: text('event_key').notNull(),
    /** The whole body sent: { type, timestamp, data }. */
    payload: jsonb('payload').notNull(),
    /** pending | sending | delivered | failed */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    leaseUntil: ts('lease_until'),
    lastAttemptAt: ts('last_attempt_at'),
    lastStatusCode: integer('last_status_code'),
    lastError: text('last_error'),
    deliveredAt: ts('delivered_at'),
    /** Set by the owner's Resend; the next attempt is logged as theirs and clears it. */
    resendRequestedAt: ts('resend_requested_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('webhook_deliveries_event_idx').on(t.endpointId, t.eventKey),
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`status in ('pending', 'sending')`),
    index('webhook_deliveries_endpoint_created_idx').on(t.endpointId, t.createdAt.desc()),
  ],
);

/** Each attempt to deliver: when, how long, the receiver's status code or why there was none. */
export const webhookAttempts = pgTable(
  'webhook_attempts',
  {
    id: idColumn(),
    deliveryId: ownedBy('delivery_id', () => webhookDeliveries.id),
    attemptedAt: ts('attempted_at').notNull().defaultNow(),
    durationMs: integer('duration_ms').notNull(),
    /** The receiver's HTTP status; null when none came (refused, timed out, not allowed). */
    statusCode: integer('status_code'),
    ok: boolean('ok').notNull(),
    error: text('error'),
    /** resend: started by the owner's Resend button. */
    trigger: text('trigger').notNull().default('automatic'),
  },
  (t) => [index('webhook_attempts_delivery_idx').on(t.deliveryId, t.attemptedAt)],
);
