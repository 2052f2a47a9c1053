import type { Business } from '@switchboard/shared/account';
import type { SessionUser } from '@switchboard/shared/auth';
import type { ErrorCode, ErrorDetails, WireError } from '@switchboard/shared/errors';
import { vi } from 'vitest';

/**
 * A signed-in user as GET /api/auth/me answers it: the demo dental practice's owner, as the
 * seeded sign-in is, who may do everything in the console. A member's or a manager's view passes
 * `role` (decision 051).
 */
export function buildSessionUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 'user-1',
    userName: 'demo@brightsmile.example',
    name: 'Dr. Maya Patel',
    email: 'demo@brightsmile.example',
    role: 'owner',
    business: {
      id: 'business-1',
      name: 'Bright Smile Dental',
      timezone: 'Europe/Dublin',
      country: 'Ireland',
    },
    ...overrides,
  };
}

/** A member of the demo business: reads the console, changes less (decision 051). */
export function buildMemberUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return buildSessionUser({
    id: 'user-2',
    role: 'member',
    userName: 'sam@b.example',
    ...overrides,
  });
}

export function buildAdminUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return buildSessionUser({
    id: 'admin-1',
    userName: 'admin',
    email: 'admin@switchboard.localhost',
    role: 'admin',
    business: null,
    ...overrides,
  });
}

/** The business as GET /api/business answers it: the demo dental practice, in New York. */
export function buildBusiness(overrides: Partial<Business> = {}): Business {
  return {
    id: 'business-1',
    name: 'Bright Smile Dental',
    email: 'hello@brightsmile.example',
    phone: '+12125550100',
    website: 'https://brightsmile.example',
    country: 'United States',
    timezone: 'America/New_York',
    ...overrides,
  };
}

/** A JSON response as the server would send it. */
export function jsonResponse(body: unknown, init: ResponseInit = {}) {
  return new Response(JSON.stringify(body), {
    ...init,
    headers: { 'content-type': 'application/json; charset=utf-8', ...init.headers },
  });
}

/** The server's error shape. */
export function errorResponse(
  status: number,
  code: ErrorCode,
  message: string,
  details?: ErrorDetails,
) {
  const body: WireError = { error: { code, message, details }, requestId: 'test' };
  return jsonResponse(body, { status });
}

export type ApiRequest = { method: string; path: string; search: URLSearchParams; body: unknown };
type Handler = (request: ApiRequest) => Response | Promise<Response>;

/**
 * Stubs fetch with a small fake of the API. Handlers are keyed "METHOD /api/path" (no query
 * string). GET /api/auth/me answers `session` (null: 401, signed out) unless a handler says
 * otherwise; anything unhandled answers 404. Returns the requests seen, to assert on.
 */
export function stubApi(
  handlers: Record<string, Handler> = {},
  { session = null }: { session?: SessionUser | null } = {},
) {
  const requests: ApiRequest[] = [];
  const all: Record<string, Handler> = {
    'GET /api/auth/me': () =>
      session
        ? jsonResponse({ user: session })
        : errorResponse(401, 'UNAUTHENTICATED', 'You need to sign in'),
    ...handlers,
  };
  const fetchSpy = vi.fn<typeof fetch>(async (input, init) => {
    const href = input instanceof Request ? input.url : input.toString();
    const url = new URL(href, 'http://localhost');
    const method = (init?.method ?? 'GET').toUpperCase();
    const body: unknown = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const request = { method, path: url.pathname, search: url.searchParams, body };
    requests.push(request);
    const handler = all[`${method} ${url.pathname}`];
    return handler ? handler(request) : errorResponse(404, 'NOT_FOUND', 'Not found');
  });
  vi.stubGlobal('fetch', fetchSpy);

  /** Requests to one endpoint, e.g. `calls('POST /api/auth/login')`. */
  const calls = (key: string) =>
    requests.filter((request) => `${request.method} ${request.path}` === key);
  return { fetchSpy, requests, calls };
}
