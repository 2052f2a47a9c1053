import {
  EMAIL_LOG_STATUSES,
  ENQUIRY_MESSAGE_MAX,
  ENQUIRY_STATUSES,
  ENQUIRY_SUBJECT_MAX,
  enquiryMessages,
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
import { AppError } from '../../lib/app-error';
import type { ToolCaller } from '../../platform/tool-caller';
import { findContact } from '../contacts/contacts.repository';
import type { MailService } from '../mail/mail.service';
import {
  countUnread,
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

/** The outbox kind of an enquiry reply. */
export const ENQUIRY_REPLY_MAIL_KIND = 'enquiry-reply';

const enquiryNotFound = () => new AppError('NOT_FOUND', 404, enquiryMessages.notFound);
const emailLogNotFound = () => new AppError('NOT_FOUND', 404, enquiryMessages.emailLogNotFound);

const oneOf = <T extends string>(values: readonly T[], value: string, fallback: T): T =>
  (values as readonly string[]).includes(value) ? (value as T) : fallback;

export function toEnquiry(row: EnquiryRecord): Enquiry {
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
    replyCount: Number(row.replyCount),
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
  constructor(private readonly deps: { db: Db; mail: MailService }) {}

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
      data: rows.map(toEnquiry),
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
      throw new AppError('NOT_FOUND', 404, 'Contact not found');
    }
    return this.page(business, { contactId, assistantId: query.agentId }, query);
  }

  inbox(business: EnquiryBusiness, query: EnquiryInboxQuery): Promise<EnquiryList> {
    return this.page(
      business,
      { status: query.status, unreadOnly: query.unread, assistantId: query.agentId },
      query,
    );
  }

  unreadCounts(business: EnquiryBusiness): Promise<EnquiryUnreadCounts> {
    return countUnread(this.deps.db, business.id);
  }

  async get(business: EnquiryBusiness, enquiryId: string): Promise<Enquiry> {
    const row = await findEnquiry(this.deps.db, business.id, enquiryId);
    if (!row) throw enquiryNotFound();
    return toEnquiry(row);
  }

  /** An enquiry added by hand on the contact's screen. */
  async create(business: EnquiryBusiness, contactId: string, input: EnquiryInput) {
    if (!(await findContact(this.deps.db, business.id, contactId))) {
      throw new AppError('NOT_FOUND', 404, 'Contact not found');
    }
    const agentId = input.agentId ?? null;
    if (agentId && !(await isBusinessAgent(this.deps.db, business.id, agentId))) {
      throw new AppError('VALIDATION_ERROR', 400, enquiryMessages.agentNotFound, {
        issues: [{ path: 'body.agentId', message: enquiryMessages.agentNotFound }],
      });
    }
    const { id } = await insertEnquiry(this.deps.db, {
      businessId: business.id,
      contactId,
      assistantId: agentId,
      callId: null,
      toolCallId: null,
      subject: input.subject,
      message: input.message,
      source: 'manual',
    });
    return this.get(business, id);
  }

  private async change(
    business: EnquiryBusiness,
    enquiryId: string,
    change: { status?: EnquiryStatus; isRead?: boolean },
  ): Promise<Enquiry> {
    if (!(await updateEnquiry(this.deps.db, business.id, enquiryId, change))) {
      throw enquiryNotFound();
    }
    return this.get(business, enquiryId);
  }

  setStatus(business: EnquiryBusiness, enquiryId: string, status: EnquiryStatus) {
    return this.change(business, enquiryId, { status, isRead: true });
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
      throw new AppError('VALIDATION_ERROR', 400, 'create_enquiry needs a subject or a message');
    }
    await insertEnquiry(this.deps.db, {
      businessId: caller.businessId,
      contactId: caller.contact.id,
      assistantId: caller.assistantId,
      callId: caller.callId,
      toolCallId,
      subject: subject || message.slice(0, 80),
      message,
      source: 'call',
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
      throw new AppError('CONTACT_HAS_NO_EMAIL', 422, enquiryMessages.contactHasNoEmail);
    }
    const to = enquiry.contactEmail;
    let logId: string;
    try {
      logId = await db.transaction(async (tx) => {
        const outbox = await mail.enqueue(
          { to, subject: input.subject, text: input.body, kind: ENQUIRY_REPLY_MAIL_KIND },
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
        await updateEnquiry(tx, business.id, enquiryId, {
          isRead: true,
          ...(enquiry.status === 'open' ? { status: 'pending' as const } : {}),
        });
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
        409,
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

  /** Retry of a failed reply: its outbox message goes back in the queue for a new round. */
  async retryEmailLog(business: EnquiryBusiness, emailLogId: string): Promise<EmailLog> {
    const { db, mail } = this.deps;
    const log = await findEmailLog(db, business.id, emailLogId);
    if (!log) throw emailLogNotFound();
    if (log.status !== 'failed' || !log.outboxId) {
      throw new AppError('EMAIL_NOT_FAILED', 409, enquiryMessages.retryNotFailed);
    }
    const outboxId = log.outboxId;
    const retried = await db.transaction((tx) => mail.retry(outboxId, tx));
    if (!retried) throw new AppError('EMAIL_NOT_FAILED', 409, enquiryMessages.retryNotFailed);
    mail.kick();
    const row = await findEmailLog(db, business.id, emailLogId);
    if (!row) throw emailLogNotFound();
    return toEmailLog(row);
  }
}
