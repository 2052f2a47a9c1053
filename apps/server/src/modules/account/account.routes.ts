import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  businessSchema,
  businessSettingsSchema,
  changePasswordSchema,
  changeRoleSchema,
  inviteMemberSchema,
  profileSchema,
  signOutOthersResponseSchema,
  teamListSchema,
  teamMemberSchema,
} from '@switchboard/shared/account';
import { sessionResponseSchema } from '@switchboard/shared/auth';
import { requireBusinessId, requireUser, type CurrentSession } from '../../http/auth';
import {
  enforceLimits,
  perKeyLimit,
  registerRateLimits,
  type LimitStore,
} from '../../http/rate-limits';
import type { AccountService } from './account.service';
import { errorResponses } from '../../http/error-responses';

const MINUTE = 60_000;

/**
 * Requests that check the current password, per user: a stolen session cannot be used to try
 * passwords at speed.
 */
export const PASSWORD_CHECK_LIMIT_PER_USER = { max: 10, timeWindow: 15 * MINUTE } as const;

// Any string: an id that is not a UUID is simply a member that does not exist (404).
const memberParamsSchema = z.object({ id: z.string() });

function requireSession(request: { session: CurrentSession | null }): CurrentSession {
  if (!request.session) throw new Error('a member route ran without a session');
  return request.session;
}

/** `/settings`: profile and password (any signed-in user), the business and its team. */
export const accountRoutes =
  (deps: {
    service: AccountService;
    publicBaseUrl: () => string;
    limitStore: LimitStore;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const { service } = deps;
    await registerRateLimits(app, deps.limitStore);
    const passwordChecks = perKeyLimit(
      app,
      'password-check',
      PASSWORD_CHECK_LIMIT_PER_USER,
      (request) => request.user?.id ?? '',
    );
    const limitPasswordChecks = (
      request: Parameters<typeof enforceLimits>[0],
      reply: Parameters<typeof enforceLimits>[1],
    ) =>
      enforceLimits(
        request,
        reply,
        [passwordChecks],
        (wait) => `Too many attempts. Please wait ${wait} and try again.`,
      );

    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    app.put(
      '/account/profile',
      {
        config: { access: 'member' },
        schema: {
          tags: ['account'],
          summary:
            'Changes the signed-in user’s name and email (a new email needs the current password)',
          body: profileSchema,
          response: {
            200: sessionResponseSchema,
            ...errorResponses('EMAIL_TAKEN', 'RATE_LIMITED'),
          },
        },
        preHandler: async (request, reply) => {
          if (request.body.currentPassword) await limitPasswordChecks(request, reply);
        },
      },
      async (request) => ({
        user: await service.updateProfile(requireUser(request).id, request.body),
      }),
    );

    app.post(
      '/account/password',
      {
        config: { access: 'member' },
        schema: {
          tags: ['account'],
          summary:
            'Changes the signed-in user’s password (the current one is required); their other sessions end',
          body: changePasswordSchema,
          response: { 204: z.null(), ...errorResponses('RATE_LIMITED') },
        },
        preHandler: limitPasswordChecks,
      },
      async (request, reply) => {
        await service.changePassword(requireSession(request), request.body);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/account/sign-out-others',
      {
        config: { access: 'member' },
        schema: {
          tags: ['account'],
          summary: 'Ends every session of the signed-in user but this one',
          response: { 200: signOutOthersResponseSchema },
        },
      },
      async (request) => service.signOutOtherSessions(requireSession(request)),
    );

    app.get(
      '/business',
      {
        config: { access: 'member' },
        schema: {
          tags: ['account'],
          summary: 'The signed-in user’s business: name, phone, website, country, time zone',
          response: { 200: businessSchema },
        },
      },
      async (request) => service.getBusiness(requireBusinessId(request)),
    );

    app.put(
      '/business',
      {
        config: { access: 'owner' },
        schema: {
          tags: ['account'],
          summary:
            'Changes the business’s details (owners only); the time zone drives every date shown',
          body: businessSettingsSchema,
          response: { 200: businessSchema },
        },
      },
      async (request) => service.updateBusiness(requireBusinessId(request), request.body),
    );

    app.get(
      '/team',
      {
        config: { access: 'member' },
        schema: {
          tags: ['account'],
          summary: 'The business’s users with their role, owners first',
          response: { 200: teamListSchema },
        },
      },
      async (request) => service.listTeam(requireBusinessId(request)),
    );

    app.post(
      '/team/invitations',
      {
        config: { access: 'owner' },
        schema: {
          tags: ['account'],
          summary:
            'Invites someone by email: a user with no password and a join link by mail (7 days, single use)',
          body: inviteMemberSchema,
          response: { 201: teamMemberSchema, ...errorResponses('EMAIL_TAKEN') },
        },
      },
      async (request, reply) => {
        requireBusinessId(request);
        const member = await service.invite(
          requireUser(request),
          request.body,
          deps.publicBaseUrl(),
        );
        return reply.status(201).send(member);
      },
    );

    app.put(
      '/team/members/:id/role',
      {
        config: { access: 'owner' },
        schema: {
          tags: ['account'],
          summary: 'Makes a user of the business an owner or a member (the last owner stays one)',
          params: memberParamsSchema,
          body: changeRoleSchema,
          response: { 200: teamMemberSchema, ...errorResponses('LAST_OWNER') },
        },
      },
      async (request) =>
        service.changeRole(requireBusinessId(request), request.params.id, request.body),
    );

    app.delete(
      '/team/members/:id',
      {
        config: { access: 'owner' },
        schema: {
          tags: ['account'],
          summary: 'Removes a user from the business; their sessions end (never the last owner)',
          params: memberParamsSchema,
          response: { 204: z.null(), ...errorResponses('LAST_OWNER') },
        },
      },
      async (request, reply) => {
        await service.removeMember(requireBusinessId(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
