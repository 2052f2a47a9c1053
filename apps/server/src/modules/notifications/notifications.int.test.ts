import { createECDH, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, sql } from 'drizzle-orm';
import { decrypt } from 'http_ece';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Enquiry } from '@switchboard/shared/enquiries';
import type {
  NotificationList,
  NotificationPreferences,
  PushPayload,
} from '@switchboard/shared/notifications';
import {
  agents,
  contacts,
  mailOutbox,
  notificationMailState,
  notifications,
  pushSubscriptions,
} from '../../db/schema';
import { insertRunningCampaign } from '../../test/campaign-rows';
import { inboundMailEnv, postToPostmark } from '../../test/inbound-mail';
import { toolCallsMessage } from '../webhook/test-webhook';
import { appForSuite, oneDatabase } from '../../test/test-app';
import { settleCampaign } from '../campaigns/campaigns.repository';
import { notify } from './notify';
import { endpointProblem } from './push-delivery';

const SECRET = 'whsec-notifications-0123456789';
const DOMAIN = 'in.notify.test';
const POSTMARK = { user: 'pm-notify', password: 'pm-notify-secret' };
const DAY = 86_400_000;

/** A browser's side of a push subscription: its keys, to decrypt what the push service got. */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16).toString('base64url');
  return { ecdh, p256dh: ecdh.getPublicKey().toString('base64url'), auth };
}

/** A push service on this machine that records what it is sent and answers `status`. */
async function startPushService() {
  const received: { path: string; headers: http.IncomingHttpHeaders; body: Buffer }[] = [];
  let status = 201;
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        path: request.url ?? '',
        headers: request.headers,
        body: Buffer.concat(chunks),
      });
      response.statusCode = status;
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path: string) => `http://127.0.0.1:${port}/push/${path}`,
    received,
    answer: (next: number) => {
      status = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.each(oneDatabase)('notifications on %s', (target) => {
  const ctx = appForSuite(
    target,
    inboundMailEnv({ secret: SECRET, domain: DOMAIN, postmark: POSTMARK }),
  );
  let pushService: Awaited<ReturnType<typeof startPushService>>;
  let businessId: string;
  let ownerId: string;
  let owner: Record<string, string>;
  let memberId: string;
  let member: Record<string, string>;
  let otherBusinessId: string;
  let other: Record<string, string>;
  let contactId: string;
  const assistantId = 'asst-notify-1';

  beforeAll(async () => {
    pushService = await startPushService();
    const first = await ctx.createBusinessWithMember({ timezone: 'America/New_York' });
    businessId = first.businessId;
    ownerId = first.userId;
    owner = await ctx.sessionHeaders(first.userName);
    const team = await ctx.addTeamMember(businessId, { email: 'desk@notify.example' });
    memberId = team.userId;
    member = await ctx.sessionHeaders(team.userName);
    const second = await ctx.createBusinessWithMember();
    otherBusinessId = second.businessId;
    other = await ctx.sessionHeaders(second.userName);
    await ctx.app.database.db
      .insert(agents)
      .values({ platformAssistantId: assistantId, businessId, name: 'Front desk' });
    const [contact] = await ctx.app.database.db
      .insert(contacts)
      .values({
        businessId,
        name: 'Ann Lee',
        phone: '+12125550123',
        email: 'ann@example.com',
        source: 'manual',
      })
      .returning({ id: contacts.id });
    contactId = contact!.id;
  });
  afterAll(() => pushService?.close());

  const db = () => ctx.app.database.db;
  const api = (
    method: 'GET' | 'POST' | 'PUT' | 'PATCH',
    url: string,
    headers: Record<string, string>,
    payload?: object,
  ) => ctx.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });
  const bell = async (headers: Record<string, string>) =>
    (await api('GET', '/notifications?limit=50', headers)).json<NotificationList>();
  const rowsOf = (userId: string) =>
    db().select().from(notifications).where(eq(notifications.userId, userId));

  beforeEach(async () => {
    // Each test starts from an empty bell and default preferences.
    await db().execute(sql`delete from notifications`);
    await db().execute(sql`delete from notification_preferences`);
    await db().execute(sql`delete from notification_mail_state`);
    await db().delete(pushSubscriptions);
    await db().delete(mailOutbox);
  });

  const toolCall = (toolCallId: string, args: Record<string, unknown>) =>
    api(
      'POST',
      '/platform/webhook',
      { 'x-vapi-secret': SECRET },
      toolCallsMessage(
        toolCallId,
        { name: 'create_enquiry', arguments: args },
        { assistantId, type: 'inboundPhoneCall', customer: { number: '+12125550177' } },
      ),
    );

  describe('each kind is raised where it happens, to every member of the business only', () => {
    it('a new enquiry from a call (the webhook), once per tool call', async () => {
      const res = await toolCall('tc-notify-1', { subject: 'Whitening', message: 'Price?' });
      expect(res.statusCode).toBe(200);
      // The platform repeats the same tool call: nobody is told twice.
      await toolCall('tc-notify-1', { subject: 'Whitening', message: 'Price?' });
      for (const headers of [owner, member]) {
        const list = await bell(headers);
        expect(list.unread).toBe(1);
        expect(list.items[0]).toMatchObject({
          kind: 'enquiry-new',
          body: 'Whitening — Price?',
          readAt: null,
        });
        expect(list.items[0]!.title).toMatch(/^New enquiry from /);
        expect(list.items[0]!.link).toMatch(/^\/contacts\//);
      }
      expect((await bell(other)).items).toEqual([]);
    });

    it('an urgent enquiry is the urgent kind', async () => {
      await toolCall('tc-notify-urgent', { subject: 'Burst pipe', message: 'Water', urgent: true });
      const list = await bell(owner);
      expect(list.items.map((n) => n.kind)).toEqual(['enquiry-urgent']);
      expect(list.items[0]!.title).toMatch(/^Urgent enquiry from /);
    });

    it('an enquiry added by hand', async () => {
      const res = await api('POST', `/contacts/${contactId}/enquiries`, owner, {
        subject: 'Call back',
        message: 'About the invoice',
      });
      expect(res.statusCode).toBe(201);
      expect((await bell(member)).items[0]).toMatchObject({
        kind: 'enquiry-new',
        title: 'New enquiry from Ann Lee',
        link: `/contacts/${contactId}`,
      });
    });

    it('a new, a moved and a cancelled appointment', async () => {
      const startsAt = new Date(Date.now() + 3 * DAY);
      startsAt.setUTCHours(15, 0, 0, 0);
      const created = await api('POST', '/appointments', owner, {
        contactId,
        service: 'Cleaning',
        startsAt: startsAt.toISOString(),
      });
      expect(created.statusCode).toBe(201);
      const id = created.json<{ id: string }>().id;
      const moved = new Date(startsAt.getTime() + DAY);
      expect(
        (await api('PATCH', `/appointments/${id}`, owner, { startsAt: moved.toISOString() }))
          .statusCode,
      ).toBe(200);
      // Notes alone are no news.
      await api('PATCH', `/appointments/${id}`, owner, { notes: 'Bring x-rays' });
      expect(
        (await api('PATCH', `/appointments/${id}`, owner, { status: 'cancelled' })).statusCode,
      ).toBe(200);
      const list = await bell(member);
      expect(list.items.map((n) => n.kind)).toEqual([
        'appointment-cancelled',
        'appointment-changed',
        'appointment-new',
      ]);
      expect(list.items[2]!.title).toBe('New appointment: Ann Lee');
      // In the business's time zone (New York), as every screen shows it.
      expect(list.items[1]!.body).toMatch(/^Cleaning, now .+ \(was .+\)$/);
    });

    it("a customer's email answer to an enquiry", async () => {
      const enquiry = (
        await api('POST', `/contacts/${contactId}/enquiries`, owner, {
          subject: 'Quote',
          message: 'Please send one',
        })
      ).json<Enquiry>();
      expect(enquiry.replyTo).toContain(DOMAIN);
      await db().delete(notifications);
      const res = await postToPostmark(ctx.app, POSTMARK, {
        From: 'ann@example.com',
        FromName: 'Ann Lee',
        OriginalRecipient: enquiry.replyTo,
        Subject: 'Re: Quote',
        TextBody: 'Thanks, that works.',
        MessageID: 'answer-1@example.com',
      });
      expect(res.json()).toEqual({ stored: true });
      expect((await bell(owner)).items).toMatchObject([
        { kind: 'email-answer', title: 'Ann Lee answered by email', body: 'Re: Quote' },
      ]);
    });

    it('a campaign that called everyone', async () => {
      const campaign = await insertRunningCampaign(db(), { businessId });
      await settleCampaign(db(), campaign.id);
      // Settling a finished campaign again tells nobody again.
      await settleCampaign(db(), campaign.id);
      expect((await bell(owner)).items).toMatchObject([
        {
          kind: 'campaign-finished',
          title: 'Campaign finished: Spring check-ups',
          link: `/campaigns/${campaign.id}`,
        },
      ]);
    });

    it("the landing page's form tells the operator (in the app; the mail goes already)", async () => {
      const admin = await ctx.createAdminUser();
      const adminHeaders = await ctx.sessionHeaders(admin.userName);
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/service-enquiries',
        headers: { 'sec-fetch-site': 'same-origin' },
        remoteAddress: '10.77.0.1',
        payload: {
          poc: 'Jo Smith',
          businessName: 'Acme Vets',
          country: 'Ireland',
          website: 'https://acme.example',
        },
      });
      expect(res.statusCode).toBe(201);
      expect((await bell(adminHeaders)).items).toMatchObject([
        {
          kind: 'enquiry-new',
          title: 'New enquiry from Acme Vets',
          link: '/admin/service-enquiries',
        },
      ]);
      const [row] = await rowsOf(admin.userId);
      expect(row!.emailState).toBe('none');
      expect((await bell(owner)).items).toEqual([]);
    });

    it('an alert, narrowed to owners, as the alerts raise it', async () => {
      const reached = await notify(db(), {
        businessId,
        kind: 'alert',
        title: 'Success rate below 80 %',
        body: '3 of the last 10 calls failed',
        link: '/dashboard',
        roles: ['owner'],
      });
      expect(reached).toBe(1);
      expect((await bell(owner)).items[0]).toMatchObject({ kind: 'alert', link: '/dashboard' });
      expect((await bell(member)).items).toEqual([]);
    });

    it('never links elsewhere: a link that is not a path of ours is dropped', async () => {
      await notify(db(), { businessId, kind: 'alert', title: 'x', link: 'https://evil.example' });
      await notify(db(), { businessId, kind: 'alert', title: 'y', link: '//evil.example/x' });
      expect((await bell(owner)).items.map((n) => n.link)).toEqual([null, null]);
    });
  });

  describe('preferences per kind and channel', () => {
    it('are all on by default, and each switch is honoured per channel', async () => {
      const defaults = (
        await api('GET', '/notifications/preferences', member)
      ).json<NotificationPreferences>();
      expect(defaults.preferences).toHaveLength(8 * 3);
      expect(defaults.preferences.every((p) => p.enabled)).toBe(true);
      expect(defaults.pushPublicKey).toMatch(/^[A-Za-z0-9_-]{80,}$/);

      const res = await api('PUT', '/notifications/preferences', member, {
        preferences: [
          { kind: 'enquiry-new', channel: 'in_app', enabled: false },
          { kind: 'enquiry-new', channel: 'email', enabled: false },
          { kind: 'appointment-new', channel: 'email', enabled: false },
        ],
      });
      expect(res.statusCode).toBe(200);
      const saved = res.json<NotificationPreferences>().preferences;
      expect(saved.filter((p) => !p.enabled)).toHaveLength(3);

      await notify(db(), { businessId, kind: 'enquiry-new', title: 'E' });
      await notify(db(), { businessId, kind: 'appointment-new', title: 'A' });
      // Enquiries are off in the app and by mail; push is on but the member has no browser.
      const mine = await rowsOf(memberId);
      expect(mine.map((r) => [r.kind, r.inApp, r.emailState, r.pushState]).sort()).toEqual([
        ['appointment-new', true, 'none', 'none'],
      ]);
      // The owner's defaults are untouched.
      expect((await rowsOf(ownerId)).map((r) => [r.kind, r.inApp, r.emailState]).sort()).toEqual([
        ['appointment-new', true, 'pending'],
        ['enquiry-new', true, 'pending'],
      ]);
    });

    it('refuse bad input with 400, and are the signed-in user’s own', async () => {
      for (const payload of [
        { preferences: [] },
        { preferences: [{ kind: 'lottery-win', channel: 'email', enabled: true }] },
        { preferences: [{ kind: 'alert', channel: 'sms', enabled: true }] },
        { preferences: [{ kind: 'alert', channel: 'email', enabled: 'yes' }] },
        { nothing: true },
      ]) {
        expect((await api('PUT', '/notifications/preferences', owner, payload)).statusCode).toBe(
          400,
        );
      }
      const anonymous = await ctx.app.inject({ method: 'GET', url: '/api/notifications' });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('the bell', () => {
    it('marks one or all read; another user’s notification is not found', async () => {
      await notify(db(), { businessId, kind: 'alert', title: 'One' });
      await notify(db(), { businessId, kind: 'alert', title: 'Two' });
      const list = await bell(owner);
      expect(list.unread).toBe(2);
      const read = await api('POST', `/notifications/${list.items[0]!.id}/read`, owner);
      expect(read.statusCode).toBe(200);
      expect(read.json<{ readAt: string | null }>().readAt).not.toBeNull();
      expect((await api('GET', '/notifications/unread-count', owner)).json()).toEqual({
        unread: 1,
      });
      // The member's copy is theirs: unread still.
      expect((await bell(member)).unread).toBe(2);
      // A foreign business's user cannot touch it, nor can a made-up id.
      expect(
        (await api('POST', `/notifications/${list.items[1]!.id}/read`, other)).statusCode,
      ).toBe(404);
      expect((await api('POST', '/notifications/not-an-id/read', owner)).statusCode).toBe(404);
      expect((await api('POST', '/notifications/read-all', owner)).json()).toEqual({ updated: 1 });
      expect((await bell(owner)).unread).toBe(0);
      expect((await api('GET', '/notifications?limit=500', owner)).statusCode).toBe(400);
    });

    it('a notification of another business never reaches this one', async () => {
      await notify(db(), { businessId: otherBusinessId, kind: 'enquiry-new', title: 'Theirs' });
      expect((await bell(owner)).items).toEqual([]);
      expect((await bell(other)).items.map((n) => n.title)).toEqual(['Theirs']);
    });
  });

  describe('mail: one an hour per user, listing everything', () => {
    const notificationMails = () =>
      db().select().from(mailOutbox).where(eq(mailOutbox.kind, 'notifications'));

    it('groups a busy hour into one mail, and sends the next only an hour after', async () => {
      for (const title of ['First', 'Second', 'Third']) {
        await notify(db(), { businessId, kind: 'enquiry-new', title, userIds: [ownerId] });
      }
      expect(await ctx.app.notifications.job.runOnce()).toEqual({ pushes: 0, mails: 1 });
      let mails = await notificationMails();
      expect(mails).toHaveLength(1);
      expect(mails[0]!.toAddress).toContain('@business-');
      expect(mails[0]!.subject).toContain('3 notifications');
      expect(mails[0]!.textBody).toMatch(/First[\s\S]*Second[\s\S]*Third/);
      expect(mails[0]!.textBody).toContain('/settings?section=notifications');

      // Within the hour: stored, not mailed.
      await notify(db(), { businessId, kind: 'alert', title: 'Fourth', userIds: [ownerId] });
      await notify(db(), { businessId, kind: 'alert', title: 'Fifth', userIds: [ownerId] });
      expect(await ctx.app.notifications.job.runOnce()).toEqual({ pushes: 0, mails: 0 });
      expect(await notificationMails()).toHaveLength(1);

      // An hour later: one more mail with the two.
      await db()
        .update(notificationMailState)
        .set({ lastMailedAt: new Date(Date.now() - 61 * 60_000) })
        .where(eq(notificationMailState.userId, ownerId));
      expect(await ctx.app.notifications.job.runOnce()).toEqual({ pushes: 0, mails: 1 });
      mails = await notificationMails();
      expect(mails).toHaveLength(2);
      const second = mails.find((m) => m.id !== mails[0]!.id && m.textBody.includes('Fourth'));
      expect(second?.textBody).toContain('Fifth');
      expect(second?.textBody).not.toContain('Third');
      expect(
        await db()
          .select()
          .from(notifications)
          .where(and(eq(notifications.userId, ownerId), eq(notifications.emailState, 'pending'))),
      ).toEqual([]);
    });

    it('a single notification is mailed with its own title, and the mail goes to its user only', async () => {
      await notify(db(), {
        businessId,
        kind: 'campaign-finished',
        title: 'Campaign finished: X',
        userIds: [memberId],
      });
      await ctx.app.notifications.job.runOnce();
      const mails = await notificationMails();
      expect(mails.map((m) => [m.toAddress, m.subject])).toEqual([
        ['desk@notify.example', 'Campaign finished: Campaign finished: X'],
      ]);
    });
  });

  describe('browser push', () => {
    it('is encrypted to the browser’s keys, signed with the server’s VAPID key, and readable by it', async () => {
      const keys = browserKeys();
      const endpoint = pushService.url('owner-device-1');
      const subscribed = await api('POST', '/notifications/push-subscriptions', owner, {
        endpoint,
        keys: { p256dh: keys.p256dh, auth: keys.auth },
      });
      expect(subscribed.statusCode).toBe(201);
      expect(subscribed.json()).toEqual({ devices: 1 });
      await db()
        .update(notifications)
        .set({ pushState: 'none' })
        .where(eq(notifications.pushState, 'pending'));
      const before = pushService.received.length;

      await notify(db(), {
        businessId,
        kind: 'enquiry-urgent',
        title: 'Urgent enquiry from Ann',
        body: 'Leak',
        link: '/enquiries',
      });
      expect((await ctx.app.notifications.job.runOnce())?.pushes).toBe(1);
      const delivered = pushService.received.slice(before);
      expect(delivered).toHaveLength(1);
      const message = delivered[0]!;
      expect(message.path).toBe('/push/owner-device-1');
      expect(message.headers['content-encoding']).toBe('aes128gcm');
      expect(message.headers.ttl).toBeDefined();
      const prefs = (
        await api('GET', '/notifications/preferences', owner)
      ).json<NotificationPreferences>();
      expect(message.headers.authorization).toMatch(
        new RegExp(`^vapid t=[^,]+, k=${prefs.pushPublicKey}$`),
      );
      const payload = JSON.parse(
        decrypt(message.body, {
          version: 'aes128gcm',
          privateKey: keys.ecdh,
          authSecret: keys.auth,
        }).toString('utf8'),
      ) as PushPayload;
      expect(payload).toMatchObject({
        kind: 'enquiry-urgent',
        title: 'Urgent enquiry from Ann',
        body: 'Leak',
        link: '/enquiries',
      });
      // The member has no browser subscribed: nothing is pushed to them.
      const [memberRow] = await rowsOf(memberId);
      expect(memberRow!.pushState).toBe('none');
      expect(prefs.pushDevices).toBe(1);
    });

    it('switched off for a kind, or on this device, nothing is pushed', async () => {
      const keys = browserKeys();
      const endpoint = pushService.url('owner-device-2');
      await api('POST', '/notifications/push-subscriptions', owner, {
        endpoint,
        keys: { p256dh: keys.p256dh, auth: keys.auth },
      });
      await api('PUT', '/notifications/preferences', owner, {
        preferences: [{ kind: 'alert', channel: 'push', enabled: false }],
      });
      await notify(db(), { businessId, kind: 'alert', title: 'Quiet', userIds: [ownerId] });
      expect((await rowsOf(ownerId))[0]!.pushState).toBe('none');

      const off = await api('POST', '/notifications/push-subscriptions/remove', owner, {
        endpoint,
      });
      expect(off.json()).toEqual({ devices: 0 });
      await notify(db(), { businessId, kind: 'enquiry-new', title: 'Loud', userIds: [ownerId] });
      expect((await rowsOf(ownerId)).find((r) => r.title === 'Loud')!.pushState).toBe('none');
    });

    it('a subscription the push service says is gone (410) is dropped', async () => {
      const keys = browserKeys();
      await api('POST', '/notifications/push-subscriptions', owner, {
        endpoint: pushService.url('expired'),
        keys: { p256dh: keys.p256dh, auth: keys.auth },
      });
      pushService.answer(410);
      try {
        await notify(db(), { businessId, kind: 'alert', title: 'Gone', userIds: [ownerId] });
        expect((await ctx.app.notifications.job.runOnce())?.pushes).toBe(0);
      } finally {
        pushService.answer(201);
      }
      expect(await db().select().from(pushSubscriptions)).toEqual([]);
      expect((await rowsOf(ownerId))[0]!.pushState).toBe('failed');
    });

    it('refuses a subscription that is not one with 400', async () => {
      const keys = browserKeys();
      for (const payload of [
        { endpoint: 'ftp://push.example/x', keys: { p256dh: keys.p256dh, auth: keys.auth } },
        { endpoint: 'not a url', keys: { p256dh: keys.p256dh, auth: keys.auth } },
        { endpoint: pushService.url('x'), keys: { p256dh: 'short', auth: keys.auth } },
        { endpoint: pushService.url('x'), keys: { p256dh: keys.p256dh, auth: 'AAAA' } },
        { endpoint: pushService.url('x') },
        {
          endpoint: `https://push.example/${'x'.repeat(3000)}`,
          keys: { p256dh: keys.p256dh, auth: keys.auth },
        },
      ]) {
        const res = await api('POST', '/notifications/push-subscriptions', owner, payload);
        expect(res.statusCode, JSON.stringify(payload).slice(0, 80)).toBe(400);
      }
      expect(await db().select().from(pushSubscriptions)).toEqual([]);
    });

    it('keeps the twenty newest browsers of a user', async () => {
      const keys = browserKeys();
      let devices = 0;
      for (let i = 0; i < 22; i += 1) {
        const res = await api('POST', '/notifications/push-subscriptions', member, {
          endpoint: pushService.url(`many-${i}`),
          keys: { p256dh: keys.p256dh, auth: keys.auth },
        });
        devices = res.json<{ devices: number }>().devices;
      }
      expect(devices).toBe(20);
      const kept = await db().select().from(pushSubscriptions);
      expect(kept.some((row) => row.endpoint.endsWith('/many-21'))).toBe(true);
      expect(kept.some((row) => row.endpoint.endsWith('/many-0'))).toBe(false);
    });

    it('with a real platform key, only a public https push service is accepted', () => {
      expect(endpointProblem('http://fcm.googleapis.com/fcm/send/x', 'live')).toMatch(/https/);
      expect(endpointProblem('https://127.0.0.1/x', 'live')).toMatch(/public/);
      expect(endpointProblem('https://169.254.169.254/latest', 'live')).toMatch(/public/);
      expect(endpointProblem('https://0x7f.1/x', 'live')).toMatch(/public/);
      expect(endpointProblem('https://push.localhost/x', 'live')).toMatch(/public/);
      expect(endpointProblem('https://user:pw@fcm.googleapis.com/x', 'live')).toBeDefined();
      expect(endpointProblem('https://fcm.googleapis.com/fcm/send/abc', 'live')).toBeUndefined();
      expect(
        endpointProblem('https://updates.push.services.mozilla.com/wpush/v2/x', 'live'),
      ).toBeUndefined();
    });
  });
});
