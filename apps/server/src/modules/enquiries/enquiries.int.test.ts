import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  enquiryReplyAddress,
  type EmailLog,
  type EmailLogList,
  type Enquiry,
  type EnquiryList,
} from '@switchboard/shared/enquiries';
import { agents, emailLogs, enquiries, mailbox, mailOutbox } from '../../db/schema';
import { freePort, startSmtpSink } from '../../test/smtp-sink';
import {
  buildTestApp,
  createAdminUser,
  createBusinessWithMember,
  databaseTargets,
  sessionHeaders,
} from '../../test/test-app';
import { postToWebhook, toolCallsMessage } from '../webhook/test-webhook';
import { MAIL_MAX_ATTEMPTS } from '../mail/mail.service';
import { EnquiriesService } from './enquiries.service';

const SECRET = 'whsec-enquiries-0123456789';
let keyCounter = 0;
const nextKey = () => `reply-key-${Date.now()}-${(keyCounter += 1)}`;

type Ctx = Awaited<ReturnType<typeof buildTestApp>>;

function toolCallMessage(
  toolCallId: string,
  assistantId: string,
  args: Record<string, unknown>,
  customerNumber = '+15550001111',
) {
  return toolCallsMessage(
    toolCallId,
    { name: 'create_enquiry', arguments: JSON.stringify(args) },
    {
      assistantId,
      type: 'inboundPhoneCall',
      createdAt: '2026-11-22T10:00:00.000Z',
      customer: { number: customerNumber },
    },
  );
}

/** A business with a member, one agent and a contact (with an email address) made by the API. */
async function setUpBusiness(ctx: Ctx, assistantId: string) {
  const member = await createBusinessWithMember(ctx.app);
  await ctx.app.database.db.insert(agents).values({
    platformAssistantId: assistantId,
    businessId: member.businessId,
    name: 'Front desk',
  });
  const headers = await sessionHeaders(ctx.app, member.userName);
  const contact = await ctx.app.inject({
    method: 'POST',
    url: '/api/contacts',
    headers,
    payload: { name: 'Ada Lovelace', email: `ada.${assistantId}@example.com` },
  });
  expect(contact.statusCode).toBe(201);
  return { ...member, headers, contactId: contact.json<{ id: string }>().id };
}

describe.each(databaseTargets)('enquiries on %s', (target) => {
  let ctx: Ctx;
  let biz: Awaited<ReturnType<typeof setUpBusiness>>;
  let other: Awaited<ReturnType<typeof setUpBusiness>>;

  beforeAll(async () => {
    ctx = await buildTestApp(target, { VAPI_WEBHOOK_SECRET: SECRET, SANDBOX_CALLS: '0' });
    biz = await setUpBusiness(ctx, 'asst-enq-1');
    other = await setUpBusiness(ctx, 'asst-enq-2');
  });
  afterAll(() => ctx?.close());

  const webhook = (payload: object) => postToWebhook(ctx.app, SECRET, payload);
  const api = (
    method: 'GET' | 'POST' | 'PATCH',
    url: string,
    payload?: object,
    headers = biz.headers,
  ) => ctx.app.inject({ method, url: `/api${url}`, headers, ...(payload ? { payload } : {}) });
  const addByHand = async (subject: string, extra: Record<string, unknown> = {}) => {
    const res = await api('POST', `/contacts/${biz.contactId}/enquiries`, { subject, ...extra });
    expect(res.statusCode).toBe(201);
    return res.json<Enquiry>();
  };

  describe('the create_enquiry tool through the platform webhook', () => {
    it('records the enquiry for the caller’s contact, linked to the agent and call, once per tool call', async () => {
      const args = {
        subject: 'Insurance question: Cigna',
        message: 'Is a crown covered?',
        callerName: 'Grace Hopper',
        callerEmail: 'grace@example.com',
      };
      const first = await webhook(toolCallMessage('tc-enq-1', 'asst-enq-1', args));
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({
        results: [
          {
            toolCallId: 'tc-enq-1',
            name: 'create_enquiry',
            result:
              'The enquiry "Insurance question: Cigna" is recorded; the team will reply by email to grace@example.com.',
          },
        ],
      });
      // The platform repeats the message: still one enquiry.
      expect((await webhook(toolCallMessage('tc-enq-1', 'asst-enq-1', args))).statusCode).toBe(200);
      const rows = await ctx.app.database.db
        .select()
        .from(enquiries)
        .where(eq(enquiries.toolCallId, 'tc-enq-1'));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        businessId: biz.businessId,
        assistantId: 'asst-enq-1',
        callId: 'call-tc-enq-1',
        subject: 'Insurance question: Cigna',
        message: 'Is a crown covered?',
        status: 'open',
        isRead: false,
        source: 'call',
      });

      const list = await api('GET', `/contacts/${rows[0]!.contactId}/enquiries`);
      expect(list.statusCode).toBe(200);
      const body = list.json<EnquiryList>();
      expect(body.data).toHaveLength(1);
      expect(body.data[0]).toMatchObject({
        contactName: 'Grace Hopper',
        contactEmail: 'grace@example.com',
        contactPhone: '+15550001111',
        agentId: 'asst-enq-1',
        agentName: 'Front desk',
        callId: 'call-tc-enq-1',
      });
      expect(body.timeZone).toBe('Europe/Dublin');
    });

    it('answers an error result (and records nothing) for an agent no business owns or empty arguments', async () => {
      const unassigned = await webhook(
        toolCallMessage('tc-enq-2', 'asst-nobody', { subject: 'Hello', callerName: 'X' }),
      );
      expect(unassigned.json()).toMatchObject({
        results: [{ toolCallId: 'tc-enq-2', error: 'This agent is not assigned to a business' }],
      });
      const empty = await webhook(toolCallMessage('tc-enq-3', 'asst-enq-1', { callerName: 'X' }));
      expect(empty.json()).toMatchObject({
        results: [{ toolCallId: 'tc-enq-3', error: 'create_enquiry needs a subject or a message' }],
      });
      const rows = await ctx.app.database.db
        .select()
        .from(enquiries)
        .where(eq(enquiries.toolCallId, 'tc-enq-3'));
      expect(rows).toHaveLength(0);
    });
  });

  describe('lists', () => {
    it('pages a contact’s enquiries (default 20, newest first) and narrows them to an agent', async () => {
      for (let i = 1; i <= 21; i += 1) {
        await addByHand(`Paged ${i}`, i % 2 === 0 ? { agentId: 'asst-enq-1' } : {});
      }
      const first = (await api('GET', `/contacts/${biz.contactId}/enquiries`)).json<EnquiryList>();
      expect(first.meta).toMatchObject({ page: 1, limit: 20, hasNext: true, hasPrev: false });
      expect(first.data).toHaveLength(20);
      expect(first.meta.total).toBeGreaterThanOrEqual(21);
      const second = (
        await api('GET', `/contacts/${biz.contactId}/enquiries?page=2&limit=20`)
      ).json<EnquiryList>();
      expect(second.meta.hasPrev).toBe(true);
      const agentOnly = (
        await api('GET', `/contacts/${biz.contactId}/enquiries?agentId=asst-enq-1&limit=100`)
      ).json<EnquiryList>();
      expect(agentOnly.data.length).toBe(10);
      expect(agentOnly.data.every((enquiry) => enquiry.agentId === 'asst-enq-1')).toBe(true);
    });

    it('filters the inbox by status, unread and agent, and counts unread per agent', async () => {
      const a = await addByHand('Inbox A', { agentId: 'asst-enq-1' });
      await api('PATCH', `/contacts/enquiries/${a.id}/status`, { status: 'resolved' });
      const resolved = (await api('GET', '/enquiries?status=resolved')).json<EnquiryList>();
      expect(resolved.data.map((enquiry) => enquiry.id)).toContain(a.id);
      expect(resolved.data.every((enquiry) => enquiry.status === 'resolved')).toBe(true);
      const unread = (await api('GET', '/enquiries?unread=true&limit=100')).json<EnquiryList>();
      expect(unread.data.every((enquiry) => !enquiry.isRead)).toBe(true);
      expect(unread.data.map((enquiry) => enquiry.id)).not.toContain(a.id);

      const counts = (await api('GET', '/enquiries/unread-counts')).json<{
        total: number;
        byAgent: { agentId: string; count: number }[];
      }>();
      const unreadRows = await ctx.app.database.db
        .select()
        .from(enquiries)
        .where(eq(enquiries.businessId, biz.businessId));
      expect(counts.total).toBe(unreadRows.filter((row) => !row.isRead).length);
      expect(counts.byAgent).toEqual([
        {
          agentId: 'asst-enq-1',
          count: unreadRows.filter((row) => !row.isRead && row.assistantId === 'asst-enq-1').length,
        },
      ]);
      expect((await api('GET', '/enquiries?status=bogus')).statusCode).toBe(400);
    });
  });

  describe('status and read rules', () => {
    it('sets any status (which marks it read), marks read and unread', async () => {
      const enquiry = await addByHand('Rules');
      expect(enquiry).toMatchObject({ status: 'open', isRead: false, readAt: null });
      const read = await api('PATCH', `/contacts/enquiries/${enquiry.id}/mark-read`);
      expect(read.statusCode).toBe(200);
      const readAt = read.json<Enquiry>().readAt;
      expect(readAt).not.toBeNull();
      // Reading again keeps the first time it was read.
      const again = await api('PATCH', `/contacts/enquiries/${enquiry.id}/mark-read`);
      expect(again.json<Enquiry>().readAt).toBe(readAt);
      const unread = await api('PATCH', `/contacts/enquiries/${enquiry.id}/mark-unread`);
      expect(unread.json<Enquiry>()).toMatchObject({ isRead: false, readAt: null });

      for (const status of ['pending', 'resolved', 'closed', 'open'] as const) {
        const res = await api('PATCH', `/contacts/enquiries/${enquiry.id}/status`, { status });
        expect(res.statusCode).toBe(200);
        expect(res.json<Enquiry>()).toMatchObject({ status, isRead: true });
      }
    });

    it('refuses a bad status (400) and changes nothing', async () => {
      const enquiry = await addByHand('Bad status');
      for (const payload of [{ status: 'done' }, {}, { status: 3 }]) {
        const res = await api('PATCH', `/contacts/enquiries/${enquiry.id}/status`, payload);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
      }
      const [row] = await ctx.app.database.db
        .select()
        .from(enquiries)
        .where(eq(enquiries.id, enquiry.id));
      expect(row).toMatchObject({ status: 'open', isRead: false });
    });

    it('answers 404 for another business’s enquiry or contact, and for ids that are not ids', async () => {
      const mine = await addByHand('Not yours');
      const foreign = other.headers;
      for (const [method, url, payload] of [
        ['PATCH', `/contacts/enquiries/${mine.id}/status`, { status: 'closed' }],
        ['PATCH', `/contacts/enquiries/${mine.id}/mark-read`, undefined],
        ['PATCH', `/contacts/enquiries/${mine.id}/mark-unread`, undefined],
        ['GET', `/contacts/${biz.contactId}/enquiries`, undefined],
        ['POST', `/contacts/${biz.contactId}/enquiries`, { subject: 'Sneaky' }],
        ['GET', `/email-logs/enquiry/${mine.id}`, undefined],
        [
          'POST',
          `/contacts/enquiries/${mine.id}/send-reply`,
          { subject: 'x', body: 'y', idempotencyKey: nextKey() },
        ],
        ['PATCH', '/contacts/enquiries/not-an-id/mark-read', undefined],
      ] as const) {
        const res = await api(method, url, payload, foreign);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
      }
      const [row] = await ctx.app.database.db
        .select()
        .from(enquiries)
        .where(eq(enquiries.id, mine.id));
      expect(row).toMatchObject({ status: 'open', isRead: false });
    });

    it('refuses an administrator (403): enquiries belong to a business', async () => {
      const admin = await createAdminUser(ctx.app);
      const headers = await sessionHeaders(ctx.app, admin.userName);
      expect((await api('GET', '/enquiries', undefined, headers)).statusCode).toBe(403);
    });

    it('refuses an enquiry by hand without a subject or under a foreign agent (400)', async () => {
      const noSubject = await api('POST', `/contacts/${biz.contactId}/enquiries`, {
        subject: '  ',
      });
      expect(noSubject.statusCode).toBe(400);
      expect(noSubject.json()).toMatchObject({ error: { message: 'Subject is required' } });
      const foreignAgent = await api('POST', `/contacts/${biz.contactId}/enquiries`, {
        subject: 'Hi',
        agentId: 'asst-enq-2',
      });
      expect(foreignAgent.statusCode).toBe(400);
      expect(foreignAgent.json()).toMatchObject({ error: { message: 'Agent not found' } });
    });
  });

  describe('replies by email (local mailbox)', () => {
    it('stores the reply as queued with its outbox message, sends it, and keeps the log in step', async () => {
      const enquiry = await addByHand('Opening hours?', { agentId: 'asst-enq-1' });
      const key = nextKey();
      const body = 'Hello Ada,\n<b>We open at 9.</b>';
      const res = await api('POST', `/contacts/enquiries/${enquiry.id}/send-reply`, {
        subject: 'Re: Opening hours?',
        body,
        idempotencyKey: key,
      });
      expect(res.statusCode).toBe(202);
      const log = res.json<EmailLog>();
      expect(log).toMatchObject({
        status: 'queued',
        toAddress: 'ada.asst-enq-1@example.com',
        subject: 'Re: Opening hours?',
        body,
        attempts: 0,
        sentBy: biz.userName,
      });
      const [stored] = await ctx.app.database.db
        .select()
        .from(emailLogs)
        .where(eq(emailLogs.id, log.id));
      const [outbox] = await ctx.app.database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.id, stored!.outboxId!));
      expect(outbox).toMatchObject({
        kind: 'enquiry-reply',
        toAddress: 'ada.asst-enq-1@example.com',
        textBody: body,
        status: 'queued',
      });
      // Replying counts as reading it, and an open enquiry now waits for the caller.
      const after = (await api('GET', `/contacts/${biz.contactId}/enquiries?limit=100`))
        .json<EnquiryList>()
        .data.find((row) => row.id === enquiry.id);
      expect(after).toMatchObject({ status: 'pending', isRead: true, replyCount: 1 });

      // A double click: the same key answers the first log and stores nothing more.
      const twice = await api('POST', `/contacts/enquiries/${enquiry.id}/send-reply`, {
        subject: 'Re: Opening hours?',
        body,
        idempotencyKey: key,
      });
      expect(twice.statusCode).toBe(200);
      expect(twice.json<EmailLog>().id).toBe(log.id);
      const outboxRows = await ctx.app.database.db
        .select()
        .from(emailLogs)
        .where(eq(emailLogs.enquiryId, enquiry.id));
      expect(outboxRows).toHaveLength(1);

      await ctx.app.mail.processDue();
      const logs = (await api('GET', `/email-logs/enquiry/${enquiry.id}`)).json<EmailLogList>();
      expect(logs.meta).toMatchObject({ total: 1, page: 1, limit: 20 });
      expect(logs.data[0]).toMatchObject({ id: log.id, status: 'sent', attempts: 1 });
      expect(logs.data[0]?.sentAt).not.toBeNull();
      const delivered = await ctx.app.database.db
        .select()
        .from(mailbox)
        .where(eq(mailbox.outboxId, stored!.outboxId!));
      expect(delivered).toHaveLength(1);
      expect(delivered[0]?.messageId).toBe(logs.data[0]?.messageId);
    });

    it('stores one reply when the same key arrives twice at once (a double click)', async () => {
      const enquiry = await addByHand('Double click');
      const payload = { subject: 'Re: Double click', body: 'Once', idempotencyKey: nextKey() };
      const url = `/contacts/enquiries/${enquiry.id}/send-reply`;
      const [a, b] = await Promise.all([api('POST', url, payload), api('POST', url, payload)]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([200, 202]);
      expect(a.json<EmailLog>().id).toBe(b.json<EmailLog>().id);
      const rows = await ctx.app.database.db
        .select()
        .from(emailLogs)
        .where(eq(emailLogs.enquiryId, enquiry.id));
      expect(rows).toHaveLength(1);
    });

    it('accepts ten different replies sent at once to one enquiry, and a customer’s answers among them, each stored once', async () => {
      const enquiry = await addByHand('Ten at once');
      const url = `/contacts/enquiries/${enquiry.id}/send-reply`;
      const payloads = Array.from({ length: 10 }, (_, i) => ({
        subject: `Re: Ten at once (${i})`,
        body: `Reply ${i}`,
        idempotencyKey: nextKey(),
      }));
      const token = (
        await ctx.app.database.db
          .select({ replyToken: enquiries.replyToken })
          .from(enquiries)
          .where(eq(enquiries.id, enquiry.id))
      )[0]!.replyToken;
      // Two answers from the customer arrive while the replies are being stored.
      const domain = 'in.switchboard.test';
      const inboundMail = new EnquiriesService({
        db: ctx.app.database.db,
        mail: ctx.app.mail,
        inboundDomain: domain,
      });
      const answers = [1, 2].map((n) =>
        inboundMail.receiveInbound({
          channel: 'postmark',
          messageId: `<answer-${n}-${enquiry.id}@example.com>`,
          recipients: [enquiryReplyAddress(token, domain)!],
          fromAddress: 'ada@example.com',
          fromName: 'Ada',
          subject: 'Re: Ten at once',
          body: `Answer ${n}`,
          receivedAt: new Date(),
        }),
      );
      const [replies, inbound] = await Promise.all([
        Promise.all(payloads.map((payload) => api('POST', url, payload))),
        Promise.all(answers),
      ]);
      expect(replies.map((res) => res.statusCode)).toEqual(Array(10).fill(202));
      expect(inbound.map((outcome) => outcome.stored)).toEqual([true, true]);
      const rows = await ctx.app.database.db
        .select({ key: emailLogs.idempotencyKey })
        .from(emailLogs)
        .where(eq(emailLogs.enquiryId, enquiry.id));
      expect(rows.map((row) => row.key).sort()).toEqual(
        payloads.map((payload) => payload.idempotencyKey).sort(),
      );
    });

    it('refuses a reply to a contact without an email address (422) and stores nothing', async () => {
      const noEmail = await api('POST', '/contacts', {
        name: 'Phone Only',
        phone: '+353871112223',
      });
      const contactId = noEmail.json<{ id: string }>().id;
      const created = await api('POST', `/contacts/${contactId}/enquiries`, { subject: 'Call me' });
      const enquiryId = created.json<Enquiry>().id;
      const res = await api('POST', `/contacts/enquiries/${enquiryId}/send-reply`, {
        subject: 'Re: Call me',
        body: 'Hi',
        idempotencyKey: nextKey(),
      });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toMatchObject({
        error: {
          code: 'CONTACT_HAS_NO_EMAIL',
          message:
            'This contact has no email address. Add one to the contact before sending a reply.',
        },
      });
      expect(
        await ctx.app.database.db
          .select()
          .from(emailLogs)
          .where(eq(emailLogs.enquiryId, enquiryId)),
      ).toHaveLength(0);
    });

    it.each([
      ['no subject', { body: 'Hi', idempotencyKey: 'key-12345678' }],
      ['a blank body', { subject: 'Re', body: '   ', idempotencyKey: 'key-12345678' }],
      ['no idempotency key', { subject: 'Re', body: 'Hi' }],
      ['a short idempotency key', { subject: 'Re', body: 'Hi', idempotencyKey: 'abc' }],
    ])('refuses a reply with %s (400)', async (_label, payload) => {
      const enquiry = await addByHand('Bad reply');
      const res = await api('POST', `/contacts/enquiries/${enquiry.id}/send-reply`, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json<{ error: { message: string } }>().error.message).not.toBe('');
    });

    it('retries only a failed reply (409 otherwise)', async () => {
      const enquiry = await addByHand('Retry rules');
      const log = (
        await api('POST', `/contacts/enquiries/${enquiry.id}/send-reply`, {
          subject: 'Re',
          body: 'Hi',
          idempotencyKey: nextKey(),
        })
      ).json<EmailLog>();
      const res = await api('POST', `/email-logs/${log.id}/retry`);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        error: { message: 'Only a failed email can be retried' },
      });
      expect(
        (await api('POST', `/email-logs/${log.id}/retry`, undefined, other.headers)).statusCode,
      ).toBe(404);
    });
  });
});

describe.each(databaseTargets)('enquiry replies through SMTP on %s', (target) => {
  let ctx: Ctx;
  let port: number;
  let biz: Awaited<ReturnType<typeof setUpBusiness>>;
  beforeAll(async () => {
    port = await freePort();
    ctx = await buildTestApp(target, {
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      MAIL_FROM: 'Bright Smile <replies@switchboard.test>',
      SANDBOX_CALLS: '0',
    });
    biz = await setUpBusiness(ctx, 'asst-smtp-1');
  });
  afterAll(() => ctx?.close());

  const api = (method: 'GET' | 'POST', url: string, payload?: object) =>
    ctx.app.inject({
      method,
      url: `/api${url}`,
      headers: biz.headers,
      ...(payload ? { payload } : {}),
    });
  const reply = async (subject: string, body: string) => {
    const enquiry = (
      await api('POST', `/contacts/${biz.contactId}/enquiries`, { subject: 'Question' })
    ).json<Enquiry>();
    const res = await api('POST', `/contacts/enquiries/${enquiry.id}/send-reply`, {
      subject,
      body,
      idempotencyKey: nextKey(),
    });
    expect(res.statusCode).toBe(202);
    return { enquiry, log: res.json<EmailLog>() };
  };
  const logOf = async (enquiryId: string) =>
    (await api('GET', `/email-logs/enquiry/${enquiryId}`)).json<EmailLogList>().data[0]!;

  it('delivers the reply with its sender, recipient, subject, plain-text body and outbox header', async () => {
    const sink = await startSmtpSink(port);
    try {
      const body = 'Dear Ada,\n\n<script>alert(1)</script> is just text.\nBest, the team';
      const { enquiry, log } = await reply('Re: Question', body);
      expect(await ctx.app.mail.processDue()).toBe(1);
      expect(sink.received).toHaveLength(1);
      const [mail] = sink.received;
      expect(mail?.from?.value).toEqual([
        { name: 'Bright Smile', address: 'replies@switchboard.test' },
      ]);
      expect(mail?.to && 'text' in mail.to ? mail.to.text : undefined).toBe(
        'ada.asst-smtp-1@example.com',
      );
      expect(mail?.subject).toBe('Re: Question');
      expect(mail?.text?.trim()).toBe(body);
      expect(mail?.html).toBe(false);
      const [stored] = await ctx.app.database.db
        .select()
        .from(emailLogs)
        .where(eq(emailLogs.id, log.id));
      expect(mail?.headers.get('x-switchboard-outbox-id')).toBe(stored?.outboxId);
      expect(await logOf(enquiry.id)).toMatchObject({
        status: 'sent',
        attempts: 1,
        lastError: null,
        messageId: mail?.messageId,
      });
    } finally {
      await sink.close();
    }
  });

  it('keeps replies while SMTP is down (queued with the error, then failed), and delivers them once it is back after Retry', async () => {
    const { enquiry, log } = await reply('Re: Down', 'Sent while the server is down.');
    // Nothing listens on the port now.
    expect(await ctx.app.mail.processDue()).toBe(0);
    const queued = await logOf(enquiry.id);
    expect(queued).toMatchObject({ status: 'queued', attempts: 1 });
    expect(queued.lastError).toMatch(/ECONNREFUSED|connect/i);

    // Use up the attempts (each made due at once instead of waiting out the back-off).
    const [stored] = await ctx.app.database.db
      .select()
      .from(emailLogs)
      .where(eq(emailLogs.id, log.id));
    const outboxId = stored!.outboxId!;
    for (let attempt = 2; attempt <= MAIL_MAX_ATTEMPTS; attempt += 1) {
      await ctx.app.database.db
        .update(mailOutbox)
        .set({ nextAttemptAt: new Date(Date.now() - 1000) })
        .where(eq(mailOutbox.id, outboxId));
      await ctx.app.mail.processDue();
    }
    const failed = await logOf(enquiry.id);
    expect(failed).toMatchObject({ status: 'failed', attempts: MAIL_MAX_ATTEMPTS });
    expect(failed.lastError).toMatch(/ECONNREFUSED|connect/i);

    const sink = await startSmtpSink(port);
    try {
      const retried = await api('POST', `/email-logs/${log.id}/retry`);
      expect(retried.statusCode).toBe(200);
      expect(retried.json<EmailLog>()).toMatchObject({ status: 'queued', attempts: 0 });
      expect(await ctx.app.mail.processDue()).toBe(1);
      expect(sink.received.map((mail) => mail.subject)).toEqual(['Re: Down']);
      expect(await logOf(enquiry.id)).toMatchObject({
        status: 'sent',
        attempts: 1,
        lastError: null,
      });
      // Delivered once: another run sends nothing.
      expect(await ctx.app.mail.processDue()).toBe(0);
      expect(sink.received).toHaveLength(1);
    } finally {
      await sink.close();
    }
  });
});
