import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import hoodiecrow from 'hoodiecrow-imap';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppointmentCalendar, Appointment } from '@switchboard/shared/appointments';
import type { ContactList } from '@switchboard/shared/contacts';
import type { Enquiry, EnquiryList, EnquiryThread } from '@switchboard/shared/enquiries';
import { agents, mailOutbox } from '../../db/schema';
import { inboundMailEnv, postToPostmark } from '../../test/inbound-mail';
import { appForSuite, oneDatabase } from '../../test/test-app';
import { postToWebhook, toolCallsMessage } from '../webhook/test-webhook';
import { EnquiriesService } from '../enquiries/enquiries.service';
import { ImapPoller } from './imap-poller';

const SECRET = 'whsec-inbound-0123456789';
const DOMAIN = 'in.switchboard.test';
const POSTMARK = { user: 'postmark-hook', password: 'pm-secret-123' };
const MAILGUN_KEY = 'key-mailgun-signing-0123456789';

function toolCall(
  name: 'create_enquiry' | 'book_appointment',
  toolCallId: string,
  assistantId: string,
  args: Record<string, unknown>,
  options: { test?: boolean; number?: string } = {},
) {
  return toolCallsMessage(
    toolCallId,
    { name, arguments: args },
    {
      assistantId,
      type: 'webCall',
      ...(options.number ? { customer: { number: options.number } } : {}),
      ...(options.test ? { assistantOverrides: { metadata: { switchboardTestCall: true } } } : {}),
    },
  );
}

function mailgunFields(fields: Record<string, string>, key = MAILGUN_KEY) {
  const timestamp = String(Math.floor(Date.now() / 1000));
  const token = `tok${Math.random().toString(36).slice(2)}`;
  const signature = createHmac('sha256', key)
    .update(timestamp + token)
    .digest('hex');
  return { ...fields, timestamp, token, signature };
}

describe.each(oneDatabase)('enquiry threads, inbound mail and test marks on %s', (target) => {
  const ctx = appForSuite(target, {
    ...inboundMailEnv({ secret: SECRET, domain: DOMAIN, postmark: POSTMARK }),
    INBOUND_MAILGUN_SIGNING_KEY: MAILGUN_KEY,
  });
  let headers: Record<string, string>;
  let otherHeaders: Record<string, string>;
  const assistantId = 'asst-inbound-1';

  beforeAll(async () => {
    const member = await ctx.createBusinessWithMember({ timezone: 'America/New_York' });
    await ctx.app.database.db
      .insert(agents)
      .values({ platformAssistantId: assistantId, businessId: member.businessId, name: 'Desk' });
    headers = await ctx.sessionHeaders(member.userName);
    const other = await ctx.createBusinessWithMember();
    otherHeaders = await ctx.sessionHeaders(other.userName);
  });

  const webhook = (payload: object) => postToWebhook(ctx.app, SECRET, payload);
  const api = <T>(method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, h = headers) =>
    ctx.app
      .inject({ method, url: `/api${url}`, headers: h, ...(payload ? { payload } : {}) })
      .then((res) => ({ res, body: () => res.json<T>() }));

  const enquiryWith = async (subject: string) => {
    const { body } = await api<EnquiryList>('GET', `/enquiries?q=${encodeURIComponent(subject)}`);
    const found = body().data.find((e) => e.subject === subject);
    expect(found).toBeDefined();
    return found!;
  };

  describe('test marks', () => {
    beforeAll(async () => {
      for (const [id, test, number] of [
        ['tc-mark-test', true, '+12125550101'],
        ['tc-mark-real', false, '+12125550102'],
      ] as const) {
        const enquiry = await webhook(
          toolCall(
            'create_enquiry',
            id,
            assistantId,
            { subject: `Marked ${id}`, callerEmail: `${id}@example.com` },
            { test, number },
          ),
        );
        expect(enquiry.statusCode).toBe(200);
        const booking = await webhook(
          toolCall(
            'book_appointment',
            `${id}-b`,
            assistantId,
            { service: `Service ${id}`, startsAt: new Date(Date.now() + 86_400_000).toISOString() },
            { test, number },
          ),
        );
        expect(booking.json<{ results: { error?: string }[] }>().results[0]?.error).toBeUndefined();
      }
    });

    it('marks the enquiry, the appointment and the new contact of a test call, and filters them', async () => {
      const test = await enquiryWith('Marked tc-mark-test');
      const real = await enquiryWith('Marked tc-mark-real');
      expect(test.isTest).toBe(true);
      expect(real.isTest).toBe(false);
      const only = (await api<EnquiryList>('GET', '/enquiries?test=only')).body();
      expect(only.data.map((e) => e.subject)).toEqual(['Marked tc-mark-test']);
      const without = (await api<EnquiryList>('GET', '/enquiries?test=exclude')).body();
      expect(without.data.map((e) => e.subject)).toContain('Marked tc-mark-real');
      expect(without.data.map((e) => e.subject)).not.toContain('Marked tc-mark-test');

      const contacts = (await api<ContactList>('GET', '/contacts?test=only')).body();
      expect(contacts.data.map((c) => c.phone)).toEqual(['+12125550101']);
      const allContacts = (await api<ContactList>('GET', '/contacts')).body();
      expect(allContacts.data.find((c) => c.phone === '+12125550102')?.isTest).toBe(false);

      const upcoming = (
        await api<{ data: Appointment[] }>('GET', '/appointments?tab=upcoming&test=only')
      ).body();
      expect(upcoming.data.map((a) => a.service)).toEqual(['Service tc-mark-test']);
      expect(upcoming.data[0]?.isTest).toBe(true);
      const real2 = (
        await api<{ data: Appointment[] }>('GET', '/appointments?tab=upcoming&test=exclude')
      ).body();
      expect(real2.data.map((a) => a.service)).toEqual(['Service tc-mark-real']);
      expect((await api('GET', '/enquiries?test=maybe')).res.statusCode).toBe(400);
    });
  });

  describe('priority, search and status history', () => {
    it('sets the priority, filters by it and searches subject, message and contact', async () => {
      const enquiry = await enquiryWith('Marked tc-mark-real');
      const urgent = await api<Enquiry>('PATCH', `/contacts/enquiries/${enquiry.id}/priority`, {
        priority: 'urgent',
      });
      expect(urgent.body().priority).toBe('urgent');
      const list = (await api<EnquiryList>('GET', '/enquiries?priority=urgent')).body();
      expect(list.data.map((e) => e.id)).toEqual([enquiry.id]);
      const byEmail = (await api<EnquiryList>('GET', '/enquiries?q=tc-mark-real%40example')).body();
      expect(byEmail.data.map((e) => e.id)).toEqual([enquiry.id]);
      const none = (await api<EnquiryList>('GET', '/enquiries?q=%25')).body();
      expect(none.data).toEqual([]);
      const bad = await api('PATCH', `/contacts/enquiries/${enquiry.id}/priority`, {
        priority: 'high',
      });
      expect(bad.res.statusCode).toBe(400);
      const foreign = await api(
        'PATCH',
        `/contacts/enquiries/${enquiry.id}/priority`,
        { priority: 'normal' },
        otherHeaders,
      );
      expect(foreign.res.statusCode).toBe(404);
    });

    it('keeps who changed the status, when and why, in the thread', async () => {
      const enquiry = await enquiryWith('Marked tc-mark-test');
      const set = await api<Enquiry>('PATCH', `/contacts/enquiries/${enquiry.id}/status`, {
        status: 'resolved',
        reason: 'Answered on the phone',
      });
      expect(set.res.statusCode).toBe(200);
      // The same status again is no change: nothing more in the history.
      await api('PATCH', `/contacts/enquiries/${enquiry.id}/status`, { status: 'resolved' });
      const thread = (await api<EnquiryThread>('GET', `/enquiries/${enquiry.id}/thread`)).body();
      const changes = thread.items.filter((i) => i.kind === 'status');
      expect(changes).toEqual([
        expect.objectContaining({
          fromStatus: 'open',
          toStatus: 'resolved',
          cause: 'user',
          reason: 'Answered on the phone',
          by: expect.stringContaining('@') as unknown,
        }),
      ]);
      expect(
        (await api('GET', `/enquiries/${enquiry.id}/thread`, undefined, otherHeaders)).res
          .statusCode,
      ).toBe(404);
      expect((await api('GET', '/enquiries/not-an-id/thread')).res.statusCode).toBe(404);
    });
  });

  describe('replies and the customer’s answers', () => {
    let enquiry: Enquiry;
    beforeAll(async () => {
      enquiry = await enquiryWith('Marked tc-mark-real');
    });

    it('sends the reply with the enquiry’s reply-to address and files answers under it (Postmark)', async () => {
      expect(enquiry.replyTo).toMatch(
        new RegExp(`^reply\\+[a-f0-9]{32}@${DOMAIN.replaceAll('.', '\\.')}$`),
      );
      const sent = await api('POST', `/contacts/enquiries/${enquiry.id}/send-reply`, {
        subject: 'Re: your question',
        body: 'Could you come in on Tuesday?',
        idempotencyKey: 'inbound-test-reply-1',
      });
      expect(sent.res.statusCode).toBe(202);
      const [outbox] = await ctx.app.database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.subject, 'Re: your question'));
      expect(outbox?.replyTo).toBe(enquiry.replyTo);

      const postmark = {
        FromFull: { Email: 'tc-mark-real@example.com', Name: 'Real Caller' },
        From: 'tc-mark-real@example.com',
        ToFull: [{ Email: enquiry.replyTo, Name: '' }],
        OriginalRecipient: enquiry.replyTo,
        Subject: 'Re: Re: your question',
        TextBody: 'Tuesday at 10 works.\n\nOn Mon, Bright wrote:\n> Could you come in on Tuesday?',
        StrippedTextReply: 'Tuesday at 10 works.',
        Headers: [{ Name: 'Message-ID', Value: '<answer-1@example.com>' }],
      };
      const refused = await postToPostmark(ctx.app, { ...POSTMARK, password: 'wrong' }, postmark);
      expect(refused.statusCode).toBe(401);
      const post = () => postToPostmark(ctx.app, POSTMARK, postmark);
      const first = await post();
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ stored: true });
      expect((await post()).json()).toEqual({ stored: false, reason: 'duplicate' });

      const thread = (await api<EnquiryThread>('GET', `/enquiries/${enquiry.id}/thread`)).body();
      expect(thread.items.map((i) => i.kind)).toEqual(['reply', 'status', 'inbound', 'status']);
      expect(thread.items[2]).toMatchObject({
        kind: 'inbound',
        body: 'Tuesday at 10 works.',
        fromAddress: 'tc-mark-real@example.com',
        fromName: 'Real Caller',
        channel: 'postmark',
      });
      expect(thread.items[1]).toMatchObject({ cause: 'reply-sent', toStatus: 'pending' });
      expect(thread.items[3]).toMatchObject({
        cause: 'customer-replied',
        fromStatus: 'pending',
        toStatus: 'open',
      });
      expect(thread.enquiry).toMatchObject({ status: 'open', isRead: false, inboundCount: 1 });
    });

    it('takes Mailgun’s signed forms (urlencoded and multipart) and refuses a bad signature', async () => {
      const fields = {
        recipient: enquiry.replyTo!,
        from: 'Real Caller <tc-mark-real@example.com>',
        subject: 'Re: your question',
        'body-plain': 'Also, is parking free?\n\n> quoted',
        'stripped-text': 'Also, is parking free?',
        'Message-Id': '<answer-2@example.com>',
      };
      const form = (values: Record<string, string>) => new URLSearchParams(values).toString();
      const refused = await ctx.app.inject({
        method: 'POST',
        url: '/api/inbound-mail/mailgun',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: form(mailgunFields(fields, 'another-key')),
      });
      expect(refused.statusCode).toBe(401);
      const ok = await ctx.app.inject({
        method: 'POST',
        url: '/api/inbound-mail/mailgun',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: form(mailgunFields(fields)),
      });
      expect(ok.json()).toEqual({ stored: true });

      const boundary = '----switchboard-test';
      const multipart = Object.entries(
        mailgunFields({
          ...fields,
          'Message-Id': '<answer-3@example.com>',
          'stripped-text': 'One more thing.',
        }),
      )
        .map(
          ([name, value]) =>
            `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
        )
        .join('');
      const viaMultipart = await ctx.app.inject({
        method: 'POST',
        url: '/api/inbound-mail/mailgun',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: `${multipart}--${boundary}--\r\n`,
      });
      expect(viaMultipart.json()).toEqual({ stored: true });
      const thread = (await api<EnquiryThread>('GET', `/enquiries/${enquiry.id}/thread`)).body();
      const answers = thread.items.filter((i) => i.kind === 'inbound').map((i) => i.body);
      expect(answers).toEqual([
        'Tuesday at 10 works.',
        'Also, is parking free?',
        'One more thing.',
      ]);
    });

    it('answers 200 (not stored) for an address of no enquiry, and 400 for no sender', async () => {
      const unknown = await postToPostmark(ctx.app, POSTMARK, {
        From: 'x@example.com',
        OriginalRecipient: `reply+${'0'.repeat(32)}@${DOMAIN}`,
        TextBody: 'hello',
      });
      expect(unknown.json()).toEqual({ stored: false, reason: 'no-enquiry' });
      const empty = await postToPostmark(ctx.app, POSTMARK, { TextBody: 'hello' });
      expect(empty.statusCode).toBe(400);
    });

    it('polls an IMAP mailbox, files the answer, and reads each message once', async () => {
      const raw = [
        'From: Real Caller <tc-mark-real@example.com>',
        `To: ${enquiry.replyTo}`,
        'Subject: Re: your question',
        'Message-ID: <answer-imap-1@example.com>',
        'Date: Tue, 24 Nov 2026 09:00:00 +0000',
        '',
        'Sent from IMAP.',
        '',
        'On Mon, Bright wrote:',
        '> Could you come in on Tuesday?',
      ].join('\r\n');
      const unrelated = 'From: a@example.com\r\nTo: someone@example.com\r\nSubject: hi\r\n\r\nhi';
      const server = hoodiecrow({
        plugins: ['IDLE'],
        storage: { INBOX: { messages: [{ raw }, { raw: unrelated }] } },
        users: { poller: { password: 'imap-pass' } },
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      const port = (server.server.address() as AddressInfo).port;
      try {
        const poller = new ImapPoller({
          settings: {
            url: `imap://poller:imap-pass@127.0.0.1:${port}`,
            mailbox: 'INBOX',
            pollSeconds: 60,
          },
          receive: (mail) => receiver().receiveInbound(mail),
          log: ctx.app.log,
        });
        expect(await poller.pollOnce()).toBe(1);
        expect(await poller.pollOnce()).toBe(0);
        const thread = (await api<EnquiryThread>('GET', `/enquiries/${enquiry.id}/thread`)).body();
        const imap = thread.items.find((i) => i.kind === 'inbound' && i.channel === 'imap');
        expect(imap).toMatchObject({ body: 'Sent from IMAP.', fromName: 'Real Caller' });
      } finally {
        await new Promise<void>((resolve) => server.close(() => resolve()));
      }
    });

    // The poller the app builds hands messages to an EnquiriesService like this one.
    const receiver = () =>
      new EnquiriesService({ db: ctx.app.database.db, mail: ctx.app.mail, inboundDomain: DOMAIN });
  });

  describe('appointments: calendar and mail to the customer', () => {
    it('answers a week of appointments, and mails the customer on a reschedule when asked', async () => {
      const from = new Date(Date.now() - 86_400_000);
      const to = new Date(from.getTime() + 7 * 86_400_000);
      const calendar = (
        await api<AppointmentCalendar>(
          'GET',
          `/appointments/calendar?from=${from.toISOString()}&to=${to.toISOString()}`,
        )
      ).body();
      expect(calendar.timeZone).toBe('America/New_York');
      expect(calendar.data.map((a) => a.service).sort()).toEqual([
        'Service tc-mark-real',
        'Service tc-mark-test',
      ]);
      const tooLong = await api(
        'GET',
        `/appointments/calendar?from=${from.toISOString()}&to=${new Date(from.getTime() + 9 * 86_400_000).toISOString()}`,
      );
      expect(tooLong.res.statusCode).toBe(400);

      const appointment = calendar.data.find((a) => a.service === 'Service tc-mark-real')!;
      const moved = await api<Appointment>('PATCH', `/appointments/${appointment.id}`, {
        startsAt: new Date(Date.parse(appointment.startsAt) + 3_600_000).toISOString(),
        notifyCustomer: true,
      });
      expect(moved.res.statusCode).toBe(200);
      const mails = await ctx.app.database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.kind, 'appointment-change'));
      expect(mails).toHaveLength(1);
      expect(mails[0]).toMatchObject({ toAddress: 'tc-mark-real@example.com' });
      expect(mails[0]?.textBody).toContain('has moved from');
      // Without the box ticked, nothing is mailed.
      await api('PATCH', `/appointments/${appointment.id}`, { status: 'cancelled' });
      const after = await ctx.app.database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.kind, 'appointment-change'));
      expect(after).toHaveLength(1);
    });
  });
});
