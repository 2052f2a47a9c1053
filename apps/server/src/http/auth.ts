import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { canSpendAndDelete, permissionMessages, type SessionUser } from '@switchboard/shared/auth';
import { AppError } from '../lib/app-error';

/**
 * Who may call a route, declared on every /api route as `config: { access }`:
 * - `public`: anyone, signed in or not;
 * - `member`: any signed-in user (a business's owner, manager or member, or an admin);
 * - `manager`: owners and managers of a business, and admins: what spends money on the voice
 *   platform or deletes a business's platform resources (decision 051);
 * - `owner`: signed-in owners of a business only (the team and the business's details);
 * - `admin`: signed-in admins only.
 * A route without a declaration stops the server at boot, so nothing ships unguarded.
 */
export const ACCESS_LEVELS = ['public', 'member', 'manager', 'owner', 'admin'] as const;
export type Access = (typeof ACCESS_LEVELS)[number];

export type CurrentSession = { id: string; userId: string; expiresAt: Date };
export type SignedIn = { session: CurrentSession; user: SessionUser };

/** One row of the route table: what the access check enforces (also what tests iterate). */
export type RouteAccess = { method: string; url: string; access: Access };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /**
     * Lets state-changing requests from other origins through the origin check. Only for
     * callers that are not browsers and prove who they are otherwise (the platform webhook).
     */
    allowCrossOrigin?: boolean;
  }
  interface FastifyRequest {
    /** The caller's session on `member`, `owner` and `admin` routes; null on public routes. */
    session: CurrentSession | null;
    user: SessionUser | null;
  }
  interface FastifyInstance {
    /** Every /api route with its declared access, in registration order. */
    accessTable: readonly RouteAccess[];
  }
}

export const API_PREFIX = '/api';

export type SessionCookie = { name: string; secure: boolean };

/**
 * Under HTTPS the cookie is Secure and `__Host-` prefixed (the browser then refuses it from
 * any other host or path, and over plain HTTP).
 */
export function sessionCookieFor(publicUrl: string | undefined): SessionCookie {
  const https = publicUrl?.startsWith('https://') ?? false;
  return https
    ? { name: '__Host-sb_session', secure: true }
    : { name: 'sb_session', secure: false };
}

export function setSessionCookie(
  reply: FastifyReply,
  settings: SessionCookie,
  token: string,
  expiresAt: Date,
) {
  reply.setCookie(settings.name, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: settings.secure,
    // The browser forgets it when the session's absolute lifetime ends.
    expires: expiresAt,
  });
}

export function clearSessionCookie(reply: FastifyReply, settings: SessionCookie) {
  reply.clearCookie(settings.name, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: settings.secure,
  });
}

export function readSessionToken(
  request: FastifyRequest,
  settings: SessionCookie,
): string | undefined {
  const token = request.cookies[settings.name];
  return token ? token : undefined;
}

const isApiRoute = (url: string) => url === API_PREFIX || url.startsWith(`${API_PREFIX}/`);

/** The signed-in user of a `member`/`admin` route (a route declared public has none). */
export function requireUser(request: FastifyRequest): SessionUser {
  if (!request.user) throw new AppError('UNAUTHENTICATED', 'Please sign in to continue.');
  return request.user;
}

/**
 * The business a business-scoped route works on: always the signed-in member's own, never an
 * id from the request. Repositories then scope every query by it, so another business's id
 * simply finds nothing (404).
 */
export function requireBusinessId(request: FastifyRequest): string {
  const user = requireUser(request);
  if (!user.business) {
    throw new AppError(
      'FORBIDDEN',
      'This page belongs to a business account; administrators have no business of their own.',
    );
  }
  return user.business.id;
}

/**
 * Sessions and access control for the API: reads the session cookie, declares
 * `request.session`/`request.user`, refuses boot for an /api route that does not declare its
 * access, and enforces the declaration before the body is even read: no or expired session →
 * 401 UNAUTHENTICATED, a member on an admin route (or anyone but an owner on an owner route,
 * or a member on a manager route) → 403 FORBIDDEN.
 */
export async function registerAuth(
  app: FastifyInstance,
  deps: {
    cookie: SessionCookie;
    /** The session a token belongs to, or null when it is unknown or expired. */
    findSession: (token: string) => Promise<SignedIn | null>;
    /** Routes under these prefixes that declare nothing are public (plugins' own routes: docs). */
    publicPrefixes?: readonly string[];
  },
) {
  await app.register(cookie);
  app.decorateRequest('session', null);
  app.decorateRequest('user', null);

  const table: RouteAccess[] = [];
  app.decorate('accessTable', table);

  app.addHook('onRoute', (route) => {
    if (!isApiRoute(route.url)) return;
    const config = (route.config ??= {});
    if (
      config.access === undefined &&
      deps.publicPrefixes?.some((prefix) => route.url.startsWith(prefix))
    ) {
      config.access = 'public';
    }
    const methods = ([] as string[]).concat(route.method);
    if (config.access === undefined || !ACCESS_LEVELS.includes(config.access)) {
      throw new Error(
        `Route ${methods.join(',')} ${route.url} must declare who may call it: ` +
          `config: { access: 'public' | 'member' | 'manager' | 'owner' | 'admin' } (got ${String(config.access)}).`,
      );
    }
    for (const method of methods) table.push({ method, url: route.url, access: config.access });
  });

  app.addHook('onRequest', async (request, reply) => {
    const access = request.routeOptions.config.access;
    // Public routes, and requests that matched no route (they answer 404), need no session.
    if (access === undefined || access === 'public') return;
    const token = readSessionToken(request, deps.cookie);
    const signedIn = token ? await deps.findSession(token) : null;
    if (!signedIn) {
      if (token) clearSessionCookie(reply, deps.cookie);
      throw new AppError(
        'UNAUTHENTICATED',
        token ? 'Your session has expired. Please sign in again.' : 'Please sign in to continue.',
      );
    }
    request.session = signedIn.session;
    request.user = signedIn.user;
    if (access === 'admin' && signedIn.user.role !== 'admin') {
      throw new AppError('FORBIDDEN', 'Only an administrator can do this.');
    }
    if (access === 'manager' && !canSpendAndDelete(signedIn.user.role)) {
      throw new AppError('FORBIDDEN', permissionMessages.spendAndDeleteRefused);
    }
    if (access === 'owner' && signedIn.user.role !== 'owner') {
      throw new AppError('FORBIDDEN', 'Only an owner of the business can do this.');
    }
  });
}
