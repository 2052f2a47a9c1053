import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { businesses } from './businesses';
import { contacts } from './contacts';
import { mailOutbox } from './mail';
import { idColumn, ownedBy, toolCallOrigin, toolCallOriginIndexes, ts } from './columns';

/**
 * Something a caller asked for, recorded by an agent's create_enquiry tool during a call, or
 * added by hand. It belongs to a contact (the caller) and usually to an agent (the platform
 * assistant id, like calls.assistant_id) and the call it came from.
 */
export const enquiries = pgTable(
  'enquiries',
  {
    id: idColumn(),
    businessId: ownedBy('business_id', () => businesses.id),
    contactId: ownedBy('contact_id', () => contacts.id),
    ...toolCallOrigin(),
    subject: text('subject').notNull(),
    message: text('message').notNull().default(''),
    /** open | pending | resolved | closed */
    status: text('status').notNull().default('open'),
    isRead: boolean('is_read').notNull().default(false),
    readAt: ts('read_at'),
    /** call | manual */
    source: text('source').notNull(),
    /** Recorded during a test call ("Talk to agent": calls.is_test). */
    isTest: boolean('is_test').notNull().default(false),
    /** urgent | normal */
    priority: text('priority').notNull().default('normal'),
    /**
     * The unguessable part of the enquiry's reply-to address (reply+<token>@<inbound domain>):
     * a customer's answer to that address is filed under this enquiry. 122 random bits.
     */
    replyToken: text('reply_token')
      .notNull()
      .default(sql`replace(gen_random_uuid()::text, '-', '')`),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('enquiries_reply_token_idx').on(t.replyToken),
    // The lists' order (created_at desc, id desc) is the indexes' own, so a page reads no sort.
    index('enquiries_contact_created_idx').on(
      t.businessId,
      t.contactId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('enquiries_business_created_idx').on(
      t.businessId,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('enquiries_business_status_created_idx').on(
      t.businessId,
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('enquiries_unread_idx')
      .on(t.businessId, t.assistantId)
      .where(sql`not is_read`),
    ...toolCallOriginIndexes('enquiries', t),
  ],
);

/**
 * An email reply to an enquiry: stored as queued in the same transaction as its mail_outbox
 * row, then moved along (sending → sent | failed) as the mail worker delivers it.
 */
export const emailLogs = pgTable(
  'email_logs',
  {
    id: idColumn(),
    businessId: ownedBy('business_id', () => businesses.id),
    enquiryId: ownedBy('enquiry_id', () => enquiries.id),
    outboxId: uuid('outbox_id').references(() => mailOutbox.id, { onDelete: 'set null' }),
    /** Who sent it (a user of the business), when known. */
    sentByUserId: uuid('sent_by_user_id').references(() => users.id, { onDelete: 'set null' }),
    /** From the client, so a double click sends once. */
    idempotencyKey: text('idempotency_key'),
    toAddress: text('to_address').notNull(),
    subject: text('subject').notNull(),
    /** Plain text. */
    body: text('body').notNull(),
    /** queued | sending | sent | failed */
    status: text('status').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    messageId: text('message_id'),
    sentAt: ts('sent_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('email_logs_enquiry_created_idx').on(t.enquiryId, t.createdAt.desc(), t.id),
    index('email_logs_outbox_idx').on(t.outboxId),
    uniqueIndex('email_logs_idempotency_idx')
      .on(t.businessId, t.idempotencyKey)
      .where(sql`idempotency_key is not null`),
  ],
);

/**
 * A customer's email answer to an enquiry, taken in by the inbound-mail webhook (Postmark,
 * Mailgun) or IMAP polling and filed by the reply token in the address it was sent to.
 */
export const enquiryInboundMessages = pgTable(
  'enquiry_inbound_messages',
  {
    id: idColumn(),
    businessId: ownedBy('business_id', () => businesses.id),
    enquiryId: ownedBy('enquiry_id', () => enquiries.id),
    /** postmark | mailgun | imap */
    channel: text('channel').notNull(),
    /** The Message-ID header: the same message delivered twice is stored once. */
    messageId: text('message_id').notNull(),
    fromAddress: text('from_address').notNull(),
    fromName: text('from_name').notNull().default(''),
    subject: text('subject').notNull().default(''),
    /** Plain text, the quoted earlier messages left out where the sender's mail marked them. */
    body: text('body').notNull(),
    receivedAt: ts('received_at').notNull().defaultNow(),
  },
  (t) => [
    index('enquiry_inbound_enquiry_received_idx').on(t.enquiryId, t.receivedAt, t.id),
    uniqueIndex('enquiry_inbound_message_idx').on(t.enquiryId, t.messageId),
  ],
);

/** Every status change of an enquiry: from, to, who (a user, or what) and why. */
export const enquiryStatusChanges = pgTable(
  'enquiry_status_changes',
  {
    id: idColumn(),
    businessId: ownedBy('business_id', () => businesses.id),
    enquiryId: ownedBy('enquiry_id', () => enquiries.id),
    fromStatus: text('from_status').notNull(),
    toStatus: text('to_status').notNull(),
    /** The member who changed it; null when it followed from something else (see cause). */
    changedByUserId: uuid('changed_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    /** user | reply-sent | customer-replied */
    cause: text('cause').notNull(),
    reason: text('reason').notNull().default(''),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [index('enquiry_status_changes_enquiry_idx').on(t.enquiryId, t.createdAt, t.id)],
);
