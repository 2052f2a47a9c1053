import { and, count, desc, eq, ilike, inArray, not, or, sql, type SQL } from 'drizzle-orm';
import type {
  EnquiryPriority,
  EnquiryStatus,
  EnquiryStatusCause,
  InboundChannel,
} from '@switchboard/shared/enquiries';
import type { TestFilter } from '@switchboard/shared/test-marks';
import type { Db } from '../../db/client';
import {
  agents,
  contacts,
  emailLogs,
  enquiries,
  enquiryInboundMessages,
  enquiryStatusChanges,
  mailOutbox,
  users,
} from '../../db/schema';
import { isContactId } from '../contacts/contacts.repository';
import { currentAgentsOf } from '../../db/current-agents';
import { pageOf } from '../../db/page-of';
import { insertOncePerToolCall, type MadeOnCall } from '../../db/tool-call-rows';

/** Ids are UUIDs; anything else is simply not found (Postgres would answer an error). */
export const isUuid = isContactId;

/** An enquiry as the screens see it: with its contact, agent name and how many replies it has. */
const ENQUIRY_COLUMNS = {
  id: enquiries.id,
  businessId: enquiries.businessId,
  contactId: enquiries.contactId,
  contactName: contacts.name,
  contactEmail: contacts.email,
  contactPhone: contacts.phone,
  assistantId: enquiries.assistantId,
  agentName: sql<string | null>`(select a.name from agents a
    where a.platform_assistant_id = ${enquiries.assistantId} limit 1)`,
  callId: enquiries.callId,
  subject: enquiries.subject,
  message: enquiries.message,
  status: enquiries.status,
  isRead: enquiries.isRead,
  readAt: enquiries.readAt,
  source: enquiries.source,
  isTest: enquiries.isTest,
  priority: enquiries.priority,
  replyToken: enquiries.replyToken,
  replyCount: sql<number>`(select count(*)::int from email_logs l
    where l.enquiry_id = ${enquiries.id})`,
  inboundCount: sql<number>`(select count(*)::int from enquiry_inbound_messages m
    where m.enquiry_id = ${enquiries.id})`,
  createdAt: enquiries.createdAt,
  updatedAt: enquiries.updatedAt,
};
export type EnquiryRecord = {
  id: string;
  businessId: string;
  contactId: string;
  contactName: string;
  contactEmail: string | null;
  contactPhone: string | null;
  assistantId: string | null;
  agentName: string | null;
  callId: string | null;
  subject: string;
  message: string;
  status: string;
  isRead: boolean;
  readAt: Date | null;
  source: string;
  isTest: boolean;
  priority: string;
  replyToken: string;
  replyCount: number;
  inboundCount: number;
  createdAt: Date;
  updatedAt: Date;
};

export type EnquiryFilter = {
  contactId?: string;
  assistantId?: string;
  status?: EnquiryStatus;
  unreadOnly?: boolean;
  priority?: EnquiryPriority;
  /** Words looked for in the subject, the message and the contact's name, email and phone. */
  search?: string;
  test?: TestFilter;
};

/** A LIKE pattern that matches the text anywhere, its own % and _ taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function searchSql(search: string | undefined): SQL | undefined {
  const words = (search ?? '').split(/\s+/).filter(Boolean).slice(0, 8);
  if (words.length === 0) return undefined;
  // Every word somewhere: in the enquiry or in the contact (search_text holds the phone's digits).
  return and(
    ...words.map((word) => {
      const pattern = containsPattern(word.toLowerCase());
      return or(
        ilike(enquiries.subject, pattern),
        ilike(enquiries.message, pattern),
        ilike(contacts.searchText, pattern),
      );
    }),
  );
}

function filterSql(businessId: string, filter: EnquiryFilter): SQL | undefined {
  return and(
    eq(enquiries.businessId, businessId),
    filter.contactId ? eq(enquiries.contactId, filter.contactId) : undefined,
    filter.assistantId ? eq(enquiries.assistantId, filter.assistantId) : undefined,
    filter.status ? eq(enquiries.status, filter.status) : undefined,
    filter.unreadOnly ? not(enquiries.isRead) : undefined,
    filter.priority ? eq(enquiries.priority, filter.priority) : undefined,
    filter.test === 'only' ? eq(enquiries.isTest, true) : undefined,
    filter.test === 'exclude' ? eq(enquiries.isTest, false) : undefined,
    searchSql(filter.search),
  );
}

/** One page of a business's enquiries, newest first, with the total of the same filter. */
export async function listEnquiries(
  db: Db,
  businessId: string,
  filter: EnquiryFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: EnquiryRecord[]; total: number }> {
  const where = filterSql(businessId, filter);
  return pageOf(
    db
      .select(ENQUIRY_COLUMNS)
      .from(enquiries)
      .innerJoin(contacts, eq(contacts.id, enquiries.contactId))
      .where(where)
      .orderBy(desc(enquiries.createdAt), desc(enquiries.id))
      .limit(page.limit)
      .offset(page.offset),
    // Every enquiry has its contact (not null, a foreign key): the join matters only to a
    // search, which also looks in the contact's name, email and phone.
    filter.search
      ? db
          .select({ n: count() })
          .from(enquiries)
          .innerJoin(contacts, eq(contacts.id, enquiries.contactId))
          .where(where)
      : db.select({ n: count() }).from(enquiries).where(where),
  );
}

export async function findEnquiry(
  db: Db,
  businessId: string,
  enquiryId: string,
): Promise<EnquiryRecord | undefined> {
  if (!isUuid(enquiryId)) return undefined;
  const [row] = await db
    .select(ENQUIRY_COLUMNS)
    .from(enquiries)
    .innerJoin(contacts, eq(contacts.id, enquiries.contactId))
    .where(and(eq(enquiries.businessId, businessId), eq(enquiries.id, enquiryId)));
  return row;
}

export type NewEnquiry = MadeOnCall & {
  subject: string;
  message: string;
  priority?: EnquiryPriority;
};

/**
 * Stores an enquiry and answers its id. With a tool-call id, the same tool call again (the
 * platform repeating a message) answers the enquiry it already recorded instead of a second one.
 */
export async function insertEnquiry(
  db: Db,
  values: NewEnquiry,
): Promise<{ id: string; created: boolean }> {
  return insertOncePerToolCall(db, enquiries, values);
}

/** Sets the status, the read flag and/or the priority; answers whether the enquiry exists. */
export async function updateEnquiry(
  db: Db,
  businessId: string,
  enquiryId: string,
  change: { status?: EnquiryStatus; isRead?: boolean; priority?: EnquiryPriority },
): Promise<boolean> {
  if (!isUuid(enquiryId)) return false;
  const set: {
    status?: string;
    isRead?: boolean;
    readAt?: SQL | null;
    priority?: string;
    updatedAt: SQL;
  } = {
    updatedAt: sql`now()`,
  };
  if (change.status !== undefined) set.status = change.status;
  if (change.priority !== undefined) set.priority = change.priority;
  if (change.isRead !== undefined) {
    set.isRead = change.isRead;
    // The first time it was read stays; unread clears it.
    set.readAt = change.isRead ? sql`coalesce(${enquiries.readAt}, now())` : null;
  }
  const updated = await db
    .update(enquiries)
    .set(set)
    .where(and(eq(enquiries.businessId, businessId), eq(enquiries.id, enquiryId)))
    .returning({ id: enquiries.id });
  return updated.length > 0;
}

/** Unread enquiries of the business: the total and per agent (platform assistant id). */
export async function countUnread(
  db: Db,
  businessId: string,
): Promise<{ total: number; byAgent: { agentId: string; count: number }[] }> {
  const rows = await db
    .select({ agentId: enquiries.assistantId, n: count() })
    .from(enquiries)
    .where(and(eq(enquiries.businessId, businessId), not(enquiries.isRead)))
    .groupBy(enquiries.assistantId);
  let total = 0;
  const byAgent: { agentId: string; count: number }[] = [];
  for (const row of rows) {
    const n = Number(row.n);
    total += n;
    if (row.agentId) byAgent.push({ agentId: row.agentId, count: n });
  }
  return { total, byAgent };
}

/** Whether the platform assistant is one of the business's (current) agents. */
export async function isBusinessAgent(
  db: Db,
  businessId: string,
  assistantId: string,
): Promise<boolean> {
  const [row] = await db
    .select({ id: agents.id })
    .from(agents)
    .where(currentAgentsOf(businessId, assistantId));
  return row !== undefined;
}

// ——— email logs ———

const EMAIL_LOG_COLUMNS = {
  id: emailLogs.id,
  businessId: emailLogs.businessId,
  enquiryId: emailLogs.enquiryId,
  outboxId: emailLogs.outboxId,
  toAddress: emailLogs.toAddress,
  subject: emailLogs.subject,
  body: emailLogs.body,
  status: emailLogs.status,
  attempts: emailLogs.attempts,
  lastError: emailLogs.lastError,
  messageId: emailLogs.messageId,
  sentAt: emailLogs.sentAt,
  sentBy: sql<
    string | null
  >`(select u.user_name from users u where u.id = ${emailLogs.sentByUserId})`,
  createdAt: emailLogs.createdAt,
  updatedAt: emailLogs.updatedAt,
};
export type EmailLogRecord = {
  id: string;
  businessId: string;
  enquiryId: string;
  outboxId: string | null;
  toAddress: string;
  subject: string;
  body: string;
  status: string;
  attempts: number;
  lastError: string | null;
  messageId: string | null;
  sentAt: Date | null;
  sentBy: string | null;
  createdAt: Date;
  updatedAt: Date;
};

export async function listEmailLogs(
  db: Db,
  businessId: string,
  enquiryId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: EmailLogRecord[]; total: number }> {
  const where = and(eq(emailLogs.businessId, businessId), eq(emailLogs.enquiryId, enquiryId));
  return pageOf(
    db
      .select(EMAIL_LOG_COLUMNS)
      .from(emailLogs)
      .where(where)
      .orderBy(desc(emailLogs.createdAt), desc(emailLogs.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(emailLogs).where(where),
  );
}

export async function findEmailLog(
  db: Db,
  businessId: string,
  emailLogId: string,
): Promise<EmailLogRecord | undefined> {
  if (!isUuid(emailLogId)) return undefined;
  const [row] = await db
    .select(EMAIL_LOG_COLUMNS)
    .from(emailLogs)
    .where(and(eq(emailLogs.businessId, businessId), eq(emailLogs.id, emailLogId)));
  return row;
}

export async function findEmailLogByKey(
  db: Db,
  businessId: string,
  idempotencyKey: string,
): Promise<EmailLogRecord | undefined> {
  const [row] = await db
    .select(EMAIL_LOG_COLUMNS)
    .from(emailLogs)
    .where(and(eq(emailLogs.businessId, businessId), eq(emailLogs.idempotencyKey, idempotencyKey)));
  return row;
}

export async function insertEmailLog(
  db: Db,
  values: typeof emailLogs.$inferInsert,
): Promise<string> {
  const [row] = await db.insert(emailLogs).values(values).returning({ id: emailLogs.id });
  if (!row) throw new Error('insert into email_logs returned no row');
  return row.id;
}

/**
 * Copies the delivery state of outbox messages onto the email logs that point at them. The mail
 * worker calls this after every change it makes (claimed, sent, retried, failed, re-queued), so a
 * log is never behind its message for longer than one statement; copying the whole state (not
 * the change) means a missed call is put right by the next one.
 */
export async function syncEmailLogsFromOutbox(db: Db, outboxIds: readonly string[]): Promise<void> {
  if (outboxIds.length === 0) return;
  await db
    .update(emailLogs)
    .set({
      status: sql`${mailOutbox.status}`,
      attempts: sql`${mailOutbox.attempts}`,
      lastError: sql`${mailOutbox.lastError}`,
      messageId: sql`${mailOutbox.messageId}`,
      sentAt: sql`${mailOutbox.sentAt}`,
      updatedAt: sql`now()`,
    })
    .from(mailOutbox)
    .where(and(eq(emailLogs.outboxId, mailOutbox.id), inArray(mailOutbox.id, [...outboxIds])));
}

/** The enquiry's status, its row locked until the transaction ends (so a change is recorded once). */
export async function lockEnquiryStatus(
  tx: Db,
  businessId: string,
  enquiryId: string,
): Promise<string | undefined> {
  if (!isUuid(enquiryId)) return undefined;
  const [row] = await tx
    .select({ status: enquiries.status })
    .from(enquiries)
    .where(and(eq(enquiries.businessId, businessId), eq(enquiries.id, enquiryId)))
    .for('update');
  return row?.status;
}

export async function insertStatusChange(
  tx: Db,
  values: {
    businessId: string;
    enquiryId: string;
    fromStatus: string;
    toStatus: EnquiryStatus;
    changedByUserId: string | null;
    cause: EnquiryStatusCause;
    reason?: string;
  },
): Promise<void> {
  await tx.insert(enquiryStatusChanges).values(values);
}

/** An enquiry by the token of its reply-to address (any business: the token is the key). */
export async function findEnquiryByReplyToken(
  db: Db,
  token: string,
): Promise<{ id: string; businessId: string; contactId: string; status: string } | undefined> {
  const [row] = await db
    .select({
      id: enquiries.id,
      businessId: enquiries.businessId,
      contactId: enquiries.contactId,
      status: enquiries.status,
    })
    .from(enquiries)
    .where(eq(enquiries.replyToken, token));
  return row;
}

/** Stores a customer's answer; false when the same message (Message-ID) was stored already. */
export async function insertInboundMessage(
  tx: Db,
  values: {
    businessId: string;
    enquiryId: string;
    channel: InboundChannel;
    messageId: string;
    fromAddress: string;
    fromName: string;
    subject: string;
    body: string;
    receivedAt?: Date;
  },
): Promise<boolean> {
  const rows = await tx
    .insert(enquiryInboundMessages)
    .values(values)
    .onConflictDoNothing()
    .returning({ id: enquiryInboundMessages.id });
  return rows.length > 0;
}

/** The newest `limit` of each kind of thread entry, oldest first within each. */
export async function listThreadEntries(
  db: Db,
  businessId: string,
  enquiryId: string,
  limit: number,
) {
  const [replies, inbound, changes] = await Promise.all([
    db
      .select(EMAIL_LOG_COLUMNS)
      .from(emailLogs)
      .where(and(eq(emailLogs.businessId, businessId), eq(emailLogs.enquiryId, enquiryId)))
      .orderBy(desc(emailLogs.createdAt), desc(emailLogs.id))
      .limit(limit),
    db
      .select()
      .from(enquiryInboundMessages)
      .where(
        and(
          eq(enquiryInboundMessages.businessId, businessId),
          eq(enquiryInboundMessages.enquiryId, enquiryId),
        ),
      )
      .orderBy(desc(enquiryInboundMessages.receivedAt), desc(enquiryInboundMessages.id))
      .limit(limit),
    db
      .select({
        id: enquiryStatusChanges.id,
        fromStatus: enquiryStatusChanges.fromStatus,
        toStatus: enquiryStatusChanges.toStatus,
        cause: enquiryStatusChanges.cause,
        reason: enquiryStatusChanges.reason,
        by: users.userName,
        createdAt: enquiryStatusChanges.createdAt,
      })
      .from(enquiryStatusChanges)
      .leftJoin(users, eq(users.id, enquiryStatusChanges.changedByUserId))
      .where(
        and(
          eq(enquiryStatusChanges.businessId, businessId),
          eq(enquiryStatusChanges.enquiryId, enquiryId),
        ),
      )
      .orderBy(desc(enquiryStatusChanges.createdAt), desc(enquiryStatusChanges.id))
      .limit(limit),
  ]);
  return { replies, inbound, changes };
}
