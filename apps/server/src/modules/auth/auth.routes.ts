import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createAccountResponseSchema,
  createAccountSchema,
  FORGOT_PASSWORD_MESSAGE,
  forgotPasswordResponseSchema,
  forgotPasswordSchema,
  loginSchema,
  sessionResponseSchema,
  setPasswordSchema,
} from '@switchboard/shared/auth';
import {
  clearSessionCookie,
  readSessionToken,
  requireUser,
  setSessionCookie,
  type SessionCookie,
} from '../../http/auth';
import {
  countedOnStore,
  limitAddress,
  perAddressLimit,
  perKeyLimit,
  refuseTooMany,
  registerRateLimits,
  type LimitStore,
} from '../../http/rate-limits';
import { limitedBy, MINUTE } from '../../http/route-limits';
import { CREATE_ACCOUNT_MESSAGE, type AuthService } from './auth.service';
import type { SignInThrottle } from './sign-in-throttle';
import { routeGroup } from '../../http/routes';
import { errorResponses } from '../../http/error-responses';

/** Requests per address, whatever their outcome (sign-in has its own rule: SIGN_IN_LIMITS). */
export const CREATE_ACCOUNT_LIMIT_PER_IP = { max: 20, timeWindow: 60 * MINUTE } as const;
export const SET_PASSWORD_LIMIT_PER_IP = { max: 30, timeWindow: 15 * MINUTE } as const;
/** "Forgot password": per address, and per account named (so one inbox is not flooded). */
export const FORGOT_PASSWORD_LIMIT_PER_IP = { max: 10, timeWindow: 15 * MINUTE } as const;
export const FORGOT_PASSWORD_LIMIT_PER_ACCOUNT = { max: 3, timeWindow: 60 * MINUTE } as const;

export const authRoutes =
  (deps: {
    service: AuthService;
    cookie: SessionCookie;
    /** Where links in mail point (lib/public-base-url.ts). */
    publicBaseUrl: () => string;
    signInThrottle: SignInThrottle;
    limitStore: LimitStore;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const { service, cookie, signInThrottle } = deps;
    await registerRateLimits(app, deps.limitStore);
    const route = routeGroup(app, { tags: ['auth'], access: 'public' });
    const members = route.with({ access: 'member' });
    const createAccountPerIp = perAddressLimit(app, 'create-account', CREATE_ACCOUNT_LIMIT_PER_IP);
    const setPasswordPerIp = perAddressLimit(app, 'set-password', SET_PASSWORD_LIMIT_PER_IP);
    const forgotPasswordPerIp = perAddressLimit(
      app,
      'forgot-password',
      FORGOT_PASSWORD_LIMIT_PER_IP,
    );
    const forgotPasswordPerAccount = perKeyLimit(
      app,
      'forgot-password-account',
      FORGOT_PASSWORD_LIMIT_PER_ACCOUNT,
      (request) => (request.body as { login: string }).login,
    );

    // Answers about who is signed in must never be cached by the browser or a proxy.
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    route.post(
      '/auth/login',
      {
        summary: 'Signs in with a user name and password; sets the session cookie',
        body: loginSchema,
        response: { 200: sessionResponseSchema, ...errorResponses('RATE_LIMITED') },
      },
      async (request, reply) => {
        const started = await service.login(request.body, readSessionToken(request, cookie));
        // The attempt was counted as a failure when admitted; a success clears the count.
        // Forgetting the failures is a kindness, not a guard: a store gone since the attempt was
        // admitted leaves them to expire, and the sign-in stands.
        await signInThrottle
          .succeeded(request.body.userName, limitAddress(request))
          .catch((error: unknown) =>
            request.log.warn({ err: error }, 'could not clear sign-in failures'),
          );
        setSessionCookie(reply, cookie, started.token, started.expiresAt);
        return { user: started.user };
      },
      {
        // After validation: a malformed request is not an attempt.
        preHandler: async (request, reply) => {
          const verdict = await countedOnStore(() =>
            signInThrottle.admit(request.body.userName, limitAddress(request)),
          );
          if (!verdict.allowed) {
            throw refuseTooMany(
              reply,
              verdict.waitMs,
              (wait) => `Too many sign-in attempts. Please wait ${wait} and try again.`,
            );
          }
        },
      },
    );

    route.post(
      '/auth/logout',
      { summary: 'Signs out: ends the session and clears its cookie' },
      async (request, reply) => {
        await service.logout(readSessionToken(request, cookie));
        clearSessionCookie(reply, cookie);
        return reply.status(204).send();
      },
    );

    members.get(
      '/auth/me',
      {
        summary: 'The signed-in user and their business',
        response: { 200: sessionResponseSchema },
      },
      async (request) => ({ user: requireUser(request) }),
    );

    route.post(
      '/auth/create-account',
      {
        summary:
          'Creates a business and its first user, and mails a link to set the password (24 h, single use)',
        body: createAccountSchema,
        response: {
          201: createAccountResponseSchema,
          ...errorResponses('EMAIL_TAKEN', 'RATE_LIMITED'),
        },
      },
      async (request) => {
        // PUBLIC_URL or the listening address: the Host header of an unauthenticated request
        // must never decide where a set-password link points.
        await service.createAccount(request.body, deps.publicBaseUrl());
        return { message: CREATE_ACCOUNT_MESSAGE };
      },
      {
        preHandler: limitedBy(
          [createAccountPerIp],
          (wait) => `Too many accounts were created from your address. Please wait ${wait}.`,
        ),
      },
    );

    route.post(
      '/auth/forgot-password',
      {
        summary:
          'Mails a password-reset link (1 h, single use) to the account a user name or email names; answers the same whether or not it exists',
        body: forgotPasswordSchema,
        response: { 202: forgotPasswordResponseSchema, ...errorResponses('RATE_LIMITED') },
      },
      async (request) => {
        await service.forgotPassword(request.body, deps.publicBaseUrl());
        return { message: FORGOT_PASSWORD_MESSAGE };
      },
      {
        // After validation: the per-account key is the name as given (an unknown one counts too).
        preHandler: limitedBy(
          [forgotPasswordPerIp, forgotPasswordPerAccount],
          (wait) => `Too many reset requests. Please wait ${wait} and try again.`,
        ),
      },
    );

    route.post(
      '/auth/set-password',
      {
        summary:
          'Sets the password with a set-password, join or reset link, ends the user’s other sessions and signs in',
        body: setPasswordSchema,
        response: { 200: sessionResponseSchema, ...errorResponses('RATE_LIMITED') },
      },
      async (request, reply) => {
        const started = await service.setPassword(request.body, readSessionToken(request, cookie));
        setSessionCookie(reply, cookie, started.token, started.expiresAt);
        return { user: started.user };
      },
      {
        preHandler: limitedBy(
          [setPasswordPerIp],
          (wait) => `Too many attempts. Please wait ${wait} and try again.`,
        ),
      },
    );
  };
