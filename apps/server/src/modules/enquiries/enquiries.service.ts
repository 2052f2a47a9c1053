import {
  EMAIL_LOG_STATUSES,
  ENQUIRY_MESSAGE_MAX,
  ENQUIRY_STATUS_CAUSES,
  ENQUIRY_STATUSES,
  ENQUIRY_SUBJECT_MAX,
  INBOUND_CHANNELS,
  THREAD_ITEMS_MAX,
  enquiryMessages,
  enquiryReplyAddress,
  replyTokenOf,
  type EnquiryPriority,
  type EnquiryThread,
  type EnquiryThreadItem,
  type InboundChannel,
  type ContactEnquiriesQuery,
  type EmailLog,
  type EmailLogList,
  type Enquiry,
  type EnquiryInboxQuery,
  type EnquiryInput,
  type EnquiryList,
  type EnquiryReplyInput,
  type EnquiryStatus,
  type EnquiryUnreadCounts,
} from '@switchboard/shared/enquiries';
import {
  buildPaginationMeta,
  pageOffset,
  type PaginationQuery,
} from '@switchboard/shared/pagination';
import type { Db } from '../../db/client';
import { pgErrorCode, UNIQUE_VIOLATION } from '../../db/errors';
import { raiseEnquiryCreated as raiseEnquiryWebhook } from '../integrations/webhook-events';
import { AppError } from '../../lib/app-error';
import type { ToolCaller } from '../contacts/tool-caller';
import { findContact } from '../contacts/contacts.repository';
import type { MailService } from '../mail/mail.service';
import { raiseEmailAnswer, raiseEnquiryCreated } from '../notifications/events';
import {
  countUnread,
  findEnquiryByReplyToken,
  insertInboundMessage,
  insertStatusChange,
  listThreadEntries,
  lockEnquiryStatus,
  findEmailLog,
  findEmailLogByKey,
  findEnquiry,
  insertEmailLog,
  insertEnquiry,
  isBusinessAgent,
  listEmailLogs,
  listEnquiries,
  updateEnquiry,
  type EmailLogRecord,
  type EnquiryFilter,
  type EnquiryRecord,
} from './enquiries.repository';

/** The business a request works for (the signed-in member's), and the zone its times are in. */
export type EnquiryBusiness = { id: string; timezone: string };

/** The longest answer kept (the rest of a very long mail is cut). */
const INBOUND_BODY_MAX = 50_000;

/** The outbox kind of an enquiry reply. */
export const ENQUIRY_REPLY_MAIL_KIND = 'enquiry-reply';

const enquiryNotFound = () => new AppError('NOT_FOUND', enquiryMessages.notFound);
const emailLogNotFound = () => new AppError('NOT_FOUND', enquiryMessages.emailLogNotFound);

const oneOf = <T extends string>(values: readonly T[], value: string, fallback: T): T =>
  (values as readonly string[]).includes(value) ? (value as T) : fallback;

/** A customer's email answer as a provider or the IMAP poller hands it over. */
export type InboundMail = {
  channel: InboundChannel;
  /** Every address it was sent to (To, Cc, and the envelope's recipient when known). */
  recipients: string[];
  fromAddress: string;
  fromName: string;
  subject: string;
  /** Plain text, the quoted earlier messages left out when the provider marked them. */
  body: string;
  /** The Message-ID header (one is made from the content when it has none). */
  messageId: string;
  receivedAt?: Date;
};

/** What became of an inbound message. */
export type InboundOutcome =
  | { stored: true; enquiryId: string }
  | { stored: false; reason: 'duplicate'; enquiryId: string }
  | { stored: false; reason: 'no-enquiry' };

export function toEnquiry(row: EnquiryRecord, inboundDomain?: string): Enquiry {
  return {
    id: row.id,
    contactId: row.contactId,
    contactName: row.contactName,
    contactEmail: row.contactEmail,
    contactPhone: row.contactPhone,
    agentId: row.assistantId,
    agentName: row.agentName || null,
    callId: row.callId,
    subject: row.subject,
    message: row.message,
    status: oneOf(ENQUIRY_STATUSES, row.status, 'open'),
    isRead: row.isRead,
    readAt: row.readAt?.toISOString() ?? null,
    source: row.source === 'call' ? 'call' : 'manual',
    priority: row.priority === 'urgent' ? 'urgent' : 'normal',
    isTest: row.isTest,
    replyCount: Number(row.replyCount),
    inboundCount: Number(row.inboundCount),
    replyTo: enquiryReplyAddress(row.replyToken, inboundDomain),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toEmailLog(row: EmailLogRecord): EmailLog {
  return {
    id: row.id,
    enquiryId: row.enquiryId,
    toAddress: row.toAddress,
    subject: row.subject,
    body: row.body,
    status: oneOf(EMAIL_LOG_STATUSES, row.status, 'queued'),
    attempts: row.attempts,
    lastError: row.lastError,
    messageId: row.messageId,
    sentAt: row.sentAt?.toISOString() ?? null,
    sentBy: row.sentBy,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function text(value: unknown): string {
  return typeof value === 'string' ? value.trim() : '';
}

/**
 * Enquiries: recorded by the agents' create_enquiry tool or by hand, listed per contact (and
 * agent) and across the business, with status and read state; email replies stored with their
 * outbox message in one transaction, and their delivery log. Every query is scoped by the
 * business: another business's enquiry, contact or email log is not found.
 *
 * Rules (decision 009): any status may follow any other; changing the status or sending a reply
 * marks the enquiry read (acting on it means it was read); a reply to an open enquiry makes it
 * pending (waiting for the caller).
 */
export class EnquiriesService {
  constructor(
    private readonly deps: {
      db: Db;
      mail: MailService;
      /** The domain of the reply-to addresses (INBOUND_MAIL_DOMAIN); none: no reply-to. */
      inboundDomain?: string;
    },
  ) {}

  private view(row: EnquiryRecord): Enquiry {
    return toEnquiry(row, this.deps.inboundDomain);
  }

  private async page(
    business: EnquiryBusiness,
    filter: EnquiryFilter,
    query: PaginationQuery,
  ): Promise<EnquiryList> {
    const { rows, total } = await listEnquiries(this.deps.db, business.id, filter, {
      limit: query.limit,
      offset: pageOffset(query.page, query.limit),
    });
    return {
      data: rows.map((row) => this.view(row)),
      meta: buildPaginationMeta(total, query.page, query.limit),
      timeZone: business.timezone,
    };
  }

  async listForContact(
    business: EnquiryBusiness,
    contactId: string,
    query: ContactEnquiriesQuery,
  ): Promise<EnquiryList> {
    if (!(await findContact(this.deps.db, business.id, contactId))) {
      throw new AppError('NOT_FOUND', 'Contact not found');
    }
    return this.page(business, { contactId, assistantId: query.agentId }, query);
  }

  inbox(business: EnquiryBusiness, query: EnquiryInboxQuery): Promise<EnquiryList> {
    return this.page(
      business,
      {
        status: query.status,
        unreadOnly: query.unread,
        assistantId: query.agentId,
        priority: query.priority,
        search: query.q,
        test: query.test,
      },
      query,
    );
  }

  unreadCounts(business: EnquiryBusiness): Promise<EnquiryUnreadCounts> {
    return countUnread(this.deps.db, business.id);
  }

  async get(business: EnquiryBusiness, enquiryId: string): Promise<Enquiry> {
    const row = await findEnquiry(this.deps.db, business.id, enquiryId);
    if (!row) throw enquiryNotFound();
    return this.view(row);
  }

  /** An enquiry added by hand on the contact's screen. */
  async create(business: EnquiryBusiness, contactId: string, input: EnquiryInput) {
    if (!(await findContact(this.deps.db, business.id, contactId))) {
      throw new AppError('NOT_FOUND', 'Contact not found');
    }
    const agentId = input.agentId ?? null;
    if (agentId && !(await isBusinessAgent(this.deps.db, business.id, agentId))) {
      throw new AppError('VALIDATION_ERROR', enquiryMessages.agentNotFound, {
        issues: [{ path: 'body.agentId', message: enquiryMessages.agentNotFound }],
      });
    }
    const id = await this.deps.db.transaction(async (tx) => {
      const created = await insertEnquiry(tx, {
        businessId: business.id,
        contactId,
        assistantId: agentId,
        callId: null,
        toolCallId: null,
        subject: input.subject,
        message: input.message,
        source: 'manual',
      });
      await raiseEnquiryCreated(tx, {
        businessId: business.id,
        contactId,
        subject: input.subject,
        message: input.message,
        urgent: false,
        source: 'manual',
      });
      // In the same transaction: the webhook exists exactly when the enquiry does.
      await raiseEnquiryWebhook(tx, created.id);
      return created.id;
    });
    return this.get(business, id);
  }

  private async change(
    business: EnquiryBusiness,
    enquiryId: string,
    change: { status?: EnquiryStatus; isRead?: boolean; priority?: EnquiryPriority },
  ): Promise<Enquiry> {
    if (!(await updateEnquiry(this.deps.db, business.id, enquiryId, change))) {
      throw enquiryNotFound();
    }
    return this.get(business, enquiryId);
  }

  /**
   * A member sets the status, saying why: the change (from, to, who, why) joins the enquiry's
   * history when the status really changed; the enquiry counts as read either way.
   */
  async setStatus(
    business: EnquiryBusiness,
    userId: string | null,
    enquiryId: string,
    status: EnquiryStatus,
    reason = '',
  ): Promise<Enquiry> {
    const found = await this.deps.db.transaction(async (tx) => {
      const from = await lockEnquiryStatus(tx, business.id, enquiryId);
      if (from === undefined) return false;
      await updateEnquiry(tx, business.id, enquiryId, { status, isRead: true });
      if (from !== status) {
        await insertStatusChange(tx, {
          businessId: business.id,
          enquiryId,
          fromStatus: from,
          toStatus: status,
          changedByUserId: userId,
          cause: 'user',
          reason,
        });
      }
      return true;
    });
    if (!found) throw enquiryNotFound();
    return this.get(business, enquiryId);
  }

  setPriority(business: EnquiryBusiness, enquiryId: string, priority: EnquiryPriority) {
    return this.change(business, enquiryId, { priority });
  }

  markRead(business: EnquiryBusiness, enquiryId: string) {
    return this.change(business, enquiryId, { isRead: true });
  }

  markUnread(business: EnquiryBusiness, enquiryId: string) {
    return this.change(business, enquiryId, { isRead: false });
  }

  /**
   * The create_enquiry tool: the enquiry, linked to the caller's contact, the agent and the call.
   * The same tool call twice records one enquiry. Answers what the agent tells the caller.
   */
  async createFromTool(
    caller: ToolCaller,
    args: Record<string, unknown>,
    toolCallId: string,
  ): Promise<string> {
    const subject = text(args.subject).slice(0, ENQUIRY_SUBJECT_MAX);
    const message = text(args.message).slice(0, ENQUIRY_MESSAGE_MAX);
    if (subject === '' && message === '') {
      throw new AppError('VALIDATION_ERROR', 'create_enquiry needs a subject or a message');
    }
    const urgent = args.urgent === true || text(args.priority) === 'urgent';
    await this.deps.db.transaction(async (tx) => {
      const { id, created } = await insertEnquiry(tx, {
        businessId: caller.businessId,
        contactId: caller.contact.id,
        assistantId: caller.assistantId,
        callId: caller.callId,
        toolCallId,
        subject: subject || message.slice(0, 80),
        message,
        source: 'call',
        isTest: caller.isTest,
        priority: urgent ? 'urgent' : 'normal',
      });
      // The same tool call again (the platform repeating itself) tells nobody twice.
      if (created) {
        await raiseEnquiryWebhook(tx, id);
        await raiseEnquiryCreated(tx, {
          businessId: caller.businessId,
          contactId: caller.contact.id,
          subject: subject || message.slice(0, 80),
          message,
          urgent,
          source: 'call',
          isTest: caller.isTest,
        });
      }
    });
    const email = caller.contact.email;
    return email
      ? `The enquiry "${subject || 'from the caller'}" is recorded; the team will reply by email to ${email}.`
      : `The enquiry "${subject || 'from the caller'}" is recorded; the team will follow up.`;
  }

  /**
   * Stores a reply: the email log (queued) and its outbox message in one transaction, so either
   * both exist or neither. The same idempotency key again answers the first log (created false)
   * and sends nothing more.
   */
  async sendReply(
    business: EnquiryBusiness,
    userId: string,
    enquiryId: string,
    input: EnquiryReplyInput,
  ): Promise<{ log: EmailLog; created: boolean }> {
    const { db, mail } = this.deps;
    const enquiry = await findEnquiry(db, business.id, enquiryId);
    if (!enquiry) throw enquiryNotFound();
    const replayed = await this.replayed(business, enquiryId, input.idempotencyKey);
    if (replayed) return { log: replayed, created: false };
    if (!enquiry.contactEmail) {
      throw new AppError('CONTACT_HAS_NO_EMAIL', enquiryMessages.contactHasNoEmail);
    }
    const to = enquiry.contactEmail;
    let logId: string;
    try {
      logId = await db.transaction(async (tx) => {
        // The enquiry is locked before anything that refers to it is inserted: a row whose
        // foreign key names the enquiry takes a share lock on it, and two replies that each
        // held one and then asked for the update lock deadlocked. One order: enquiry first.
        const from = await lockEnquiryStatus(tx, business.id, enquiryId);
        if (from === undefined) throw enquiryNotFound();
        const outbox = await mail.enqueue(
          {
            to,
            subject: input.subject,
            text: input.body,
            kind: ENQUIRY_REPLY_MAIL_KIND,
            // The customer's answer comes back to this enquiry (decision 030).
            replyTo: enquiryReplyAddress(enquiry.replyToken, this.deps.inboundDomain),
          },
          tx,
        );
        const id = await insertEmailLog(tx, {
          businessId: business.id,
          enquiryId,
          outboxId: outbox.id,
          sentByUserId: userId,
          idempotencyKey: input.idempotencyKey,
          toAddress: to,
          subject: input.subject,
          body: input.body,
          status: 'queued',
        });
        const waiting = from === 'open';
        await updateEnquiry(tx, business.id, enquiryId, {
          isRead: true,
          ...(waiting ? { status: 'pending' as const } : {}),
        });
        if (waiting) {
          await insertStatusChange(tx, {
            businessId: business.id,
            enquiryId,
            fromStatus: 'open',
            toStatus: 'pending',
            changedByUserId: userId,
            cause: 'reply-sent',
            reason: 'Waiting for the customer’s answer',
          });
        }
        return id;
      });
    } catch (error) {
      // Two requests with one key at once: the other stored it first; answer its log.
      if (pgErrorCode(error) === UNIQUE_VIOLATION) {
        const raced = await this.replayed(business, enquiryId, input.idempotencyKey);
        if (raced) return { log: raced, created: false };
      }
      throw error;
    }
    mail.kick();
    const row = await findEmailLog(db, business.id, logId);
    if (!row) throw new Error('the stored email log was not found');
    return { log: toEmailLog(row), created: true };
  }

  private async replayed(
    business: EnquiryBusiness,
    enquiryId: string,
    idempotencyKey: string,
  ): Promise<EmailLog | undefined> {
    const existing = await findEmailLogByKey(this.deps.db, business.id, idempotencyKey);
    if (!existing) return undefined;
    if (existing.enquiryId !== enquiryId) {
      throw new AppError(
        'IDEMPOTENCY_KEY_REUSED',
        'This idempotency key was already used for a reply to another enquiry',
      );
    }
    return toEmailLog(existing);
  }

  async listEmailLogs(
    business: EnquiryBusiness,
    enquiryId: string,
    query: PaginationQuery,
  ): Promise<EmailLogList> {
    const enquiry = await findEnquiry(this.deps.db, business.id, enquiryId);
    if (!enquiry) throw enquiryNotFound();
    const { rows, total } = await listEmailLogs(this.deps.db, business.id, enquiryId, {
      limit: query.limit,
      offset: pageOffset(query.page, query.limit),
    });
    return {
      data: rows.map(toEmailLog),
      meta: buildPaginationMeta(total, query.page, query.limit),
      timeZone: business.timezone,
      enquiry: { id: enquiry.id, subject: enquiry.subject, contactId: enquiry.contactId },
    };
  }

  /**
   * The enquiry's thread, oldest first: our replies, the customer's answers and the status
   * changes (the newest THREAD_ITEMS_MAX of each).
   */
  async thread(business: EnquiryBusiness, enquiryId: string): Promise<EnquiryThread> {
    const enquiry = await this.get(business, enquiryId);
    const { replies, inbound, changes } = await listThreadEntries(
      this.deps.db,
      business.id,
      enquiryId,
      THREAD_ITEMS_MAX,
    );
    const items: EnquiryThreadItem[] = [
      ...replies.map((row): EnquiryThreadItem => {
        const log = toEmailLog(row);
        return {
          kind: 'reply',
          id: log.id,
          at: log.createdAt,
          subject: log.subject,
          body: log.body,
          toAddress: log.toAddress,
          status: log.status,
          sentBy: log.sentBy,
        };
      }),
      ...inbound.map((row): EnquiryThreadItem => ({
        kind: 'inbound',
        id: row.id,
        at: row.receivedAt.toISOString(),
        subject: row.subject,
        body: row.body,
        fromAddress: row.fromAddress,
        fromName: row.fromName,
        channel: oneOf(INBOUND_CHANNELS, row.channel, 'imap'),
      })),
      ...changes.map((row): EnquiryThreadItem => ({
        kind: 'status',
        id: row.id,
        at: row.createdAt.toISOString(),
        fromStatus: oneOf(ENQUIRY_STATUSES, row.fromStatus, 'open'),
        toStatus: oneOf(ENQUIRY_STATUSES, row.toStatus, 'open'),
        cause: oneOf(ENQUIRY_STATUS_CAUSES, row.cause, 'user'),
        by: row.by ?? null,
        reason: row.reason,
      })),
    ];
    // Made in one transaction (one now()), a message comes before the status change it caused.
    const rank = { reply: 0, inbound: 1, status: 2 } as const;
    items.sort((a, b) => a.at.localeCompare(b.at) || rank[a.kind] - rank[b.kind]);
    return { enquiry, timeZone: business.timezone, items };
  }

  /**
   * A customer's answer by email (a provider's webhook or IMAP polling): filed under the
   * enquiry whose reply token is in one of its recipients. The enquiry becomes unread, and one
   * that waited for the customer (pending) or was resolved opens again, saying why. The same
   * message twice is stored once.
   */
  async receiveInbound(mail: InboundMail): Promise<InboundOutcome> {
    const token = mail.recipients
      .map((address) => replyTokenOf(address, this.deps.inboundDomain))
      .find((found): found is string => found !== null);
    if (!token) return { stored: false, reason: 'no-enquiry' };
    const enquiry = await findEnquiryByReplyToken(this.deps.db, token);
    if (!enquiry) return { stored: false, reason: 'no-enquiry' };
    const stored = await this.deps.db.transaction(async (tx) => {
      // The enquiry first, then the rows that refer to it (the order sendReply keeps).
      const from = await lockEnquiryStatus(tx, enquiry.businessId, enquiry.id);
      if (from === undefined) return 'gone' as const;
      const inserted = await insertInboundMessage(tx, {
        businessId: enquiry.businessId,
        enquiryId: enquiry.id,
        channel: mail.channel,
        messageId: mail.messageId.slice(0, 500),
        fromAddress: mail.fromAddress.slice(0, 320),
        fromName: mail.fromName.slice(0, 200),
        subject: mail.subject.slice(0, ENQUIRY_SUBJECT_MAX),
        body: mail.body.slice(0, INBOUND_BODY_MAX),
        receivedAt: mail.receivedAt,
      });
      if (!inserted) return 'duplicate' as const;
      await raiseEmailAnswer(tx, {
        businessId: enquiry.businessId,
        contactId: enquiry.contactId,
        fromAddress: mail.fromAddress,
        subject: mail.subject,
      });
      const reopen = from === 'pending' || from === 'resolved';
      await updateEnquiry(tx, enquiry.businessId, enquiry.id, {
        isRead: false,
        ...(reopen ? { status: 'open' as const } : {}),
      });
      if (reopen) {
        await insertStatusChange(tx, {
          businessId: enquiry.businessId,
          enquiryId: enquiry.id,
          fromStatus: from,
          toStatus: 'open',
          changedByUserId: null,
          cause: 'customer-replied',
          reason: `Email from ${mail.fromAddress}`.slice(0, 500),
        });
      }
      return 'stored' as const;
    });
    if (stored === 'gone') return { stored: false, reason: 'no-enquiry' };
    return stored === 'stored'
      ? { stored: true, enquiryId: enquiry.id }
      : { stored: false, reason: 'duplicate', enquiryId: enquiry.id };
  }

  /** Retry of a failed reply: its outbox message goes back in the queue for a new round. */
  async retryEmailLog(business: EnquiryBusiness, emailLogId: string): Promise<EmailLog> {
    const { db, mail } = this.deps;
    const log = await findEmailLog(db, business.id, emailLogId);
    if (!log) throw emailLogNotFound();
    if (log.status !== 'failed' || !log.outboxId) {
      throw new AppError('EMAIL_NOT_FAILED', enquiryMessages.retryNotFailed);
    }
    const outboxId = log.outboxId;
    const retried = await db.transaction((tx) => mail.retry(outboxId, tx));
    if (!retried) throw new AppError('EMAIL_NOT_FAILED', enquiryMessages.retryNotFailed);
    mail.kick();
    const row = await findEmailLog(db, business.id, emailLogId);
    if (!row) throw emailLogNotFound();
    return toEmailLog(row);
  }
}
