import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
import { requireUser } from '../../http/auth';
import { businessOf } from '../../http/business';
import { idParams as params, routeGroup } from '../../http/routes';
import type { EnquiriesService } from './enquiries.service';
import { errorResponses } from '../../http/error-responses';

/**
 * Enquiries and their email replies, at the seed's paths (under /api): a contact's enquiries,
 * status and read state, send-reply and the email log; plus the business's inbox, unread
 * counts, adding one by hand and retrying a failed reply.
 */
export const enquiryRoutes =
  (deps: { enquiries: EnquiriesService }): FastifyPluginAsyncZod =>
  async (app) => {
    const route = routeGroup(app, { tags: ['enquiries'], access: 'member', businessOnly: true });

    route.get(
      '/contacts/:id/enquiries',
      {
        summary:
          "A contact's enquiries, newest first, paged (default 20); agentId narrows to one agent",
        params,
        querystring: contactEnquiriesQuerySchema,
        response: { 200: enquiryListSchema },
      },
      async (request) =>
        deps.enquiries.listForContact(businessOf(request), request.params.id, request.query),
    );

    route.post(
      '/contacts/:id/enquiries',
      {
        summary: 'Adds an enquiry to a contact by hand (optionally under one of the agents)',
        params,
        body: enquiryInputSchema,
        response: { 201: enquirySchema },
      },
      async (request) =>
        deps.enquiries.create(businessOf(request), request.params.id, request.body),
    );

    route.patch(
      '/contacts/enquiries/:id/status',
      {
        summary:
          'Sets the status (open, pending, resolved, closed) with an optional reason, kept in the enquiry’s history; the enquiry counts as read',
        params,
        body: enquiryStatusInputSchema,
        response: { 200: enquirySchema },
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

    route.patch(
      '/contacts/enquiries/:id/priority',
      {
        summary: 'Sets the priority (urgent or normal)',
        params,
        body: enquiryPriorityInputSchema,
        response: { 200: enquirySchema },
      },
      async (request) =>
        deps.enquiries.setPriority(businessOf(request), request.params.id, request.body.priority),
    );

    route.get(
      '/enquiries/:id/thread',
      {
        summary:
          'The enquiry with its thread, oldest first: email replies, the customer’s answers taken in by email, and status changes (who, when, why)',
        params,
        response: { 200: enquiryThreadSchema },
      },
      async (request) => deps.enquiries.thread(businessOf(request), request.params.id),
    );

    const readStates = [
      { path: 'mark-read', summary: 'Marks an enquiry read', mark: 'markRead' },
      { path: 'mark-unread', summary: 'Marks an enquiry unread', mark: 'markUnread' },
    ] as const;
    for (const { path, summary, mark } of readStates) {
      route.patch(
        `/contacts/enquiries/:id/${path}`,
        { summary, params, response: { 200: enquirySchema } },
        async (request) => deps.enquiries[mark](businessOf(request), request.params.id),
      );
    }

    route.post(
      '/contacts/enquiries/:id/send-reply',
      {
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

    route.get(
      '/email-logs/enquiry/:id',
      {
        summary: "An enquiry's email replies with their delivery status, newest first (default 20)",
        params,
        querystring: emailLogsQuerySchema,
        response: { 200: emailLogListSchema },
      },
      async (request) =>
        deps.enquiries.listEmailLogs(businessOf(request), request.params.id, request.query),
    );

    route.post(
      '/email-logs/:id/retry',
      {
        summary: 'Puts a failed reply back in the mail queue (409 when it has not failed)',
        params,
        response: { 200: emailLogSchema, ...errorResponses('EMAIL_NOT_FAILED') },
      },
      async (request) => deps.enquiries.retryEmailLog(businessOf(request), request.params.id),
    );

    route.get(
      '/enquiries',
      {
        summary:
          "The business's enquiries, newest first (default 20), filtered by status, unread, agentId, priority, test (include | exclude | only) and a search (q)",
        querystring: enquiryInboxQuerySchema,
        response: { 200: enquiryListSchema },
      },
      async (request) => deps.enquiries.inbox(businessOf(request), request.query),
    );

    route.get(
      '/enquiries/unread-counts',
      {
        summary: 'How many enquiries are unread: in total and per agent',
        response: { 200: enquiryUnreadCountsSchema },
      },
      async (request) => deps.enquiries.unreadCounts(businessOf(request)),
    );
  };
