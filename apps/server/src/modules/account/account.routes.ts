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
import { perKeyLimit, registerRateLimits, type LimitStore } from '../../http/rate-limits';
import { limitedBy, MINUTE } from '../../http/route-limits';
import type { AccountService } from './account.service';
import { routeGroup } from '../../http/routes';
import { errorResponses } from '../../http/error-responses';

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
    const limitPasswordChecks = limitedBy(
      [passwordChecks],
      (wait) => `Too many attempts. Please wait ${wait} and try again.`,
    );

    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });
    const route = routeGroup(app, { tags: ['account'], access: 'member' });
    const owners = route.with({ access: 'owner' });

    route.put(
      '/account/profile',
      {
        summary:
          'Changes the signed-in user’s name and email (a new email needs the current password)',
        body: profileSchema,
        response: { 200: sessionResponseSchema, ...errorResponses('EMAIL_TAKEN', 'RATE_LIMITED') },
      },
      async (request) => ({
        user: await service.updateProfile(requireUser(request).id, request.body),
      }),
      {
        preHandler: async (request, reply) => {
          if (request.body.currentPassword) await limitPasswordChecks(request, reply);
        },
      },
    );

    route.post(
      '/account/password',
      {
        summary:
          'Changes the signed-in user’s password (the current one is required); their other sessions end',
        body: changePasswordSchema,
        response: { 204: z.null(), ...errorResponses('RATE_LIMITED') },
      },
      async (request) => {
        await service.changePassword(requireSession(request), request.body);
        return null;
      },
      {
        preHandler: limitPasswordChecks,
      },
    );

    route.post(
      '/account/sign-out-others',
      {
        summary: 'Ends every session of the signed-in user but this one',
        response: { 200: signOutOthersResponseSchema },
      },
      async (request) => service.signOutOtherSessions(requireSession(request)),
    );

    route.get(
      '/business',
      {
        summary: 'The signed-in user’s business: name, phone, website, country, time zone',
        response: { 200: businessSchema },
      },
      async (request) => service.getBusiness(requireBusinessId(request)),
    );

    owners.put(
      '/business',
      {
        summary:
          'Changes the business’s details (owners only); the time zone drives every date shown',
        body: businessSettingsSchema,
        response: { 200: businessSchema },
      },
      async (request) => service.updateBusiness(requireBusinessId(request), request.body),
    );

    route.get(
      '/team',
      {
        summary: 'The business’s users with their role, owners first',
        response: { 200: teamListSchema },
      },
      async (request) => service.listTeam(requireBusinessId(request)),
    );

    owners.post(
      '/team/invitations',
      {
        summary:
          'Invites someone by email: a user with no password and a join link by mail (7 days, single use)',
        body: inviteMemberSchema,
        response: { 201: teamMemberSchema, ...errorResponses('EMAIL_TAKEN') },
      },
      async (request) => {
        requireBusinessId(request);
        const member = await service.invite(
          requireUser(request),
          request.body,
          deps.publicBaseUrl(),
        );
        return member;
      },
    );

    owners.put(
      '/team/members/:id/role',
      {
        summary: 'Makes a user of the business an owner or a member (the last owner stays one)',
        params: memberParamsSchema,
        body: changeRoleSchema,
        response: { 200: teamMemberSchema, ...errorResponses('LAST_OWNER') },
      },
      async (request) =>
        service.changeRole(requireBusinessId(request), request.params.id, request.body),
    );

    owners.delete(
      '/team/members/:id',
      {
        summary: 'Removes a user from the business; their sessions end (never the last owner)',
        params: memberParamsSchema,
        response: { 204: z.null(), ...errorResponses('LAST_OWNER') },
      },
      async (request) => {
        await service.removeMember(requireBusinessId(request), request.params.id);
        return null;
      },
    );
  };
