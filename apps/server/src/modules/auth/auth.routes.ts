import rateLimit from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createAccountResponseSchema,
  createAccountSchema,
  loginSchema,
  sessionResponseSchema,
  setPasswordSchema,
} from '@switchboard/shared/auth';
import { AppError } from '../../lib/app-error';
import {
  clearSessionCookie,
  readSessionToken,
  requireUser,
  setSessionCookie,
  type SessionCookie,
} from '../../plugins/auth';
import { CREATE_ACCOUNT_MESSAGE, type AuthService } from './auth.service';

const MINUTE = 60_000;

/**
 * Attempt limits. The counters live in this process's memory: with several instances behind a
 * load balancer each keeps its own, so the effective limit is multiplied by the number of
 * instances; give @fastify/rate-limit a Redis store (its `redis` option) to share them.
 */
export const LOGIN_LIMITS = {
  perUserName: { max: 10, timeWindow: 15 * MINUTE },
  perIp: { max: 30, timeWindow: 15 * MINUTE },
} as const;
export const CREATE_ACCOUNT_LIMIT_PER_IP = { max: 20, timeWindow: 60 * MINUTE } as const;
export const SET_PASSWORD_LIMIT_PER_IP = { max: 30, timeWindow: 15 * MINUTE } as const;

type Limiter = (request: FastifyRequest) => Promise<
  | { isAllowed: true }
  | {
      isAllowed: false;
      isExceeded: boolean;
      ttl: number;
    }
>;

const minutes = (ms: number) => {
  const n = Math.max(1, Math.ceil(ms / MINUTE));
  return n === 1 ? '1 minute' : `${n} minutes`;
};

/** Counts this attempt against every limiter; over any of them → 429 with the longest wait. */
export async function enforceLimits(
  request: FastifyRequest,
  reply: FastifyReply,
  limiters: Limiter[],
  message: (wait: string) => string,
) {
  const results = await Promise.all(limiters.map((limiter) => limiter(request)));
  let waitMs = 0;
  for (const result of results) {
    if (!result.isAllowed && result.isExceeded) waitMs = Math.max(waitMs, result.ttl);
  }
  if (waitMs > 0) {
    reply.header('retry-after', Math.ceil(waitMs / 1000));
    throw new AppError('RATE_LIMITED', 429, message(minutes(waitMs)));
  }
}

export const authRoutes =
  (deps: {
    service: AuthService;
    cookie: SessionCookie;
    /** Where links in mail point (lib/public-base-url.ts). */
    publicBaseUrl: () => string;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const { service, cookie } = deps;
    await app.register(rateLimit, { global: false });
    const loginPerIp = app.createRateLimit({ ...LOGIN_LIMITS.perIp });
    const loginPerUserName = app.createRateLimit({
      ...LOGIN_LIMITS.perUserName,
      keyGenerator: (request) => {
        // The body is validated (and trimmed) before this runs.
        const userName = (request.body as { userName?: unknown } | undefined)?.userName;
        return `user:${typeof userName === 'string' ? userName.toLowerCase() : ''}`;
      },
    });
    const createAccountPerIp = app.createRateLimit({ ...CREATE_ACCOUNT_LIMIT_PER_IP });
    const setPasswordPerIp = app.createRateLimit({ ...SET_PASSWORD_LIMIT_PER_IP });

    // Answers about who is signed in must never be cached by the browser or a proxy.
    app.addHook('onSend', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });

    app.post(
      '/auth/login',
      {
        config: { access: 'public' },
        schema: {
          tags: ['auth'],
          summary: 'Signs in with a user name and password; sets the session cookie',
          body: loginSchema,
          response: { 200: sessionResponseSchema },
        },
        // After validation: a malformed request is not an attempt.
        preHandler: (request, reply) =>
          enforceLimits(
            request,
            reply,
            [loginPerIp, loginPerUserName],
            (wait) => `Too many sign-in attempts. Please wait ${wait} and try again.`,
          ),
      },
      async (request, reply) => {
        const started = await service.login(request.body, readSessionToken(request, cookie));
        setSessionCookie(reply, cookie, started.token, started.expiresAt);
        return { user: started.user };
      },
    );

    app.post(
      '/auth/logout',
      {
        config: { access: 'public' },
        schema: { tags: ['auth'], summary: 'Signs out: ends the session and clears its cookie' },
      },
      async (request, reply) => {
        await service.logout(readSessionToken(request, cookie));
        clearSessionCookie(reply, cookie);
        return reply.status(204).send();
      },
    );

    app.get(
      '/auth/me',
      {
        config: { access: 'member' },
        schema: {
          tags: ['auth'],
          summary: 'The signed-in user and their business',
          response: { 200: sessionResponseSchema },
        },
      },
      async (request) => ({ user: requireUser(request) }),
    );

    app.post(
      '/auth/create-account',
      {
        config: { access: 'public' },
        schema: {
          tags: ['auth'],
          summary:
            'Creates a business and its first user, and mails a link to set the password (24 h, single use)',
          body: createAccountSchema,
          response: { 201: createAccountResponseSchema },
        },
        preHandler: (request, reply) =>
          enforceLimits(
            request,
            reply,
            [createAccountPerIp],
            (wait) => `Too many accounts were created from your address. Please wait ${wait}.`,
          ),
      },
      async (request, reply) => {
        // PUBLIC_URL or the listening address: the Host header of an unauthenticated request
        // must never decide where a set-password link points.
        await service.createAccount(request.body, deps.publicBaseUrl());
        return reply.status(201).send({ message: CREATE_ACCOUNT_MESSAGE });
      },
    );

    app.post(
      '/auth/set-password',
      {
        config: { access: 'public' },
        schema: {
          tags: ['auth'],
          summary: 'Sets the password with a set-password link and signs in',
          body: setPasswordSchema,
          response: { 200: sessionResponseSchema },
        },
        preHandler: (request, reply) =>
          enforceLimits(
            request,
            reply,
            [setPasswordPerIp],
            (wait) => `Too many attempts. Please wait ${wait} and try again.`,
          ),
      },
      async (request, reply) => {
        const started = await service.setPassword(request.body, readSessionToken(request, cookie));
        setSessionCookie(reply, cookie, started.token, started.expiresAt);
        return { user: started.user };
      },
    );
  };
