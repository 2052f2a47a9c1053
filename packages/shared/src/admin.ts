import { z } from 'zod';
import { paginatedSchema } from './pagination';
import { TEAM_ROLES } from './account';

/** The operator's screens (`/admin/*`): businesses, agent assignment, the mailbox. */

/** GET /api/admin/businesses, one row. */
export const adminBusinessSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  country: z.string(),
  timezone: z.string(),
  createdAt: z.iso.datetime(),
  /** Agents assigned to the business that still exist on the platform. */
  agentCount: z.number().int().nonnegative(),
  userCount: z.number().int().nonnegative(),
});
export type AdminBusiness = z.infer<typeof adminBusinessSchema>;
export const adminBusinessListSchema = paginatedSchema(adminBusinessSchema);

/** GET /api/admin/businesses/:id/users, one row: who signs in for the business. */
export const adminBusinessUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: z.enum(TEAM_ROLES),
  /** false until the user has chosen a password (set-password or join link). */
  hasPassword: z.boolean(),
});
export type AdminBusinessUser = z.infer<typeof adminBusinessUserSchema>;
export const adminBusinessUserListSchema = z.object({ data: z.array(adminBusinessUserSchema) });

/** POST /api/admin/users/:id/set-password-link answers where the link went. */
export const sentPasswordLinkSchema = z.object({ to: z.string() });

/** GET /api/admin/agents, one row; also the answer of PUT /api/admin/agents/:id/business. */
export const adminAgentSchema = z.object({
  id: z.string(),
  platformAssistantId: z.string(),
  name: z.string(),
  phoneNumber: z.string().nullable(),
  /** null: not assigned to any business. */
  businessId: z.string().nullable(),
  businessName: z.string().nullable(),
  /** Set when the assistant no longer exists on the platform. */
  removedAt: z.iso.datetime().nullable(),
});
export type AdminAgent = z.infer<typeof adminAgentSchema>;
export const adminAgentListSchema = z.object({ data: z.array(adminAgentSchema) });

/** PUT /api/admin/agents/:id/business: assign the agent to a business, or unassign it (null). */
export const assignAgentBusinessSchema = z.object({
  businessId: z.uuid({ error: 'Please choose a business' }).nullable(),
});
export type AssignAgentBusinessInput = z.infer<typeof assignAgentBusinessSchema>;

/** GET /api/admin/mail: a message delivered to the local mailbox (embedded default). */
export const mailboxMessageSchema = z.object({
  id: z.string(),
  fromAddress: z.string(),
  toAddress: z.string(),
  subject: z.string(),
  textBody: z.string(),
  deliveredAt: z.iso.datetime(),
});
export type MailboxMessage = z.infer<typeof mailboxMessageSchema>;
export const mailboxListSchema = paginatedSchema(mailboxMessageSchema);

export const MAIL_STATUSES = ['queued', 'sending', 'sent', 'failed'] as const;

/** GET /api/admin/mail/outbox: every outgoing message and how its sending went. */
export const outboxMessageSchema = z.object({
  id: z.string(),
  kind: z.string(),
  fromAddress: z.string(),
  toAddress: z.string(),
  subject: z.string(),
  status: z.enum(MAIL_STATUSES),
  attempts: z.number().int().nonnegative(),
  lastError: z.string().nullable(),
  nextAttemptAt: z.iso.datetime(),
  sentAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
});
export type OutboxMessage = z.infer<typeof outboxMessageSchema>;
export const outboxListSchema = paginatedSchema(outboxMessageSchema);
