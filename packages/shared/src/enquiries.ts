import { z } from 'zod';
import { fetchFailedMessage } from './fetch-errors';
import { createPaginationQuerySchema, paginatedSchema } from './pagination';
import { testFilterQuerySchema } from './test-marks';

/**
 * Enquiries (what callers ask the agents for), their email replies and the replies' delivery
 * log. The seed keeps the calls — GET contacts/:id/enquiries?page&limit, PATCH
 * contacts/enquiries/:id/status, mark-read, mark-unread, POST contacts/enquiries/:id/send-reply,
 * GET email-logs/enquiry/:id?page&limit — and "an id, a status and a read flag"; the rest
 * (statuses, fields, rules) is ours (decision 009).
 */

/** The seed: "Contacts and enquiries default 20". */
export const ENQUIRIES_PAGE_SIZE = 20;
export const EMAIL_LOGS_PAGE_SIZE = 20;

export const ENQUIRY_STATUSES = ['open', 'pending', 'resolved', 'closed'] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];
export const ENQUIRY_STATUS_LABELS: Record<EnquiryStatus, string> = {
  open: 'Open',
  pending: 'Pending',
  resolved: 'Resolved',
  closed: 'Closed',
};

export const ENQUIRY_PRIORITIES = ['urgent', 'normal'] as const;
export type EnquiryPriority = (typeof ENQUIRY_PRIORITIES)[number];
export const ENQUIRY_PRIORITY_LABELS: Record<EnquiryPriority, string> = {
  urgent: 'Urgent',
  normal: 'Normal',
};

export const ENQUIRY_SOURCES = ['call', 'manual'] as const;
export type EnquirySource = (typeof ENQUIRY_SOURCES)[number];

export const EMAIL_LOG_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;
export type EmailLogStatus = (typeof EMAIL_LOG_STATUSES)[number];

export const ENQUIRY_SUBJECT_MAX = 200;
export const ENQUIRY_MESSAGE_MAX = 5000;
export const REPLY_SUBJECT_MAX = 200;
export const REPLY_BODY_MAX = 20_000;
export const ENQUIRY_SEARCH_MAX = 200;
export const STATUS_REASON_MAX = 500;

export const enquiryMessages = {
  notFound: 'Enquiry not found',
  emailLogNotFound: 'Email log not found',
  subjectRequired: 'Subject is required',
  subjectTooLong: `Subject must be at most ${ENQUIRY_SUBJECT_MAX} characters`,
  messageTooLong: `Message must be at most ${ENQUIRY_MESSAGE_MAX} characters`,
  bodyRequired: 'Message is required',
  bodyTooLong: `Message must be at most ${REPLY_BODY_MAX} characters`,
  statusInvalid: `Status must be one of ${ENQUIRY_STATUSES.join(', ')}`,
  idempotencyKeyInvalid: 'idempotencyKey must be 8 to 100 letters, digits, "-" or "_"',
  contactHasNoEmail:
    'This contact has no email address. Add one to the contact before sending a reply.',
  retryNotFailed: 'Only a failed email can be retried',
  agentNotFound: 'Agent not found',
  priorityInvalid: `Priority must be one of ${ENQUIRY_PRIORITIES.join(', ')}`,
  searchTooLong: `Search at most ${ENQUIRY_SEARCH_MAX} characters`,
  reasonTooLong: `Reason must be at most ${STATUS_REASON_MAX} characters`,
} as const;

/** "Failed to fetch enquiries: …" (the seed's pattern for the second backend's lists). */
export function enquiriesErrorMessage(reason: string | null | undefined): string {
  return fetchFailedMessage('enquiries', reason);
}

/** "Failed to fetch email logs: …". */
export function emailLogsErrorMessage(reason: string | null | undefined): string {
  return fetchFailedMessage('email logs', reason);
}

export const enquirySchema = z.object({
  id: z.string(),
  contactId: z.string(),
  contactName: z.string(),
  contactEmail: z.string().nullable(),
  contactPhone: z.string().nullable(),
  /** The platform assistant id (what /agent/:agentId uses); null for one added without an agent. */
  agentId: z.string().nullable(),
  agentName: z.string().nullable(),
  /** The platform call it was recorded in. */
  callId: z.string().nullable(),
  subject: z.string(),
  message: z.string(),
  status: z.enum(ENQUIRY_STATUSES),
  isRead: z.boolean(),
  readAt: z.iso.datetime().nullable(),
  source: z.enum(ENQUIRY_SOURCES),
  priority: z.enum(ENQUIRY_PRIORITIES),
  /** Recorded during a test call. */
  isTest: z.boolean(),
  /** Email replies stored for it (any status). */
  replyCount: z.number().int().nonnegative(),
  /** The customer's answers taken in by email. */
  inboundCount: z.number().int().nonnegative(),
  /** Where the customer's answers go (reply+<token>@<inbound domain>); null: no inbound domain set. */
  replyTo: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Enquiry = z.infer<typeof enquirySchema>;

/** A page of enquiries, with the business's zone the screens write times in. */
export const enquiryListSchema = paginatedSchema(enquirySchema).extend({ timeZone: z.string() });
export type EnquiryList = z.infer<typeof enquiryListSchema>;

const optionalId = z.string().trim().min(1).max(200).optional();

/** GET /api/contacts/:id/enquiries?page&limit&agentId: newest first. */
export const contactEnquiriesQuerySchema = createPaginationQuerySchema(ENQUIRIES_PAGE_SIZE).extend({
  agentId: optionalId,
});
export type ContactEnquiriesQuery = z.infer<typeof contactEnquiriesQuerySchema>;

/** A query-string flag: "true"/"1" on, "false"/"0"/absent off. */
const flag = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((value) => value === 'true' || value === '1');

/**
 * GET /api/enquiries?status&unread&agentId&priority&q&test&page&limit: the business's inbox,
 * newest first; q looks in the subject, the message and the contact's name, email and phone.
 */
export const enquiryInboxQuerySchema = createPaginationQuerySchema(ENQUIRIES_PAGE_SIZE).extend({
  status: z.enum(ENQUIRY_STATUSES, { error: enquiryMessages.statusInvalid }).optional(),
  unread: flag,
  agentId: optionalId,
  priority: z.enum(ENQUIRY_PRIORITIES, { error: enquiryMessages.priorityInvalid }).optional(),
  q: z.string().trim().max(ENQUIRY_SEARCH_MAX, enquiryMessages.searchTooLong).optional(),
  test: testFilterQuerySchema,
});
export type EnquiryInboxQuery = z.infer<typeof enquiryInboxQuerySchema>;

/** PATCH /api/contacts/enquiries/:id/status. */
export const enquiryStatusInputSchema = z.object({
  status: z.enum(ENQUIRY_STATUSES, { error: enquiryMessages.statusInvalid }),
  /** Why (shown in the enquiry's history). */
  reason: z.string().trim().max(STATUS_REASON_MAX, enquiryMessages.reasonTooLong).default(''),
});
export type EnquiryStatusFormValues = z.input<typeof enquiryStatusInputSchema>;

/** PATCH /api/contacts/enquiries/:id/priority. */
export const enquiryPriorityInputSchema = z.object({
  priority: z.enum(ENQUIRY_PRIORITIES, { error: enquiryMessages.priorityInvalid }),
});
export type EnquiryStatusInput = z.infer<typeof enquiryStatusInputSchema>;

/** POST /api/contacts/:id/enquiries: an enquiry added by hand (e.g. from a phone note). */
export const enquiryInputSchema = z.object({
  subject: z
    .string({ error: enquiryMessages.subjectRequired })
    .trim()
    .min(1, enquiryMessages.subjectRequired)
    .max(ENQUIRY_SUBJECT_MAX, enquiryMessages.subjectTooLong),
  message: z.string().trim().max(ENQUIRY_MESSAGE_MAX, enquiryMessages.messageTooLong).default(''),
  /** The agent it is filed under (a platform assistant id of the business), if any. */
  agentId: z.string().trim().min(1).max(200).nullish(),
});
export type EnquiryFormValues = z.input<typeof enquiryInputSchema>;
export type EnquiryInput = z.output<typeof enquiryInputSchema>;

/** GET /api/enquiries/unread-counts: for the navigation's badges. */
export const enquiryUnreadCountsSchema = z.object({
  total: z.number().int().nonnegative(),
  byAgent: z.array(z.object({ agentId: z.string(), count: z.number().int().nonnegative() })),
});
export type EnquiryUnreadCounts = z.infer<typeof enquiryUnreadCountsSchema>;

/**
 * POST /api/contacts/enquiries/:id/send-reply. The body is plain text. The idempotency key comes
 * from the client (one per opened reply form), so a double click or a retried request sends once.
 */
export const enquiryReplyInputSchema = z.object({
  subject: z
    .string({ error: enquiryMessages.subjectRequired })
    .trim()
    .min(1, enquiryMessages.subjectRequired)
    .max(REPLY_SUBJECT_MAX, enquiryMessages.subjectTooLong),
  body: z
    .string({ error: enquiryMessages.bodyRequired })
    .max(REPLY_BODY_MAX, enquiryMessages.bodyTooLong)
    .refine((value) => value.trim() !== '', enquiryMessages.bodyRequired),
  idempotencyKey: z
    .string({ error: enquiryMessages.idempotencyKeyInvalid })
    .regex(/^[A-Za-z0-9_-]{8,100}$/, enquiryMessages.idempotencyKeyInvalid),
});
export type EnquiryReplyFormValues = z.input<typeof enquiryReplyInputSchema>;
export type EnquiryReplyInput = z.output<typeof enquiryReplyInputSchema>;

/** The subject a reply form starts with. */
export function replySubject(subject: string): string {
  const trimmed = subject.trim();
  const value = /^re:/i.test(trimmed) ? trimmed : `Re: ${trimmed}`;
  return value.slice(0, REPLY_SUBJECT_MAX);
}

export const emailLogSchema = z.object({
  id: z.string(),
  enquiryId: z.string(),
  toAddress: z.string(),
  subject: z.string(),
  /** Plain text, shown escaped. */
  body: z.string(),
  status: z.enum(EMAIL_LOG_STATUSES),
  attempts: z.number().int().nonnegative(),
  lastError: z.string().nullable(),
  messageId: z.string().nullable(),
  sentAt: z.iso.datetime().nullable(),
  sentBy: z.string().nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type EmailLog = z.infer<typeof emailLogSchema>;

/** GET /api/email-logs/enquiry/:id?page&limit: newest first. */
export const emailLogListSchema = paginatedSchema(emailLogSchema).extend({
  timeZone: z.string(),
  enquiry: z.object({ id: z.string(), subject: z.string(), contactId: z.string() }),
});
export type EmailLogList = z.infer<typeof emailLogListSchema>;

export const emailLogsQuerySchema = createPaginationQuerySchema(EMAIL_LOGS_PAGE_SIZE);

export const ENQUIRY_STATUS_CAUSES = ['user', 'reply-sent', 'customer-replied'] as const;
export type EnquiryStatusCause = (typeof ENQUIRY_STATUS_CAUSES)[number];
export const INBOUND_CHANNELS = ['postmark', 'mailgun', 'imap'] as const;
export type InboundChannel = (typeof INBOUND_CHANNELS)[number];

/** One entry of an enquiry's thread, oldest first: our replies, the customer's answers, status changes. */
export const enquiryThreadItemSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('reply'),
    id: z.string(),
    at: z.iso.datetime(),
    subject: z.string(),
    body: z.string(),
    toAddress: z.string(),
    status: z.enum(EMAIL_LOG_STATUSES),
    sentBy: z.string().nullable(),
  }),
  z.object({
    kind: z.literal('inbound'),
    id: z.string(),
    at: z.iso.datetime(),
    subject: z.string(),
    body: z.string(),
    fromAddress: z.string(),
    fromName: z.string(),
    channel: z.enum(INBOUND_CHANNELS),
  }),
  z.object({
    kind: z.literal('status'),
    id: z.string(),
    at: z.iso.datetime(),
    fromStatus: z.enum(ENQUIRY_STATUSES),
    toStatus: z.enum(ENQUIRY_STATUSES),
    cause: z.enum(ENQUIRY_STATUS_CAUSES),
    by: z.string().nullable(),
    reason: z.string(),
  }),
]);
export type EnquiryThreadItem = z.infer<typeof enquiryThreadItemSchema>;

/** The most entries of each kind a thread answers (the newest). */
export const THREAD_ITEMS_MAX = 200;

/** GET /api/enquiries/:id/thread. */
export const enquiryThreadSchema = z.object({
  enquiry: enquirySchema,
  timeZone: z.string(),
  items: z.array(enquiryThreadItemSchema),
});
export type EnquiryThread = z.infer<typeof enquiryThreadSchema>;

/** Why a status changed, in words, for the thread. */
export function statusChangeText(item: {
  cause: EnquiryStatusCause;
  by: string | null;
  reason: string;
}): string {
  const who =
    item.cause === 'reply-sent'
      ? 'a reply was sent'
      : item.cause === 'customer-replied'
        ? 'the customer replied'
        : item.by
          ? `by ${item.by}`
          : 'by a team member';
  return item.reason ? `${who}: ${item.reason}` : who;
}

/** The reply-to address of an enquiry (null without an inbound domain). */
export function enquiryReplyAddress(
  token: string,
  inboundDomain: string | undefined,
): string | null {
  return inboundDomain ? `reply+${token}@${inboundDomain}` : null;
}

/**
 * The reply token in an address such as "Name <reply+abc123@in.example.com>", or null. The
 * domain is compared when given (mail for another domain is not ours).
 */
export function replyTokenOf(address: string, inboundDomain?: string): string | null {
  const match = /reply\+([a-f0-9]{32})@([a-z0-9.-]+)/i.exec(address);
  if (!match?.[1] || !match[2]) return null;
  if (inboundDomain && match[2].toLowerCase() !== inboundDomain.toLowerCase()) return null;
  return match[1].toLowerCase();
}
