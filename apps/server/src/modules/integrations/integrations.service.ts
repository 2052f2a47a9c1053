import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, gte, inArray, isNull, ne, sql } from 'drizzle-orm';
import ical, { ICalEventStatus } from 'ical-generator';
import {
  integrationMessages,
  WEBHOOK_DELIVERIES_PAGE,
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_EVENT_TYPES,
  type CalendarFeed,
  type DeliveryStatus,
  type WebhookDeliveryList,
  type WebhookEndpoint,
  type WebhookEndpointCreated,
  type WebhookEventType,
} from '@switchboard/shared/integrations';
import type { Db } from '../../db/client';
import {
  appointments,
  appointmentSlot,
  businesses,
  calendarFeeds,
  contacts,
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
} from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { messageIdOf } from './webhook-delivery.job';
import { checkWebhookTarget, type TargetRules } from './webhook-target';

/** How far back and ahead the calendar feed reaches (calendars keep what they already saw). */
const FEED_PAST_DAYS = 90;
const FEED_FUTURE_DAYS = 400;
const FEED_MAX_EVENTS = 5000;
const DAY = 86_400_000;

const endpointNotFound = () => new AppError('NOT_FOUND', integrationMessages.endpointNotFound);
const urlRefused = (message: string) =>
  new AppError('VALIDATION_ERROR', message, { issues: [{ path: 'body.url', message }] });

const isEvent = (value: string): value is WebhookEventType =>
  (WEBHOOK_EVENT_TYPES as readonly string[]).includes(value);
const isDeliveryStatus = (value: string): value is DeliveryStatus =>
  ['pending', 'sending', 'delivered', 'failed'].includes(value);

/** 256 random bits, URL-safe: the feed's token, unguessable. */
const newFeedToken = () => randomBytes(32).toString('base64url');
/** A Standard Webhooks signing secret: whsec_ and 32 random bytes in base64. */
const newSigningSecret = () => `whsec_${randomBytes(32).toString('base64')}`;

/**
 * A business's integrations (decision 061): its private calendar feed and its webhook endpoints
 * with their deliveries. Every query is scoped by the business: another business's endpoint or
 * delivery is not found.
 */
export class IntegrationsService {
  constructor(
    private readonly deps: {
      db: Db;
      rules: TargetRules;
      /** Where the feed's address points (PUBLIC_URL, else the listening address). */
      publicBaseUrl: () => string;
      /** Tells the delivery job to look at the queue (a resend). */
      kick?: () => void;
    },
  ) {}

  // ---- Calendar feed ------------------------------------------------------------------------

  private feedUrls(token: string) {
    const url = `${this.deps.publicBaseUrl().replace(/\/$/, '')}/api/calendar-feeds/${token}.ics`;
    return { url, webcalUrl: url.replace(/^https?:/, 'webcal:') };
  }

  async getFeed(businessId: string): Promise<CalendarFeed> {
    const [feed] = await this.deps.db
      .select()
      .from(calendarFeeds)
      .where(and(eq(calendarFeeds.businessId, businessId), isNull(calendarFeeds.revokedAt)));
    if (!feed) return { feed: null };
    return {
      feed: {
        ...this.feedUrls(feed.token),
        createdAt: feed.createdAt.toISOString(),
        lastReadAt: feed.lastReadAt?.toISOString() ?? null,
      },
    };
  }

  /** A new feed address; the one before it (if any) is revoked in the same transaction. */
  async rotateFeed(businessId: string, userId: string | null): Promise<CalendarFeed> {
    await this.deps.db.transaction(async (tx) => {
      await tx
        .update(calendarFeeds)
        .set({ revokedAt: sql`now()` })
        .where(and(eq(calendarFeeds.businessId, businessId), isNull(calendarFeeds.revokedAt)));
      await tx
        .insert(calendarFeeds)
        .values({ businessId, token: newFeedToken(), createdByUserId: userId });
    });
    return this.getFeed(businessId);
  }

  /** Revokes the feed: its address answers 404 from now on. */
  async revokeFeed(businessId: string): Promise<void> {
    const revoked = await this.deps.db
      .update(calendarFeeds)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(calendarFeeds.businessId, businessId), isNull(calendarFeeds.revokedAt)))
      .returning({ id: calendarFeeds.id });
    if (revoked.length === 0) throw new AppError('NOT_FOUND', integrationMessages.feedNotFound);
  }

  /**
   * The feed's iCalendar text for a live token, or null (unknown or revoked: 404). Times are
   * written in UTC (…Z), which every calendar converts to its viewer's zone; X-WR-TIMEZONE
   * names the business's. Each appointment keeps its UID for life; SEQUENCE is its revision and
   * LAST-MODIFIED its last change, so calendars replace the copy they have; a cancelled one
   * stays in the feed as STATUS:CANCELLED. Test bookings (Talk to agent) are left out.
   */
  async renderFeed(token: string): Promise<string | null> {
    const { db } = this.deps;
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
    const [feed] = await db
      .select({
        id: calendarFeeds.id,
        businessId: calendarFeeds.businessId,
        lastReadAt: calendarFeeds.lastReadAt,
        name: businesses.name,
        timezone: businesses.timezone,
      })
      .from(calendarFeeds)
      .innerJoin(businesses, eq(businesses.id, calendarFeeds.businessId))
      .where(and(eq(calendarFeeds.token, token), isNull(calendarFeeds.revokedAt)));
    if (!feed) return null;
    const now = Date.now();
    const rows = await db
      .select({
        ...appointmentSlot,
        notes: appointments.notes,
        revision: appointments.revision,
        createdAt: appointments.createdAt,
        updatedAt: appointments.updatedAt,
        contactName: contacts.name,
        contactPhone: contacts.phone,
        contactEmail: contacts.email,
      })
      .from(appointments)
      .innerJoin(contacts, eq(contacts.id, appointments.contactId))
      .where(
        and(
          eq(appointments.businessId, feed.businessId),
          eq(appointments.isTest, false),
          gte(appointments.startsAt, new Date(now - FEED_PAST_DAYS * DAY)),
          sql`${appointments.startsAt} < ${new Date(now + FEED_FUTURE_DAYS * DAY)}`,
        ),
      )
      .orderBy(appointments.startsAt, appointments.id)
      .limit(FEED_MAX_EVENTS);
    // At most one write a minute, so a calendar polling often does not write on every read.
    if (!feed.lastReadAt || now - feed.lastReadAt.getTime() > 60_000) {
      await db
        .update(calendarFeeds)
        .set({ lastReadAt: sql`now()` })
        .where(eq(calendarFeeds.id, feed.id));
    }
    const calendar = ical({
      name: `${feed.name} appointments`,
      prodId: { company: 'Switchboard', product: 'Appointments', language: 'EN' },
      ttl: 15 * 60,
    });
    const host = new URL(this.deps.publicBaseUrl()).hostname || 'switchboard';
    for (const row of rows) {
      const who = row.contactName || row.contactPhone || row.contactEmail || 'a customer';
      const lines = [
        `Customer: ${row.contactName || '—'}`,
        ...(row.contactPhone ? [`Phone: ${row.contactPhone}`] : []),
        ...(row.contactEmail ? [`Email: ${row.contactEmail}`] : []),
        ...(row.status === 'completed' ? ['Outcome: completed'] : []),
        ...(row.status === 'no_show' ? ['Outcome: no-show'] : []),
        ...(row.notes ? ['', row.notes] : []),
      ];
      calendar.createEvent({
        id: `${row.id}@${host}`,
        start: row.startsAt,
        end: row.endsAt,
        summary: `${row.service} — ${who}`,
        description: lines.join('\n'),
        sequence: row.revision,
        stamp: row.updatedAt,
        created: row.createdAt,
        lastModified: row.updatedAt,
        status: row.status === 'cancelled' ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
      });
    }
    // The business's zone as a calendar property: RFC 5545 puts those before the events, and
    // ical-generator writes its x-properties after them, so the line goes in by hand.
    return calendar
      .toString()
      .replace(/^(X-WR-CALNAME:.*\r\n(?: .*\r\n)*)/m, `$1X-WR-TIMEZONE:${feed.timezone}\r\n`);
  }

  // ---- Webhook endpoints -----------------------------------------------------------------

  private async endpointRow(businessId: string, id: string) {
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw endpointNotFound();
    const [row] = await this.deps.db
      .select()
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.businessId, businessId)));
    if (!row) throw endpointNotFound();
    return row;
  }

  async listEndpoints(
    businessId: string,
  ): Promise<{ data: WebhookEndpoint[]; publicOnly: boolean }> {
    const { db } = this.deps;
    const rows = await db
      .select()
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.businessId, businessId))
      .orderBy(webhookEndpoints.createdAt, webhookEndpoints.id);
    const latest = rows.length
      ? await db
          .selectDistinctOn([webhookDeliveries.endpointId], {
            endpointId: webhookDeliveries.endpointId,
            status: webhookDeliveries.status,
            createdAt: webhookDeliveries.createdAt,
            lastAttemptAt: webhookDeliveries.lastAttemptAt,
            statusCode: webhookDeliveries.lastStatusCode,
          })
          .from(webhookDeliveries)
          .where(
            inArray(
              webhookDeliveries.endpointId,
              rows.map((row) => row.id),
            ),
          )
          .orderBy(webhookDeliveries.endpointId, desc(webhookDeliveries.createdAt))
      : [];
    const byEndpoint = new Map(latest.map((row) => [row.endpointId, row]));
    return {
      data: rows.map((row) => {
        const last = byEndpoint.get(row.id);
        return {
          ...this.endpointView(row),
          lastDelivery: last
            ? {
                status: isDeliveryStatus(last.status) ? last.status : 'pending',
                at: (last.lastAttemptAt ?? last.createdAt).toISOString(),
                statusCode: last.statusCode,
              }
            : null,
        };
      }),
      publicOnly: this.deps.rules.publicOnly,
    };
  }

  private endpointView(row: typeof webhookEndpoints.$inferSelect): WebhookEndpoint {
    return {
      id: row.id,
      url: row.url,
      description: row.description,
      events: row.events.filter(isEvent),
      enabled: row.enabled,
      createdAt: row.createdAt.toISOString(),
      lastDelivery: null,
    };
  }

  async createEndpoint(
    businessId: string,
    input: { url: string; description: string; events: WebhookEventType[] },
  ): Promise<WebhookEndpointCreated> {
    const check = await checkWebhookTarget(input.url, this.deps.rules);
    if (!check.ok) throw urlRefused(check.reason);
    const { db } = this.deps;
    const [existing] = await db
      .select({ n: count() })
      .from(webhookEndpoints)
      .where(eq(webhookEndpoints.businessId, businessId));
    if ((existing?.n ?? 0) >= WEBHOOK_ENDPOINTS_MAX) {
      throw new AppError('CONFLICT', integrationMessages.tooMany);
    }
    const secret = newSigningSecret();
    const [row] = await db
      .insert(webhookEndpoints)
      .values({
        businessId,
        url: check.url.href,
        description: input.description,
        events: input.events,
        secret,
      })
      .returning();
    if (!row) throw new Error('the endpoint was not stored');
    return { ...this.endpointView(row), secret };
  }

  async updateEndpoint(
    businessId: string,
    id: string,
    input: {
      enabled?: boolean | undefined;
      events?: WebhookEventType[] | undefined;
      description?: string | undefined;
    },
  ): Promise<WebhookEndpoint> {
    await this.endpointRow(businessId, id);
    const [row] = await this.deps.db
      .update(webhookEndpoints)
      .set({
        ...(input.enabled !== undefined ? { enabled: input.enabled } : {}),
        ...(input.events ? { events: input.events } : {}),
        ...(input.description !== undefined ? { description: input.description } : {}),
        updatedAt: sql`now()`,
      })
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.businessId, businessId)))
      .returning();
    if (!row) throw endpointNotFound();
    if (input.enabled) this.deps.kick?.();
    return this.endpointView(row);
  }

  /** Deletes the endpoint with its deliveries and their log. */
  async deleteEndpoint(businessId: string, id: string): Promise<void> {
    await this.endpointRow(businessId, id);
    await this.deps.db
      .delete(webhookEndpoints)
      .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.businessId, businessId)));
  }

  /** The endpoint's latest deliveries, newest first, each with its attempts (oldest first). */
  async listDeliveries(businessId: string, endpointId: string): Promise<WebhookDeliveryList> {
    await this.endpointRow(businessId, endpointId);
    const { db } = this.deps;
    const deliveries = await db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.endpointId, endpointId))
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(WEBHOOK_DELIVERIES_PAGE);
    const attempts = deliveries.length
      ? await db
          .select()
          .from(webhookAttempts)
          .where(
            inArray(
              webhookAttempts.deliveryId,
              deliveries.map((row) => row.id),
            ),
          )
          .orderBy(webhookAttempts.attemptedAt, webhookAttempts.id)
      : [];
    const [business] = await db
      .select({ timezone: businesses.timezone })
      .from(businesses)
      .where(eq(businesses.id, businessId));
    return {
      timeZone: business?.timezone ?? 'UTC',
      data: deliveries.map((row) => ({
        id: row.id,
        messageId: messageIdOf(row.id),
        eventType: isEvent(row.eventType) ? row.eventType : 'call.ended',
        status: isDeliveryStatus(row.status) ? row.status : 'pending',
        createdAt: row.createdAt.toISOString(),
        nextAttemptAt: row.status === 'pending' ? row.nextAttemptAt.toISOString() : null,
        attempts: attempts
          .filter((attempt) => attempt.deliveryId === row.id)
          .map((attempt) => ({
            id: attempt.id,
            at: attempt.attemptedAt.toISOString(),
            durationMs: attempt.durationMs,
            statusCode: attempt.statusCode,
            ok: attempt.ok,
            error: attempt.error,
            trigger: attempt.trigger === 'resend' ? 'resend' : 'automatic',
          })),
      })),
    };
  }

  /**
   * Sends a delivery again, now (same message id and body; receivers that already took it can
   * tell by the webhook-id). A delivery being sent right now is left to finish.
   */
  async resend(businessId: string, endpointId: string, deliveryId: string): Promise<void> {
    const endpoint = await this.endpointRow(businessId, endpointId);
    if (!endpoint.enabled) throw new AppError('CONFLICT', integrationMessages.resendDisabled);
    if (!/^[0-9a-f-]{36}$/i.test(deliveryId)) {
      throw new AppError('NOT_FOUND', integrationMessages.deliveryNotFound);
    }
    const [found] = await this.deps.db
      .select({ id: webhookDeliveries.id })
      .from(webhookDeliveries)
      .where(
        and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)),
      );
    if (!found) throw new AppError('NOT_FOUND', integrationMessages.deliveryNotFound);
    await this.deps.db
      .update(webhookDeliveries)
      .set({
        status: 'pending',
        attempts: 0,
        nextAttemptAt: sql`now()`,
        resendRequestedAt: sql`now()`,
      })
      .where(and(eq(webhookDeliveries.id, deliveryId), ne(webhookDeliveries.status, 'sending')));
    this.deps.kick?.();
  }
}
