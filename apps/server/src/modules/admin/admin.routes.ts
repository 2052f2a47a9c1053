import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminAgentListSchema,
  adminAgentSchema,
  adminBusinessListSchema,
  adminBusinessUserListSchema,
  assignAgentBusinessSchema,
  mailboxListSchema,
  outboxListSchema,
  sentPasswordLinkSchema,
} from '@switchboard/shared/admin';
import { callingRulesSchema, updateCallingRulesSchema } from '@switchboard/shared/dialing';
import { paginationQuerySchema } from '@switchboard/shared/pagination';
import type { AuthService } from '../auth/auth.service';
import type { DialingService } from '../dialing/dialing.service';
import type { AdminService } from './admin.service';
import { errorResponses } from '../../http/error-responses';
import { routeGroup } from '../../http/routes';

// Any string: an id that is not a UUID is simply an agent that does not exist (404).
const agentParamsSchema = z.object({ id: z.string() });
const idParamsSchema = z.object({ id: z.string() });

/** The operator's routes: all of them `admin` only. */
export const adminRoutes =
  (deps: {
    service: AdminService;
    auth: Pick<AuthService, 'sendSetPasswordLink'>;
    /** The calling rules and daily caps of each business (decision 053). */
    dialing: Pick<DialingService, 'rules' | 'updateRules'>;
    /** Where links in mail point (lib/public-base-url.ts). */
    publicBaseUrl: () => string;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const { service } = deps;
    const route = routeGroup(app, { tags: ['admin'], access: 'admin' });

    route.get(
      '/admin/businesses',
      {
        summary: 'Every business, newest first, with its agent and user counts',
        querystring: paginationQuerySchema,
        response: { 200: adminBusinessListSchema },
      },
      async (request) => service.listBusinesses(request.query),
    );

    route.get(
      '/admin/businesses/:id/users',
      {
        summary: 'The users of a business, owners first, and whether each has a password',
        params: idParamsSchema,
        response: { 200: adminBusinessUserListSchema },
      },
      async (request) => service.listBusinessUsers(request.params.id),
    );

    route.get(
      '/admin/businesses/:id/calling-rules',
      {
        summary:
          "The business's calling rules (countries, kinds of number, daily caps) and today's usage",
        params: idParamsSchema,
        response: { 200: callingRulesSchema },
      },
      async (request) => deps.dialing.rules(request.params.id),
    );

    route.put(
      '/admin/businesses/:id/calling-rules',
      {
        summary:
          'Sets which countries and kinds of number the platform may dial for the business, and its daily caps',
        params: idParamsSchema,
        body: updateCallingRulesSchema,
        response: { 200: callingRulesSchema },
      },
      async (request) => deps.dialing.updateRules(request.params.id, request.body),
    );

    route.post(
      '/admin/users/:id/set-password-link',
      {
        summary: 'Mails a user a fresh set-password link (24 h, single use)',
        params: idParamsSchema,
        response: { 200: sentPasswordLinkSchema, ...errorResponses('NO_EMAIL') },
      },
      async (request) => deps.auth.sendSetPasswordLink(request.params.id, deps.publicBaseUrl()),
    );

    route.get(
      '/admin/agents',
      {
        summary: 'Every platform agent and the business it is assigned to',
        response: { 200: adminAgentListSchema },
      },
      async () => service.listAgents(),
    );

    route.put(
      '/admin/agents/:id/business',
      {
        summary: 'Assigns an agent to a business, or unassigns it (businessId null)',
        params: agentParamsSchema,
        body: assignAgentBusinessSchema,
        response: { 200: adminAgentSchema },
      },
      async (request) => service.assignAgent(request.params.id, request.body.businessId),
    );

    route.get(
      '/admin/mail',
      {
        summary: 'The local mailbox (mail delivered when no SMTP server is set), newest first',
        querystring: paginationQuerySchema,
        response: { 200: mailboxListSchema },
      },
      async (request) => service.listMailbox(request.query),
    );

    route.get(
      '/admin/mail/outbox',
      {
        summary: 'Every outgoing message with its sending status, attempts and last error',
        querystring: paginationQuerySchema,
        response: { 200: outboxListSchema },
      },
      async (request) => service.listOutbox(request.query),
    );
  };
