import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import type { Db } from '../../db/client';
import { mailbox, type InlineImage } from '../../db/schema';

export type OutgoingMail = {
  outboxId: string;
  from: string;
  to: string;
  replyTo?: string | null;
  subject: string;
  text: string;
  html?: string | null;
  inlineImages?: InlineImage[];
};

/** A message's addressing and content as the outbox and the mailbox tables store them. */
export function storedContent(mail: Omit<OutgoingMail, 'outboxId' | 'from'>) {
  return {
    toAddress: mail.to,
    replyTo: mail.replyTo ?? null,
    subject: mail.subject,
    textBody: mail.text,
    htmlBody: mail.html ?? null,
    inlineImages: mail.inlineImages?.length ? mail.inlineImages : null,
  };
}

/** Where mail goes: an SMTP server, or the local mailbox table. */
export type MailTransport = {
  kind: 'smtp' | 'local';
  send(mail: OutgoingMail): Promise<{ messageId: string }>;
  close(): void;
};

/** SMTP through nodemailer (SMTP_URL, e.g. smtp://user:pass@host:587). */
export function createSmtpTransport(smtpUrl: string): MailTransport {
  // A mail server that hangs must not hold the worker for minutes. Nodemailer reads options
  // from the connection URL's query string; values already there win.
  const url = new URL(smtpUrl);
  for (const [option, ms] of [
    ['connectionTimeout', '10000'],
    ['greetingTimeout', '10000'],
    ['socketTimeout', '20000'],
  ] as const) {
    if (!url.searchParams.has(option)) url.searchParams.set(option, ms);
  }
  const transporter = nodemailer.createTransport(url.toString());
  return {
    kind: 'smtp',
    async send(mail) {
      const info = await transporter.sendMail({
        from: mail.from,
        to: mail.to,
        ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
        subject: mail.subject,
        text: mail.text,
        ...(mail.html ? { html: mail.html } : {}),
        // Inline images are related parts referred to by Content-ID: what Gmail and Outlook
        // show in the message (a data: URI is blocked by both).
        ...(mail.inlineImages?.length
          ? {
              attachments: mail.inlineImages.map((image) => ({
                filename: image.filename,
                contentType: image.contentType,
                cid: image.cid,
                content: Buffer.from(image.base64, 'base64'),
              })),
            }
          : {}),
        // The outbox id makes the message traceable from the receiving side.
        headers: { 'X-Switchboard-Outbox-Id': mail.outboxId },
      });
      return { messageId: info.messageId };
    },
    close: () => transporter.close(),
  };
}

/** The embedded default: messages are "delivered" into the mailbox table, readable by admins. */
export function createLocalMailboxTransport(db: Db): MailTransport {
  return {
    kind: 'local',
    async send(mail) {
      const messageId = `<${randomUUID()}@switchboard.local>`;
      await db.insert(mailbox).values({
        outboxId: mail.outboxId,
        messageId,
        fromAddress: mail.from,
        ...storedContent(mail),
      });
      return { messageId };
    },
    close: () => undefined,
  };
}
