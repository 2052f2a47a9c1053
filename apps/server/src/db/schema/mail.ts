import { index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { idColumn, ts } from './columns';

/** An image carried inside an HTML message, referred to as `cid:<cid>` (a digest's chart). */
export type InlineImage = { cid: string; filename: string; contentType: string; base64: string };

/** A message's addresses and content: the same columns in the outbox and the local mailbox. */
const messageContent = () => ({
  fromAddress: text('from_address').notNull(),
  toAddress: text('to_address').notNull(),
  /** Where answers go (an enquiry reply's reply+<token>@<inbound domain>), if not the sender. */
  replyTo: text('reply_to'),
  subject: text('subject').notNull(),
  textBody: text('text_body').notNull(),
  /** An HTML alternative of the text (the digest), with its inline images. */
  htmlBody: text('html_body'),
  inlineImages: jsonb('inline_images').$type<InlineImage[]>(),
});

/**
 * Every outgoing message, stored before it is sent (so nothing is lost when the mail server is
 * down) and retried with back-off. status: queued → sending (under a lease) → sent, or back to queued after a
 * failed attempt, or failed once the attempts are used up.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: idColumn(),
    /** What the message is, e.g. set-password, enquiry-reply, service-enquiry. */
    kind: text('kind').notNull(),
    ...messageContent(),
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    messageId: text('message_id'),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    /**
     * While "sending": until when the worker that claimed it holds it (renewed while the mail
     * server is answering). Past it, the worker is taken to be gone and the message is due again.
     */
    leaseUntil: ts('lease_until'),
    sentAt: ts('sent_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt)],
);

/** The local mailbox: where mail is delivered when no SMTP server is configured. */
export const mailbox = pgTable(
  'mailbox',
  {
    id: idColumn(),
    outboxId: uuid('outbox_id').references(() => mailOutbox.id, { onDelete: 'set null' }),
    messageId: text('message_id').notNull(),
    ...messageContent(),
    deliveredAt: ts('delivered_at').notNull().defaultNow(),
  },
  (t) => [index('mailbox_delivered_idx').on(t.deliveredAt.desc())],
);
