import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  contactEnquiriesQuerySchema,
  emailLogListSchema,
  emailLogSchema,
  emailLogsQuerySchema,
  enquiryInboxQuerySchema,
  enquiryInputSchema,
  enquiryListSchema,
  enquiryPriorityInputSchema,
  enquiryReplyInputSchema,
  enquiryThreadSchema,
  enquirySchema,
  enquiryStatusInputSchema,
  enquiryUnreadCountsSchema,
} from '@switchboard/shared/enquiries';
import { requireBusinessId, requireUser } from '../../http/auth';
import type { EnquiriesService, EnquiryBusiness } from './enquiries.service';
import { errorResponses } from '../../http/error-responses';

// Any string: an id that is not one of the business's (or not an id at all) is not found (404).
const params = z.object({ id: z.string().min(1) });

function businessOf(request: FastifyRequest): EnquiryBusiness {
  const id = requireBusinessId(request);
  return { id, timezone: requireUser(request).business?.timezone ?? 'UTC' };
}

/**
 * Enquiries and their email replies, at the seed's paths (under /api): a contact's enquiries,
 * status and read state, send-reply and the email log; plus the business's inbox, unread
 * counts, adding one by hand and retrying a failed reply.
 */
export const enquiryRoutes =
  (deps: { enquiries: EnquiriesService }): FastifyPluginAsyncZod =>
  async (app) => {
    const config = { access: 'member' } as const;
    const tags = ['enquiries'];
    // An administrator has no business: refused (403) before any body is looked at.
    app.addHook('preValidation', async (request) => {
      requireBusinessId(request);
    });

    app.get(
      '/contacts/:id/enquiries',
      {
        config,
        schema: {
          tags,
          summary:
            "A contact's enquiries, newest first, paged (default 20); agentId narrows to one agent",
          params,
          querystring: contactEnquiriesQuerySchema,
          response: { 200: enquiryListSchema },
        },
      },
      async (request) =>
        deps.enquiries.listForContact(businessOf(request), request.params.id, request.query),
    );

    app.post(
      '/contacts/:id/enquiries',
      {
        config,
        schema: {
          tags,
          summary: 'Adds an enquiry to a contact by hand (optionally under one of the agents)',
          params,
          body: enquiryInputSchema,
          response: { 201: enquirySchema },
        },
      },
      async (request, reply) => {
        const enquiry = await deps.enquiries.create(
          businessOf(request),
          request.params.id,
          request.body,
        );
        return reply.status(201).send(enquiry);
      },
    );

    app.patch(
      '/contacts/enquiries/:id/status',
      {
        config,
        schema: {
          tags,
          summary:
            'Sets the status (open, pending, resolved, closed) with an optional reason, kept in the enquiry’s history; the enquiry counts as read',
          params,
          body: enquiryStatusInputSchema,
          response: { 200: enquirySchema },
        },
      },
      async (request) =>
        deps.enquiries.setStatus(
          businessOf(request),
          requireUser(request).id,
          request.params.id,
          request.body.status,
          request.body.reason,
        ),
    );

    app.patch(
      '/contacts/enquiries/:id/priority',
      {
        config,
        schema: {
          tags,
          summary: 'Sets the priority (urgent or normal)',
          params,
          body: enquiryPriorityInputSchema,
          response: { 200: enquirySchema },
        },
      },
      async (request) =>
        deps.enquiries.setPriority(businessOf(request), request.params.id, request.body.priority),
    );

    app.get(
      '/enquiries/:id/thread',
      {
        config,
        schema: {
          tags,
          summary:
            'The enquiry with its thread, oldest first: email replies, the customer’s answers taken in by email, and status changes (who, when, why)',
          params,
          response: { 200: enquiryThreadSchema },
        },
      },
      async (request) => deps.enquiries.thread(businessOf(request), request.params.id),
    );

    app.patch(
      '/contacts/enquiries/:id/mark-read',
      {
        config,
        schema: {
          tags,
          summary: 'Marks an enquiry read',
          params,
          response: { 200: enquirySchema },
        },
      },
      async (request) => deps.enquiries.markRead(businessOf(request), request.params.id),
    );

    app.patch(
      '/contacts/enquiries/:id/mark-unread',
      {
        config,
        schema: {
          tags,
          summary: 'Marks an enquiry unread',
          params,
          response: { 200: enquirySchema },
        },
      },
      async (request) => deps.enquiries.markUnread(businessOf(request), request.params.id),
    );

    app.post(
      '/contacts/enquiries/:id/send-reply',
      {
        config,
        schema: {
          tags,
          summary:
            "Replies by email to the enquiry's contact: stored as queued and sent by the mail outbox (202); the same idempotencyKey again answers the first reply (200) and sends nothing; 422 when the contact has no email address",
          params,
          body: enquiryReplyInputSchema,
          response: {
            200: emailLogSchema,
            202: emailLogSchema,
            ...errorResponses('IDEMPOTENCY_KEY_REUSED', 'CONTACT_HAS_NO_EMAIL'),
          },
        },
      },
      async (request, reply) => {
        const { log, created } = await deps.enquiries.sendReply(
          businessOf(request),
          requireUser(request).id,
          request.params.id,
          request.body,
        );
        return reply.status(created ? 202 : 200).send(log);
      },
    );

    app.get(
      '/email-logs/enquiry/:id',
      {
        config,
        schema: {
          tags,
          summary:
            "An enquiry's email replies with their delivery status, newest first (default 20)",
          params,
          querystring: emailLogsQuerySchema,
          response: { 200: emailLogListSchema },
        },
      },
      async (request) =>
        deps.enquiries.listEmailLogs(businessOf(request), request.params.id, request.query),
    );

    app.post(
      '/email-logs/:id/retry',
      {
        config,
        schema: {
          tags,
          summary: 'Puts a failed reply back in the mail queue (409 when it has not failed)',
          params,
          response: { 200: emailLogSchema, ...errorResponses('EMAIL_NOT_FAILED') },
        },
      },
      async (request) => deps.enquiries.retryEmailLog(businessOf(request), request.params.id),
    );

    app.get(
      '/enquiries',
      {
        config,
        schema: {
          tags,
          summary:
            "The business's enquiries, newest first (default 20), filtered by status, unread, agentId, priority, test (include | exclude | only) and a search (q)",
          querystring: enquiryInboxQuerySchema,
          response: { 200: enquiryListSchema },
        },
      },
      async (request) => deps.enquiries.inbox(businessOf(request), request.query),
    );

    app.get(
      '/enquiries/unread-counts',
      {
        config,
        schema: {
          tags,
          summary: 'How many enquiries are unread: in total and per agent',
          response: { 200: enquiryUnreadCountsSchema },
        },
      },
      async (request) => deps.enquiries.unreadCounts(businessOf(request)),
    );
  };
