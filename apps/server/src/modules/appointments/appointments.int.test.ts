import { and, count, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { appointmentMessages, type AppointmentList } from '@switchboard/shared/appointments';
import { agents, appointments, contacts } from '../../db/schema';
import { appForSuite, databaseTargets } from '../../test/test-app';
import { postToWebhook, toolCallsMessage } from '../webhook/test-webhook';
import { DEMO_MEMBER } from '../auth/demo-accounts';

const SECRET = 'whsec-appointments-0123456789';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function toolCallMessage(options: {
  toolCallId: string;
  assistantId: string;
  callId?: string;
  customerNumber?: string;
  args: Record<string, unknown>;
}) {
  return toolCallsMessage(
    options.toolCallId,
    { name: 'book_appointment', arguments: JSON.stringify(options.args) },
    {
      id: options.callId,
      assistantId: options.assistantId,
      type: 'inboundPhoneCall',
      customer: { number: options.customerNumber ?? '+12125550199' },
    },
  );
}

describe.each(databaseTargets)('appointments on %s', (target) => {
  describe('booked by the agents’ tool through the webhook', () => {
    const ctx = appForSuite(target, { VAPI_WEBHOOK_SECRET: SECRET, SANDBOX_CALLS: '0' });
    let businessId: string;
    const assistantId = 'asst-appointments-1';
    beforeAll(async () => {
      const business = await ctx.createBusinessWithMember({ timezone: 'America/New_York' });
      businessId = business.businessId;
      await ctx.app.database.db
        .insert(agents)
        .values({ platformAssistantId: assistantId, businessId, name: 'Front desk' });
    });

    const post = (payload: unknown) => postToWebhook(ctx.app, SECRET, payload);
    const storedFor = (toolCallId: string) =>
      ctx.app.database.db
        .select()
        .from(appointments)
        .where(
          and(eq(appointments.businessId, businessId), eq(appointments.toolCallId, toolCallId)),
        );

    it('books the appointment, linked to the call, the agent and the caller, and confirms it in the business’s time', async () => {
      const startsAt = new Date(Date.now() + 3 * DAY);
      startsAt.setUTCHours(14, 30, 0, 0);
      const res = await post(
        toolCallMessage({
          toolCallId: 'tc-book-1',
          assistantId,
          callId: 'call-book-1',
          args: {
            startsAt: startsAt.toISOString(),
            service: 'Cleaning',
            callerName: 'Ana Lopez',
            callerEmail: 'Ana@Example.com',
            notes: 'Sensitive gums',
          },
        }),
      );
      expect(res.statusCode).toBe(200);
      const [result] = res.json<{ results: { result?: string; error?: string }[] }>().results;
      const local = new Intl.DateTimeFormat('en-US', {
        timeZone: 'America/New_York',
        day: 'numeric',
        month: 'short',
        year: 'numeric',
        hour: '2-digit',
        minute: '2-digit',
        hourCycle: 'h23',
      }).format(startsAt);
      expect(result?.error).toBeUndefined();
      expect(result?.result).toBe(
        `Booked: Cleaning for Ana Lopez on ${local} (America/New York time).`,
      );

      const [row] = await storedFor('tc-book-1');
      expect(row).toMatchObject({
        source: 'call',
        status: 'scheduled',
        callId: 'call-book-1',
        assistantId,
        service: 'Cleaning',
        notes: 'Sensitive gums',
      });
      expect(row?.startsAt.toISOString()).toBe(startsAt.toISOString());
      // The default length: 30 minutes.
      expect(row!.endsAt.getTime() - row!.startsAt.getTime()).toBe(30 * 60_000);
      const [contact] = await ctx.app.database.db
        .select()
        .from(contacts)
        .where(eq(contacts.id, row!.contactId));
      expect(contact).toMatchObject({
        businessId,
        name: 'Ana Lopez',
        phone: '+12125550199',
        email: 'ana@example.com',
        source: 'call',
      });
    });

    it('books once when the same tool call arrives twice', async () => {
      const message = toolCallMessage({
        toolCallId: 'tc-book-2',
        assistantId,
        args: {
          startsAt: new Date(Date.now() + 2 * DAY).toISOString(),
          service: 'Check-up',
          callerName: 'Ben Ode',
        },
      });
      const first = await post(message);
      const second = await post(message);
      expect(first.json()).toEqual(second.json());
      expect(await storedFor('tc-book-2')).toHaveLength(1);
    });

    it.each([
      ['a time without an offset', '2030-01-05T10:00:00', /UTC offset/],
      ['a time that is not a date', 'next Tuesday', /UTC offset/],
      ['a time in the past', new Date(Date.now() - HOUR).toISOString(), /already passed/],
    ])(
      'answers %s with an error result the agent can say, storing nothing',
      async (_label, startsAt, message) => {
        const contactsBefore = await ctx.app.database.db.select({ n: count() }).from(contacts);
        const res = await post(
          toolCallMessage({
            toolCallId: `tc-bad-${String(startsAt)}`,
            assistantId,
            customerNumber: '+12125550777',
            args: { startsAt, service: 'Cleaning', callerName: 'Cy Doe' },
          }),
        );
        expect(res.statusCode).toBe(200);
        const [result] = res.json<{ results: { result?: string; error?: string }[] }>().results;
        expect(result?.result).toBeUndefined();
        expect(result?.error).toMatch(message);
        expect(await storedFor(`tc-bad-${String(startsAt)}`)).toHaveLength(0);
        const contactsAfter = await ctx.app.database.db.select({ n: count() }).from(contacts);
        expect(contactsAfter).toEqual(contactsBefore);
      },
    );

    it('refuses a booking without a service', async () => {
      const res = await post(
        toolCallMessage({
          toolCallId: 'tc-no-service',
          assistantId,
          args: { startsAt: new Date(Date.now() + DAY).toISOString(), callerName: 'Di' },
        }),
      );
      expect(res.json<{ results: { error?: string }[] }>().results[0]?.error).toBe(
        'service is required',
      );
    });
  });

  describe('booked on a simulated call against the sandbox platform', () => {
    const ctx = appForSuite(target, { SANDBOX_CALLS: '0', SYNC_INTERVAL_SECONDS: '3600' });
    beforeAll(async () => {
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    });

    it('stores the appointment the sandbox agent books and lists it for the demo business', async () => {
      const sandbox = ctx.app.platform.sandbox!;
      // The dental demo agent books 1 to 10 days ahead, so the booking is always in the future.
      const dental = sandbox.demo.assistantIds[0]!;
      const call = await sandbox.simulateCall({ assistantId: dental, tool: 'book_appointment' });
      const [row] = await ctx.app.database.db
        .select()
        .from(appointments)
        .where(eq(appointments.callId, call.id));
      expect(row).toMatchObject({ assistantId: dental, source: 'call', status: 'scheduled' });

      const headers = await ctx.sessionHeaders(DEMO_MEMBER.userName);
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/appointments?tab=upcoming&agentId=${dental}`,
        headers,
      });
      expect(res.statusCode).toBe(200);
      const list = res.json<AppointmentList>();
      expect(list.data.map((appointment) => appointment.callId)).toContain(call.id);
      const booked = list.data.find((appointment) => appointment.callId === call.id);
      expect(booked?.agent?.id).toBe(dental);
      expect(booked?.contact.id).toBe(row?.contactId);
    });
  });

  describe('the API', () => {
    const ctx = appForSuite(target, { SANDBOX_CALLS: '0' });
    let member: Record<string, string>;
    let other: Record<string, string>;
    let admin: Record<string, string>;
    let businessId: string;
    let contactId: string;
    let otherContactId: string;
    const assistantId = 'asst-api-1';

    beforeAll(async () => {
      const a = await ctx.createBusinessWithMember({ timezone: 'Europe/Dublin' });
      const b = await ctx.createBusinessWithMember();
      const operator = await ctx.createAdminUser();
      businessId = a.businessId;
      member = await ctx.sessionHeaders(a.userName);
      other = await ctx.sessionHeaders(b.userName);
      admin = await ctx.sessionHeaders(operator.userName);
      const db = ctx.app.database.db;
      await db
        .insert(agents)
        .values({ platformAssistantId: assistantId, businessId, name: 'Desk' });
      const [contact] = await db
        .insert(contacts)
        .values({ businessId, name: 'Ana', phone: '+353871000001', source: 'manual' })
        .returning();
      const [otherContact] = await db
        .insert(contacts)
        .values({ businessId: b.businessId, name: 'Zed', phone: '+353871000002', source: 'manual' })
        .returning();
      contactId = contact!.id;
      otherContactId = otherContact!.id;

      // 25 upcoming (one an hour from tomorrow), 3 past (one scheduled awaiting its outcome,
      // one completed, one no-show), 2 cancelled; 4 of the upcoming ones through the agent.
      const now = Date.now();
      const rows = [
        ...Array.from({ length: 25 }, (_, i) => ({
          startsAt: new Date(now + DAY + i * HOUR),
          status: 'scheduled',
          assistantId: i < 4 ? assistantId : null,
        })),
        { startsAt: new Date(now - 2 * DAY), status: 'scheduled', assistantId: null },
        { startsAt: new Date(now - 3 * DAY), status: 'completed', assistantId: null },
        { startsAt: new Date(now - 4 * DAY), status: 'no_show', assistantId: null },
        { startsAt: new Date(now + 5 * DAY), status: 'cancelled', assistantId: null },
        { startsAt: new Date(now - 5 * DAY), status: 'cancelled', assistantId: null },
      ];
      await db.insert(appointments).values(
        rows.map((row, i) => ({
          businessId,
          contactId,
          assistantId: row.assistantId,
          service: `Service ${i + 1}`,
          startsAt: row.startsAt,
          endsAt: new Date(row.startsAt.getTime() + 30 * 60_000),
          status: row.status,
          source: 'manual',
        })),
      );
    });

    const get = (url: string, headers = member) => ctx.app.inject({ method: 'GET', url, headers });
    const list = async (url: string) => {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      return res.json<AppointmentList>();
    };
    const patch = (id: string, payload: object, headers = member) =>
      ctx.app.inject({ method: 'PATCH', url: `/api/appointments/${id}`, headers, payload });

    it('answers the first page of upcoming appointments with the seed’s request default of 20', async () => {
      const page = await list('/api/appointments');
      expect(page.data).toHaveLength(20);
      expect(page.meta).toEqual({
        total: 25,
        page: 1,
        limit: 20,
        totalPages: 2,
        hasNext: true,
        hasPrev: false,
      });
      const starts = page.data.map((appointment) => appointment.startsAt);
      expect(starts).toEqual([...starts].sort());
    });

    it('pages with page and limit', async () => {
      const page = await list('/api/appointments?page=3&limit=10');
      expect(page.data).toHaveLength(5);
      expect(page.meta).toMatchObject({ page: 3, limit: 10, hasNext: false, hasPrev: true });
    });

    it('splits the tabs: past latest first (not cancelled), cancelled on their own', async () => {
      const past = await list('/api/appointments?tab=past');
      expect(past.data.map((a) => a.status)).toEqual(['scheduled', 'completed', 'no_show']);
      const cancelled = await list('/api/appointments?tab=cancelled');
      expect(cancelled.meta.total).toBe(2);
      expect(cancelled.data.every((a) => a.status === 'cancelled')).toBe(true);
    });

    it('filters by agent and by contact; another business’s contact finds nothing', async () => {
      const byAgent = await list(`/api/appointments?agentId=${assistantId}`);
      expect(byAgent.meta.total).toBe(4);
      expect(byAgent.data[0]?.agent).toEqual({ id: assistantId, name: 'Desk' });
      expect((await list(`/api/appointments?contactId=${contactId}`)).meta.total).toBe(25);
      expect((await list(`/api/appointments?contactId=${otherContactId}`)).meta.total).toBe(0);
      expect((await list('/api/appointments?contactId=not-an-id')).meta.total).toBe(0);
    });

    it('refuses a bad tab or limit with a 400', async () => {
      expect((await get('/api/appointments?tab=later')).statusCode).toBe(400);
      expect((await get('/api/appointments?limit=0')).statusCode).toBe(400);
    });

    it('adds one by hand and refuses a past time or another business’s contact', async () => {
      const startsAt = new Date(Date.now() + 7 * DAY).toISOString();
      const created = await ctx.app.inject({
        method: 'POST',
        url: '/api/appointments',
        headers: member,
        payload: { contactId, service: 'Whitening', startsAt, agentId: assistantId },
      });
      expect(created.statusCode).toBe(201);
      expect(created.json()).toMatchObject({
        service: 'Whitening',
        source: 'manual',
        status: 'scheduled',
        agent: { id: assistantId },
      });

      const past = await ctx.app.inject({
        method: 'POST',
        url: '/api/appointments',
        headers: member,
        payload: { contactId, service: 'X', startsAt: new Date(Date.now() - DAY).toISOString() },
      });
      expect(past.statusCode).toBe(400);
      expect(past.json()).toMatchObject({ error: { message: appointmentMessages.startsAtPast } });
      const foreign = await ctx.app.inject({
        method: 'POST',
        url: '/api/appointments',
        headers: member,
        payload: { contactId: otherContactId, service: 'X', startsAt },
      });
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json()).toMatchObject({
        error: { message: appointmentMessages.contactNotFound },
      });
      const noOffset = await ctx.app.inject({
        method: 'POST',
        url: '/api/appointments',
        headers: member,
        payload: { contactId, service: 'X', startsAt: '2031-01-01T10:00:00' },
      });
      expect(noOffset.statusCode).toBe(400);
    });

    it('reschedules, cancels and records outcomes; refuses what the state does not allow', async () => {
      const [upcoming] = (await list('/api/appointments?limit=1')).data;
      const [awaiting] = (await list('/api/appointments?tab=past&limit=1')).data;
      const newStart = new Date(Date.now() + 20 * DAY);
      newStart.setUTCMinutes(0, 0, 0);

      const moved = await patch(upcoming!.id, { startsAt: newStart.toISOString() });
      expect(moved.statusCode).toBe(200);
      expect(moved.json()).toMatchObject({
        startsAt: newStart.toISOString(),
        endsAt: new Date(newStart.getTime() + 30 * 60_000).toISOString(),
      });
      const early = await patch(upcoming!.id, { status: 'completed' });
      expect(early.statusCode).toBe(409);
      expect(early.json()).toMatchObject({
        error: { code: 'INVALID_TRANSITION', message: appointmentMessages.outcomeBeforeStart },
      });
      const toPast = await patch(upcoming!.id, {
        startsAt: new Date(Date.now() - DAY).toISOString(),
      });
      expect(toPast.statusCode).toBe(400);

      expect((await patch(upcoming!.id, { status: 'cancelled' })).json()).toMatchObject({
        status: 'cancelled',
      });
      const again = await patch(upcoming!.id, { startsAt: newStart.toISOString() });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({
        error: { message: appointmentMessages.cancelledFinal },
      });

      expect((await patch(awaiting!.id, { status: 'no_show' })).json()).toMatchObject({
        status: 'no_show',
      });
      expect((await patch(awaiting!.id, { status: 'completed' })).json()).toMatchObject({
        status: 'completed',
      });
      const reopen = await patch(awaiting!.id, { status: 'scheduled' });
      expect(reopen.statusCode).toBe(409);
      expect((await patch(awaiting!.id, {})).statusCode).toBe(400);
    });

    it('answers 404 for another business’s appointment or an unknown id, and 403 for an admin', async () => {
      const [mine] = (await list('/api/appointments?limit=1')).data;
      expect((await get(`/api/appointments/${mine!.id}`, other)).statusCode).toBe(404);
      expect((await patch(mine!.id, { status: 'cancelled' }, other)).statusCode).toBe(404);
      expect((await get('/api/appointments/nope')).statusCode).toBe(404);
      expect((await get('/api/appointments', admin)).statusCode).toBe(403);
      expect((await get('/api/appointments', {})).statusCode).toBe(401);
      const [still] = await ctx.app.database.db
        .select({ status: appointments.status })
        .from(appointments)
        .where(eq(appointments.id, mine!.id));
      expect(still?.status).toBe('scheduled');
    });
  });
});
