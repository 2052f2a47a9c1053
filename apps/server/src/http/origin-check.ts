import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error';
import { API_PREFIX } from './auth';

export const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

type Headers = Record<string, string | string[] | undefined>;

const single = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * Whether a state-changing request comes from our own pages. Browsers say so in
 * Sec-Fetch-Site (`same-origin`; `none` is a request the user made directly); older browsers
 * send only Origin, which must then be ours. A request with neither is refused: every browser
 * in use sends at least one of them on a POST, and other clients (scripts, curl) are asked to
 * send `Origin` explicitly.
 */
export function isSameOrigin(headers: Headers, ourOrigin: string): boolean {
  const fetchSite = single(headers['sec-fetch-site'])?.toLowerCase();
  if (fetchSite !== undefined) return fetchSite === 'same-origin' || fetchSite === 'none';
  const origin = single(headers.origin);
  if (origin === undefined) return false;
  return origin.toLowerCase() === ourOrigin.toLowerCase();
}

/**
 * CSRF defence in depth next to the SameSite=Lax cookie: POST/PUT/PATCH/DELETE under /api
 * must come from our origin (403 CROSS_ORIGIN otherwise). Routes that declare
 * `allowCrossOrigin` (the platform webhook, which authenticates itself) are exempt. Our origin
 * is PUBLIC_URL's, else the address we listen on: never the request's Host header, which the
 * sender chooses (a request naming `Host: evil.example` and `Origin: http://evil.example`
 * would otherwise count as our own).
 */
export function registerOriginCheck(app: FastifyInstance, publicBaseUrl: () => string) {
  app.addHook('onRequest', async (request) => {
    if (!STATE_CHANGING.has(request.method)) return;
    // The matched route's pattern, not the raw URL, so an encoded path cannot slip past.
    const url = request.routeOptions.url ?? request.url;
    if (url !== API_PREFIX && !url.startsWith(`${API_PREFIX}/`)) return;
    if (request.routeOptions.config.allowCrossOrigin === true) return;
    if (isSameOrigin(request.headers, new URL(publicBaseUrl()).origin)) return;
    throw new AppError(
      'CROSS_ORIGIN',
      'This request did not come from Switchboard’s own pages, so it was refused.',
    );
  });
}
