import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import ICAL from 'ical.js';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  integrationMessages,
  type CalendarFeed,
  type WebhookDeliveryList,
  type WebhookEndpointCreated,
  type WebhookEndpointList,
} from '@switchboard/shared/integrations';
import { agents, contacts, webhookDeliveries } from '../../db/schema';
import { appForSuite, databaseTargets } from '../../test/test-app';
import { postToWebhook } from '../webhook/test-webhook';
import { WebhookDeliveryJob } from './webhook-delivery.job';
import { checkWebhookTarget, sendWebhook } from './webhook-target';

const PLATFORM_SECRET = 'whsec-integrations-0123456789';
const DAY = 86_400_000;

type Received = { headers: http.IncomingHttpHeaders; body: string; url: string };

/** A local receiver: answers what `answer` says and keeps every request it got. */
async function receiver(answer: (req: http.IncomingMessage, res: http.ServerResponse) => void) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        url: req.url ?? '',
      });
      answer(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hooks`,
    port,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on: a receiver that is down. */
async function closedPort(): Promise<number> {
  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** The feed's events as a real iCalendar parser reads them. */
function parseFeed(text: string) {
  // One VCALENDAR in the text: ICAL.parse answers its jCal array.
  const calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  return {
    calendar,
    events: calendar.getAllSubcomponents('vevent').map((vevent) => {
      const event = new ICAL.Event(vevent);
      return {
        uid: event.uid,
        summary: event.summary,
        start: event.startDate.toJSDate().toISOString(),
        end: event.endDate.toJSDate().toISOString(),
        sequence: event.sequence,
        status: String(vevent.getFirstPropertyValue('status')),
        lastModified: String(vevent.getFirstPropertyValue('last-modified')),
        description: event.description,
      };
    }),
  };
}

describe.each(databaseTargets)('integrations on %s', (target) => {
  const ctx = appForSuite(target, { VAPI_WEBHOOK_SECRET: PLATFORM_SECRET, SANDBOX_CALLS: '0' });
  let ownerA: Record<string, string>;
  let ownerB: Record<string, string>;
  let memberA: Record<string, string>;
  let managerA: Record<string, string>;
  let businessA: string;
  let businessB: string;
  let contactA: string;
  let contactB: string;
  const assistantA = 'asst-integrations-a';

  beforeAll(async () => {
    const a = await ctx.createBusinessWithMember({
      name: 'Harbour Dental',
      timezone: 'America/New_York',
    });
    const b = await ctx.createBusinessWithMember({ name: 'Other Plumbing' });
    businessA = a.businessId;
    businessB = b.businessId;
    ownerA = await ctx.sessionHeaders(a.userName);
    ownerB = await ctx.sessionHeaders(b.userName);
    memberA = await ctx.sessionHeaders((await ctx.addTeamMember(businessA)).userName);
    managerA = await ctx.sessionHeaders(
      (await ctx.addTeamMember(businessA, { role: 'manager' })).userName,
    );
    const db = ctx.app.database.db;
    await db
      .insert(agents)
      .values({ platformAssistantId: assistantA, businessId: businessA, name: 'Front desk' });
    const [ca] = await db
      .insert(contacts)
      .values({ businessId: businessA, name: 'Ana Lopez', phone: '+12125550101', source: 'manual' })
      .returning();
    const [cb] = await db
      .insert(contacts)
      .values({ businessId: businessB, name: 'Bo Brown', phone: '+12125550102', source: 'manual' })
      .returning();
    contactA = ca!.id;
    contactB = cb!.id;
  });

  const api = (
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => ctx.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  const book = async (headers: Record<string, string>, contactId: string, startsAt: Date) => {
    const res = await api('POST', '/api/appointments', headers, {
      contactId,
      service: 'Cleaning',
      startsAt: startsAt.toISOString(),
      durationMinutes: 45,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ id: string }>().id;
  };

  describe('calendar feed', () => {
    it('serves the business’s appointments as iCalendar that a real parser reads, following each change', async () => {
      const created = await api('POST', '/api/integrations/calendar-feed', ownerA);
      expect(created.statusCode, created.body).toBe(201);
      const { feed } = created.json<CalendarFeed>();
      expect(feed?.url).toMatch(/\/api\/calendar-feeds\/[A-Za-z0-9_-]{43}\.ics$/);
      expect(feed?.webcalUrl).toMatch(/^webcal:\/\//);
      const path = new URL(feed!.url).pathname;

      const startsAt = new Date(Math.ceil((Date.now() + 3 * DAY) / 60_000) * 60_000);
      const id = await book(ownerA, contactA, startsAt);
      await book(ownerB, contactB, startsAt);

      const first = await ctx.app.inject({ method: 'GET', url: path });
      expect(first.statusCode).toBe(200);
      expect(first.headers['content-type']).toBe('text/calendar; charset=utf-8');
      const parsed = parseFeed(first.body);
      expect(parsed.calendar.getFirstPropertyValue('x-wr-timezone')).toBe('America/New_York');
      // Calendar properties come before the events (RFC 5545's icalbody), each line CRLF-ended.
      expect(first.body.indexOf('X-WR-TIMEZONE')).toBeLessThan(first.body.indexOf('BEGIN:VEVENT'));
      expect(first.body.split('\r\n').every((line) => !line.includes('\n'))).toBe(true);
      expect(parsed.calendar.getFirstPropertyValue('x-wr-calname')).toBe(
        'Harbour Dental appointments',
      );
      // Only business A's appointment: B's is in B's feed, not here.
      expect(parsed.events).toHaveLength(1);
      const booked = parsed.events[0]!;
      expect(booked).toMatchObject({
        summary: 'Cleaning — Ana Lopez',
        start: startsAt.toISOString(),
        end: new Date(startsAt.getTime() + 45 * 60_000).toISOString(),
        sequence: 0,
        status: 'CONFIRMED',
      });
      expect(booked.uid).toMatch(new RegExp(`^${id}@`));
      expect(booked.description).toContain('Phone: +12125550101');

      const moved = new Date(startsAt.getTime() + DAY);
      const reschedule = await api('PATCH', `/api/appointments/${id}`, ownerA, {
        startsAt: moved.toISOString(),
      });
      expect(reschedule.statusCode, reschedule.body).toBe(200);
      const second = parseFeed((await ctx.app.inject({ method: 'GET', url: path })).body);
      expect(second.events[0]).toMatchObject({
        uid: booked.uid,
        start: moved.toISOString(),
        sequence: 1,
        status: 'CONFIRMED',
      });

      const cancel = await api('PATCH', `/api/appointments/${id}`, ownerA, {
        status: 'cancelled',
      });
      expect(cancel.statusCode, cancel.body).toBe(200);
      const third = parseFeed((await ctx.app.inject({ method: 'GET', url: path })).body);
      expect(third.events[0]).toMatchObject({ uid: booked.uid, sequence: 2, status: 'CANCELLED' });
    });

    it('answers 404 for a revoked or rotated address, and for one that never was', async () => {
      const made = (
        await api('POST', '/api/integrations/calendar-feed', ownerA)
      ).json<CalendarFeed>();
      const oldPath = new URL(made.feed!.url).pathname;
      const rotated = (
        await api('POST', '/api/integrations/calendar-feed', ownerA)
      ).json<CalendarFeed>();
      const newPath = new URL(rotated.feed!.url).pathname;
      expect(newPath).not.toBe(oldPath);
      expect((await ctx.app.inject({ method: 'GET', url: oldPath })).statusCode).toBe(404);
      expect((await ctx.app.inject({ method: 'GET', url: newPath })).statusCode).toBe(200);

      expect((await api('DELETE', '/api/integrations/calendar-feed', ownerA)).statusCode).toBe(204);
      const revoked = await ctx.app.inject({ method: 'GET', url: newPath });
      expect(revoked.statusCode).toBe(404);
      expect(revoked.json()).toMatchObject({
        error: { message: integrationMessages.feedNotFound },
      });
      expect((await api('GET', '/api/integrations/calendar-feed', ownerA)).json()).toEqual({
        feed: null,
      });
      for (const guess of ['x.ics', `${'A'.repeat(43)}.ics`, '..%2f..%2fetc%2fpasswd']) {
        const res = await ctx.app.inject({ method: 'GET', url: `/api/calendar-feeds/${guess}` });
        expect(res.statusCode, guess).toBe(404);
      }
      // Revoking what is not there: 404, not a 5xx.
      expect((await api('DELETE', '/api/integrations/calendar-feed', ownerA)).statusCode).toBe(404);
    });

    it('keeps each business to its own feed, and the feed to owners', async () => {
      const a = (await api('POST', '/api/integrations/calendar-feed', ownerA)).json<CalendarFeed>();
      const b = (await api('POST', '/api/integrations/calendar-feed', ownerB)).json<CalendarFeed>();
      const bEvents = parseFeed(
        (await ctx.app.inject({ method: 'GET', url: new URL(b.feed!.url).pathname })).body,
      ).events;
      expect(bEvents.map((event) => event.summary)).toEqual(['Cleaning — Bo Brown']);
      // B revoking its own feed leaves A's alone.
      await api('DELETE', '/api/integrations/calendar-feed', ownerB);
      const aRes = await ctx.app.inject({ method: 'GET', url: new URL(a.feed!.url).pathname });
      expect(aRes.statusCode).toBe(200);
      for (const headers of [memberA, managerA]) {
        expect((await api('GET', '/api/integrations/calendar-feed', headers)).statusCode).toBe(403);
        expect((await api('POST', '/api/integrations/calendar-feed', headers)).statusCode).toBe(
          403,
        );
      }
    });
  });

  describe('webhooks', () => {
    let up: Awaited<ReturnType<typeof receiver>>;
    let failing = false;
    beforeAll(async () => {
      up = await receiver((_req, res) => {
        res.writeHead(failing ? 503 : 200).end('ok');
      });
    });
    afterAll(() => up?.close());

    const addEndpoint = async (url: string, events: string[], headers = ownerA) => {
      const res = await api('POST', '/api/integrations/webhooks', headers, { url, events });
      expect(res.statusCode, res.body).toBe(201);
      return res.json<WebhookEndpointCreated>();
    };
    const deliveries = async (endpointId: string, headers = ownerA) => {
      const res = await api('GET', `/api/integrations/webhooks/${endpointId}/deliveries`, headers);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<WebhookDeliveryList>().data;
    };
    /** Verifies a request as a receiver would, with the Standard Webhooks library. */
    const verified = (request: Received, secret: string) =>
      new Webhook(secret).verify(request.body, request.headers as Record<string, string>) as {
        type: string;
        timestamp: string;
        data: Record<string, unknown>;
      };

    it('signs each event the Standard Webhooks way and logs the attempt', async () => {
      const endpoint = await addEndpoint(up.url, [
        'enquiry.created',
        'appointment.booked',
        'appointment.changed',
        'appointment.cancelled',
        'call.ended',
      ]);
      expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
      // The secret is shown once: never in the list.
      const list = (
        await api('GET', '/api/integrations/webhooks', ownerA)
      ).json<WebhookEndpointList>();
      expect(JSON.stringify(list)).not.toContain(endpoint.secret);
      expect(list.publicOnly).toBe(false);

      const enquiry = await api('POST', `/api/contacts/${contactA}/enquiries`, ownerA, {
        subject: 'Whitening price',
        message: 'How much is whitening?',
      });
      expect(enquiry.statusCode, enquiry.body).toBe(201);
      const id = await book(ownerA, contactA, new Date(Date.now() + 5 * DAY));
      await api('PATCH', `/api/appointments/${id}`, ownerA, {
        startsAt: new Date(Date.now() + 6 * DAY).toISOString(),
      });
      await api('PATCH', `/api/appointments/${id}`, ownerA, { status: 'cancelled' });
      // A call ends: the platform's end-of-call report reaches our webhook.
      const now = Date.now();
      const endOfCall = {
        message: {
          type: 'end-of-call-report',
          endedReason: 'customer-ended-call',
          cost: 0.42,
          analysis: { successEvaluation: 'true' },
          call: {
            id: 'call-integrations-1',
            orgId: 'org-1',
            assistantId: assistantA,
            type: 'inboundPhoneCall',
            status: 'ended',
            createdAt: new Date(now - 120_000).toISOString(),
            updatedAt: new Date(now - 1_000).toISOString(),
            startedAt: new Date(now - 119_000).toISOString(),
            endedAt: new Date(now - 2_000).toISOString(),
            customer: { number: '+12125550101' },
          },
        },
      };
      // The same report twice (the platform retries) raises one event.
      for (let i = 0; i < 2; i += 1) {
        const report = await postToWebhook(ctx.app, PLATFORM_SECRET, endOfCall);
        expect(report.statusCode, report.body).toBeLessThan(300);
      }

      // Nothing was sent on the request path: the job sends.
      expect(up.received).toHaveLength(0);
      await ctx.app.webhookJob.processDue();
      const bodies = up.received.map((request) => verified(request, endpoint.secret));
      expect(bodies.map((body) => body.type).sort()).toEqual(
        [
          'appointment.booked',
          'appointment.cancelled',
          'appointment.changed',
          'call.ended',
          'enquiry.created',
        ].sort(),
      );
      expect(bodies.find((body) => body.type === 'enquiry.created')?.data).toMatchObject({
        subject: 'Whitening price',
        contact: { name: 'Ana Lopez', phone: '+12125550101' },
      });
      expect(bodies.find((body) => body.type === 'call.ended')?.data).toMatchObject({
        id: 'call-integrations-1',
        costUsd: 0.42,
        successful: true,
        agent: { id: assistantA, name: 'Front desk' },
      });
      expect(bodies.find((body) => body.type === 'appointment.cancelled')?.data).toMatchObject({
        id,
        status: 'cancelled',
        timeZone: 'America/New_York',
      });
      // A wrong secret or a changed body does not verify.
      const one = up.received[0]!;
      expect(() => verified({ ...one, body: `${one.body} ` }, endpoint.secret)).toThrow();
      expect(() => verified(one, `whsec_${Buffer.alloc(32, 1).toString('base64')}`)).toThrow();

      const log = await deliveries(endpoint.id);
      expect(log).toHaveLength(5);
      for (const delivery of log) {
        expect(delivery.status).toBe('delivered');
        expect(delivery.attempts).toEqual([
          expect.objectContaining({ ok: true, statusCode: 200, error: null, trigger: 'automatic' }),
        ]);
        expect(delivery.attempts[0]!.durationMs).toBeGreaterThanOrEqual(0);
      }
      expect(new Set(up.received.map((request) => request.headers['webhook-id'])).size).toBe(5);
      await api('DELETE', `/api/integrations/webhooks/${endpoint.id}`, ownerA);
    });

    it('retries a receiver that is down with back-off, without holding up the others', async () => {
      const downPort = await closedPort();
      const down = await addEndpoint(`http://127.0.0.1:${downPort}/hooks`, ['enquiry.created']);
      const fine = await addEndpoint(up.url, ['enquiry.created']);
      const before = up.received.length;
      await api('POST', `/api/contacts/${contactA}/enquiries`, ownerA, { subject: 'Down test' });
      await ctx.app.webhookJob.processDue();
      // The working receiver got its delivery in the same run.
      expect(up.received.length).toBe(before + 1);
      const [first] = await deliveries(down.id);
      expect(first).toMatchObject({ status: 'pending' });
      expect(first!.attempts).toEqual([expect.objectContaining({ ok: false, statusCode: null })]);
      expect(first!.attempts[0]!.error).toMatch(/refused/);
      const db = ctx.app.database.db;
      const waitOf = async () => {
        const [row] = await db
          .select({
            seconds: sql<number>`extract(epoch from (${webhookDeliveries.nextAttemptAt} - ${webhookDeliveries.lastAttemptAt}))::float8`,
          })
          .from(webhookDeliveries)
          .where(eq(webhookDeliveries.id, first!.id));
        return Math.round(row!.seconds);
      };
      expect(await waitOf()).toBe(5);
      // Not due yet: another run makes no attempt.
      await ctx.app.webhookJob.processDue();
      expect((await deliveries(down.id))[0]!.attempts).toHaveLength(1);
      // Time passes (the wait is over): the next attempt waits longer.
      const makeDue = () =>
        db
          .update(webhookDeliveries)
          .set({ nextAttemptAt: sql`now() - interval '1 second'` })
          .where(eq(webhookDeliveries.id, first!.id));
      await makeDue();
      await ctx.app.webhookJob.processDue();
      expect((await deliveries(down.id))[0]!.attempts).toHaveLength(2);
      expect(await waitOf()).toBe(60);
      await makeDue();
      await ctx.app.webhookJob.processDue();
      expect(await waitOf()).toBe(300);
      await api('DELETE', `/api/integrations/webhooks/${down.id}`, ownerA);
      await api('DELETE', `/api/integrations/webhooks/${fine.id}`, ownerA);
    });

    it('gives up after the last attempt, and Resend sends the same message again', async () => {
      failing = true;
      const endpoint = await addEndpoint(up.url, ['appointment.booked']);
      const job = new WebhookDeliveryJob({
        db: ctx.app.database.db,
        log: ctx.app.log,
        rules: { publicOnly: false },
        retryDelaysSeconds: [0],
        maxAttempts: 2,
      });
      await book(ownerA, contactA, new Date(Date.now() + 9 * DAY));
      await job.processDue();
      await job.processDue();
      let [delivery] = await deliveries(endpoint.id);
      expect(delivery).toMatchObject({ status: 'failed' });
      expect(delivery!.attempts.map((attempt) => attempt.statusCode)).toEqual([503, 503]);
      expect(delivery!.attempts[0]!.error).toBe('The receiver answered 503');

      failing = false;
      const before = up.received.length;
      const resend = await api(
        'POST',
        `/api/integrations/webhooks/${endpoint.id}/deliveries/${delivery!.id}/resend`,
        ownerA,
      );
      expect(resend.statusCode, resend.body).toBe(202);
      await job.processDue();
      [delivery] = await deliveries(endpoint.id);
      expect(delivery).toMatchObject({ status: 'delivered' });
      expect(delivery!.attempts.at(-1)).toMatchObject({
        ok: true,
        statusCode: 200,
        trigger: 'resend',
      });
      const again = up.received.slice(before);
      expect(again).toHaveLength(1);
      expect(again[0]!.headers['webhook-id']).toBe(delivery!.messageId);
      expect(verified(again[0]!, endpoint.secret).type).toBe('appointment.booked');
      await api('DELETE', `/api/integrations/webhooks/${endpoint.id}`, ownerA);
    });

    it('sends nothing to a disabled endpoint, and ends an attempt a receiver never answers', async () => {
      const silent = await receiver(() => undefined);
      try {
        const endpoint = await addEndpoint(silent.url, ['enquiry.created']);
        const off = await api('PATCH', `/api/integrations/webhooks/${endpoint.id}`, ownerA, {
          enabled: false,
        });
        expect(off.json()).toMatchObject({ enabled: false });
        await api('POST', `/api/contacts/${contactA}/enquiries`, ownerA, { subject: 'Off' });
        // A disabled endpoint takes no new events.
        expect(await deliveries(endpoint.id)).toEqual([]);
        await api('PATCH', `/api/integrations/webhooks/${endpoint.id}`, ownerA, { enabled: true });
        await api('POST', `/api/contacts/${contactA}/enquiries`, ownerA, { subject: 'On' });
        const job = new WebhookDeliveryJob({
          db: ctx.app.database.db,
          log: ctx.app.log,
          rules: { publicOnly: false },
          timeoutMs: 300,
        });
        await job.processDue();
        const [delivery] = await deliveries(endpoint.id);
        expect(delivery!.attempts[0]).toMatchObject({ ok: false, statusCode: null });
        expect(delivery!.attempts[0]!.error).toMatch(/^No answer within/);
        expect(silent.received).toHaveLength(1);
        await api('DELETE', `/api/integrations/webhooks/${endpoint.id}`, ownerA);
      } finally {
        await silent.close();
      }
    });

    it('keeps endpoints and their logs to their business and its owners', async () => {
      const endpoint = await addEndpoint(up.url, ['enquiry.created']);
      const delivery = `/api/integrations/webhooks/${endpoint.id}`;
      expect((await api('GET', `${delivery}/deliveries`, ownerB)).statusCode).toBe(404);
      expect((await api('PATCH', delivery, ownerB, { enabled: false })).statusCode).toBe(404);
      expect((await api('DELETE', delivery, ownerB)).statusCode).toBe(404);
      expect(
        (await api('POST', `${delivery}/deliveries/${endpoint.id}/resend`, ownerB)).statusCode,
      ).toBe(404);
      expect((await api('GET', '/api/integrations/webhooks', ownerB)).json()).toMatchObject({
        data: [],
      });
      for (const headers of [memberA, managerA]) {
        expect((await api('GET', '/api/integrations/webhooks', headers)).statusCode).toBe(403);
        expect(
          (
            await api('POST', '/api/integrations/webhooks', headers, {
              url: up.url,
              events: ['call.ended'],
            })
          ).statusCode,
        ).toBe(403);
      }
      expect((await api('GET', `${delivery}/deliveries`, ownerA)).statusCode).toBe(200);
      expect(
        (await api('GET', '/api/integrations/webhooks/not-an-id/deliveries', ownerA)).statusCode,
      ).toBe(404);
      await api('DELETE', delivery, ownerA);
    });

    it('sends each delivery once with two workers at once, and takes over one whose worker stopped', async () => {
      const endpoint = await addEndpoint(up.url, ['enquiry.created']);
      const before = up.received.length;
      for (let i = 0; i < 6; i += 1) {
        await api('POST', `/api/contacts/${contactA}/enquiries`, ownerA, { subject: `Fleet ${i}` });
      }
      const worker = () =>
        new WebhookDeliveryJob({
          db: ctx.app.database.db,
          log: ctx.app.log,
          rules: { publicOnly: false },
        });
      await Promise.all([worker().processDue(), worker().processDue()]);
      const sent = up.received.slice(before);
      expect(sent).toHaveLength(6);
      expect(new Set(sent.map((request) => request.headers['webhook-id'])).size).toBe(6);
      const log = await deliveries(endpoint.id);
      expect(log.map((delivery) => delivery.attempts.length)).toEqual([1, 1, 1, 1, 1, 1]);

      // A worker claimed one and stopped (its lease ran out): the next run sends it.
      const db = ctx.app.database.db;
      await db
        .update(webhookDeliveries)
        .set({ status: 'sending', leaseUntil: sql`now() - interval '1 second'` })
        .where(eq(webhookDeliveries.id, log[0]!.id));
      // One still under a live lease is left alone.
      await db
        .update(webhookDeliveries)
        .set({ status: 'sending', leaseUntil: sql`now() + interval '1 minute'` })
        .where(eq(webhookDeliveries.id, log[1]!.id));
      await worker().processDue();
      expect(up.received.length).toBe(before + 7);
      const after = await deliveries(endpoint.id);
      expect(after[0]).toMatchObject({ status: 'delivered' });
      expect(after[0]!.attempts).toHaveLength(2);
      expect(after[1]).toMatchObject({ status: 'sending' });
      expect(after[1]!.attempts).toHaveLength(1);
      await api('DELETE', `/api/integrations/webhooks/${endpoint.id}`, ownerA);
    });

    it('refuses a URL that is not one with 400 and the reason', async () => {
      for (const [url, message] of [
        ['not a url', integrationMessages.urlInvalid],
        ['ftp://files.example.com/hook', integrationMessages.urlInvalid],
        ['https://user:secret@hooks.example.com/x', integrationMessages.urlCredentials],
      ] as const) {
        const res = await api('POST', '/api/integrations/webhooks', ownerA, {
          url,
          events: ['call.ended'],
        });
        expect(res.statusCode, url).toBe(400);
        expect(res.json()).toMatchObject({ error: { message } });
      }
      const noEvents = await api('POST', '/api/integrations/webhooks', ownerA, {
        url: up.url,
        events: [],
      });
      expect(noEvents.statusCode).toBe(400);
      const unknownEvent = await api('POST', '/api/integrations/webhooks', ownerA, {
        url: up.url,
        events: ['everything'],
      });
      expect(unknownEvent.statusCode).toBe(400);
    });
  });
});

describe('webhook addresses with a live platform (public HTTPS only)', () => {
  const resolveTo =
    (...addresses: string[]) =>
    async () =>
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  const live = { publicOnly: true, resolve: resolveTo('93.184.216.34') };

  it.each([
    ['http://hooks.example.com/x', integrationMessages.urlNotHttps],
    ['https://127.0.0.1/x', integrationMessages.urlLocal],
    ['https://2130706433/x', integrationMessages.urlLocal],
    ['https://0x7f.1/x', integrationMessages.urlLocal],
    ['https://0177.0.0.1/x', integrationMessages.urlLocal],
    ['https://[::1]/x', integrationMessages.urlLocal],
    ['https://[::ffff:10.0.0.1]/x', integrationMessages.urlLocal],
    ['https://169.254.169.254/latest/meta-data', integrationMessages.urlLocal],
    ['https://10.0.0.1.nip.io/x', integrationMessages.urlLocal],
    ['https://localhost/x', integrationMessages.urlLocal],
    ['https://printer.local/x', integrationMessages.urlLocal],
    ['https://hooks.example.com:5432/x', integrationMessages.urlLocal],
    ['https://a:b@hooks.example.com/x', integrationMessages.urlCredentials],
  ])('refuses %s', async (url, reason) => {
    expect(await checkWebhookTarget(url, live)).toEqual({ ok: false, reason });
  });

  it('resolves the name and refuses it when any address is private (DNS), or it has none', async () => {
    const url = 'https://hooks.example.com/x';
    expect(
      await checkWebhookTarget(url, { publicOnly: true, resolve: resolveTo('10.0.0.5') }),
    ).toEqual({ ok: false, reason: integrationMessages.urlPrivateDns });
    expect(
      await checkWebhookTarget(url, {
        publicOnly: true,
        resolve: resolveTo('93.184.216.34', '127.0.0.1'),
      }),
    ).toEqual({ ok: false, reason: integrationMessages.urlPrivateDns });
    expect(
      await checkWebhookTarget(url, {
        publicOnly: true,
        resolve: () => Promise.reject(new Error('ENOTFOUND')),
      }),
    ).toEqual({ ok: false, reason: integrationMessages.urlUnresolvable });
    expect(await checkWebhookTarget(url, live)).toMatchObject({
      ok: true,
      addresses: [{ address: '93.184.216.34', family: 4 }],
    });
  });

  it('never connects to a name that resolves to a private address at send time (rebinding)', async () => {
    const inside = await receiver((_req, res) => res.writeHead(200).end());
    try {
      const outcome = await sendWebhook(
        `https://hooks.example.com:${inside.port}/x`,
        '{}',
        {},
        { publicOnly: true, resolve: resolveTo('127.0.0.1') },
      );
      expect(outcome).toMatchObject({ ok: false, statusCode: null });
      expect(outcome.error).toBe(`Not sent: ${integrationMessages.urlPrivateDns}`);
      expect(inside.received).toHaveLength(0);
    } finally {
      await inside.close();
    }
  });

  it('does not follow a redirect, not even to a local address', async () => {
    const inside = await receiver((_req, res) => res.writeHead(200).end());
    const redirecting = await receiver((_req, res) =>
      res.writeHead(307, { location: `${inside.url}/internal` }).end(),
    );
    try {
      const outcome = await sendWebhook(redirecting.url, '{}', {}, { publicOnly: false });
      expect(outcome).toMatchObject({ ok: false, statusCode: 307 });
      expect(outcome.error).toMatch(/redirects are not followed/);
      expect(redirecting.received).toHaveLength(1);
      expect(inside.received).toHaveLength(0);
    } finally {
      await inside.close();
      await redirecting.close();
    }
  });
});
