import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { businesses } from './businesses';
import { contacts } from './contacts';
import { mailOutbox } from './mail';

const ts = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Something a caller asked for, recorded by an agent's create_enquiry tool during a call, or
 * added by hand. It belongs to a contact (the caller) and usually to an agent (the platform
 * assistant id, like calls.assistant_id) and the call it came from.
 */
export const enquiries = pgTable(
  'enquiries',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    contactId: uuid('contact_id')
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    /** The platform assistant id (calls.assistant_id); null for one added by hand. */
    assistantId: text('assistant_id'),
    /** The platform call id; no foreign key: the tool call can arrive before the call is stored. */
    callId: text('call_id'),
    /** The platform's tool-call id, so a repeated tool-calls message records one enquiry. */
    toolCallId: text('tool_call_id'),
    subject: text('subject').notNull(),
    message: text('message').notNull().default(''),
    /** open | pending | resolved | closed */
    status: text('status').notNull().default('open'),
    isRead: boolean('is_read').notNull().default(false),
    readAt: ts('read_at'),
    /** call | manual */
    source: text('source').notNull(),
    createdAt: ts('created_at').notNull().defaultNow(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('enquiries_contact_created_idx').on(t.businessId, t.contactId, t.createdAt.desc(), t.id),
    index('enquiries_business_created_idx').on(t.businessId, t.createdAt.desc(), t.id),
    index('enquiries_business_status_created_idx').on(
      t.businessId,
      t.status,
      t.createdAt.desc(),
      t.id,
    ),
    index('enquiries_unread_idx')
      .on(t.businessId, t.assistantId)
      .where(sql`not is_read`),
    uniqueIndex('enquiries_tool_call_idx')
      .on(t.businessId, t.toolCallId)
      .where(sql`tool_call_id is not null`),
  ],
);

/**
 * An email reply to an enquiry: stored as queued in the same transaction as its mail_outbox
 * row, then moved along (sending → sent | failed) as the mail worker delivers it.
 */
export const emailLogs = pgTable(
  'email_logs',
  {
    id: uuid('id')
      .primaryKey()
      .default(sql`gen_random_uuid()`),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    enquiryId: uuid('enquiry_id')
      .notNull()
      .references(() => enquiries.id, { onDelete: 'cascade' }),
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
