import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailbox, mailOutbox } from '../../db/schema';
import { freePort, startSmtpSink } from '../../test/smtp-sink';
import { buildTestApp, databaseTargets } from '../../test/test-app';
import { MAIL_MAX_ATTEMPTS } from './mail.service';

describe.each(databaseTargets)('mail on %s', (target) => {
  describe('through SMTP', () => {
    let ctx: Awaited<ReturnType<typeof buildTestApp>>;
    let port: number;
    beforeAll(async () => {
      port = await freePort();
      ctx = await buildTestApp(target, {
        SMTP_URL: `smtp://127.0.0.1:${port}`,
        MAIL_FROM: 'Switchboard <no-reply@switchboard.test>',
        SANDBOX_CALLS: '0',
      });
    });
    afterAll(() => ctx?.close());

    const outboxRow = async (id: string) =>
      (await ctx.app.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0];

    it('delivers a stored message with its sender, recipient, subject and plain-text body', async () => {
      const sink = await startSmtpSink(port);
      try {
        const { id } = await ctx.app.mail.enqueue({
          to: 'ada@acme.test',
          subject: 'Set your Switchboard password',
          text: 'Open this link: https://switchboard.test/set-password?token=abc\n<b>not html</b>',
          kind: 'set-password',
        });
        expect((await outboxRow(id))?.status).toBe('queued');
        expect(await ctx.app.mail.processDue()).toBe(1);

        expect(sink.received).toHaveLength(1);
        const [mail] = sink.received;
        expect(mail?.from?.value).toEqual([
          { name: 'Switchboard', address: 'no-reply@switchboard.test' },
        ]);
        expect(mail?.to && 'text' in mail.to ? mail.to.text : undefined).toBe('ada@acme.test');
        expect(mail?.subject).toBe('Set your Switchboard password');
        expect(mail?.text?.trim()).toBe(
          'Open this link: https://switchboard.test/set-password?token=abc\n<b>not html</b>',
        );
        expect(mail?.html).toBe(false);
        expect(mail?.headers.get('x-switchboard-outbox-id')).toBe(id);
        expect(await outboxRow(id)).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
        expect((await outboxRow(id))?.messageId).toBe(mail?.messageId);
      } finally {
        await sink.close();
      }
    });

    it('sends an HTML message with its text part and an inline image referred to by cid', async () => {
      const sink = await startSmtpSink(port);
      try {
        const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
        await ctx.app.mail.enqueue({
          to: 'owner@acme.test',
          subject: 'Your day',
          text: 'Calls: 6',
          html: '<p>Calls: <b>6</b></p><img src="cid:chart@switchboard" alt="Calls">',
          inlineImages: [
            {
              cid: 'chart@switchboard',
              filename: 'calls.png',
              contentType: 'image/png',
              base64: png.toString('base64'),
            },
          ],
          kind: 'digest',
        });
        expect(await ctx.app.mail.processDue()).toBe(1);
        const [mail] = sink.received;
        expect(mail?.text?.trim()).toBe('Calls: 6');
        expect(mail?.html).toContain('<b>6</b>');
        // An inline part with its Content-ID, as Gmail and Outlook show it in the message.
        const [image] = mail?.attachments ?? [];
        expect(image?.contentId).toBe('<chart@switchboard>');
        expect(image?.contentDisposition).toBe('inline');
        expect(image?.contentType).toBe('image/png');
        expect(image?.content.equals(png)).toBe(true);
      } finally {
        await sink.close();
      }
    });

    it('keeps a message queued with the error while SMTP is down, and delivers it once it is back', async () => {
      const { id } = await ctx.app.mail.enqueue({
        to: 'bob@acme.test',
        subject: 'Reply to your enquiry',
        text: 'Thanks for calling.',
        kind: 'enquiry-reply',
      });
      // Nothing listens on the port now.
      expect(await ctx.app.mail.processDue()).toBe(0);
      const failed = await outboxRow(id);
      expect(failed).toMatchObject({ status: 'queued', attempts: 1 });
      expect(failed?.lastError).toMatch(/ECONNREFUSED|connect/i);
      expect(failed!.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
      // Not due yet: a second run does not hammer the server.
      expect(await ctx.app.mail.processDue()).toBe(0);
      expect((await outboxRow(id))?.attempts).toBe(1);

      const sink = await startSmtpSink(port);
      try {
        await ctx.app.database.db
          .update(mailOutbox)
          .set({ nextAttemptAt: new Date(Date.now() - 1000) })
          .where(eq(mailOutbox.id, id));
        expect(await ctx.app.mail.processDue()).toBe(1);
        expect(sink.received.map((m) => m.subject)).toEqual(['Reply to your enquiry']);
        expect(await outboxRow(id)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
      } finally {
        await sink.close();
      }
    });

    it('gives a message up as failed after the last attempt, and a retry queues it again', async () => {
      const { id } = await ctx.app.mail.enqueue({
        to: 'carol@acme.test',
        subject: 'Never delivered',
        text: '…',
        kind: 'test',
      });
      await ctx.app.database.db
        .update(mailOutbox)
        .set({ attempts: MAIL_MAX_ATTEMPTS - 1 })
        .where(eq(mailOutbox.id, id));
      await ctx.app.mail.processDue();
      expect(await outboxRow(id)).toMatchObject({ status: 'failed', attempts: MAIL_MAX_ATTEMPTS });
      expect(await ctx.app.mail.retry(id)).toBe(true);
      expect(await outboxRow(id)).toMatchObject({ status: 'queued', attempts: 0 });
    });
  });

  describe('into the local mailbox (no SMTP_URL)', () => {
    let ctx: Awaited<ReturnType<typeof buildTestApp>>;
    beforeAll(async () => {
      ctx = await buildTestApp(target, { SANDBOX_CALLS: '0' });
    });
    afterAll(() => ctx?.close());

    it('delivers into the mailbox table and marks the message sent', async () => {
      const { id } = await ctx.app.mail.enqueue({
        to: 'dan@acme.test',
        subject: 'Hello',
        text: 'Body',
        kind: 'test',
      });
      expect(await ctx.app.mail.processDue()).toBe(1);
      const rows = await ctx.app.database.db.select().from(mailbox).where(eq(mailbox.outboxId, id));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        toAddress: 'dan@acme.test',
        subject: 'Hello',
        textBody: 'Body',
      });
      const [sent] = await ctx.app.database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.id, id));
      expect(sent).toMatchObject({ status: 'sent', messageId: rows[0]?.messageId });
    });

    it('stores nothing when the caller’s transaction is rolled back', async () => {
      const subject = `rolled-back-${Date.now()}`;
      await expect(
        ctx.app.database.db.transaction(async (tx) => {
          await ctx.app.mail.enqueue({ to: 'x@acme.test', subject, text: '…', kind: 'test' }, tx);
          throw new Error('the account could not be created');
        }),
      ).rejects.toThrow('could not be created');
      const rows = await ctx.app.database.db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.subject, subject));
      expect(rows).toHaveLength(0);
    });
  });
});
