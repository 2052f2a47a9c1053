import type { FastifyInstance, RouteOptions } from 'fastify';
import { wireErrorSchema } from '@switchboard/shared/errors';
import { API_PREFIX } from './auth';
import { STATE_CHANGING } from './origin-check';

/** The statuses the error handler answers with the wire error shape. */
export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 502 | 503;

/**
 * `response: {200: agentSchema, ...errorResponses(409, 422)}`: the failures a route raises itself
 * (a conflict, a platform refusal). The ones every route of its kind can answer are added by
 * `registerErrorResponses`, so a route lists only what is its own.
 */
export function errorResponses(...statuses: ErrorStatus[]) {
  return Object.fromEntries(statuses.map((status) => [status, wireErrorSchema])) as Partial<
    Record<ErrorStatus, typeof wireErrorSchema>
  >;
}

/**
 * The methods whose requests Fastify reads a body for: a body over the limit is refused with 413
 * (FST_ERR_CTP_BODY_TOO_LARGE) and one of a content type no parser takes with 415
 * (FST_ERR_CTP_INVALID_MEDIA_TYPE) before any handler runs, on every such route. They are the
 * state-changing methods of the origin check.
 */
const BODY_METHODS = STATE_CHANGING;

/**
 * What any route can answer by its declaration alone (access, method, path parameters). What a
 * handler or the services it calls raise (a conflict, a rate limit, a platform failure) the
 * route declares itself with `errorResponses`.
 */
export function commonErrorStatuses(route: {
  method: string | string[];
  url: string;
  config?: { access?: string; allowCrossOrigin?: boolean };
}): ErrorStatus[] {
  const access = route.config?.access ?? 'public';
  const methods = ([] as string[]).concat(route.method);
  const statuses: ErrorStatus[] = [400];
  if (access !== 'public') statuses.push(401);
  const crossOriginRefused =
    methods.some((method) => STATE_CHANGING.has(method)) && route.config?.allowCrossOrigin !== true;
  if (access === 'owner' || access === 'manager' || access === 'admin' || crossOriginRefused) {
    statuses.push(403);
  }
  if (route.url.includes(':')) statuses.push(404);
  if (methods.some((method) => BODY_METHODS.has(method))) statuses.push(413, 415);
  statuses.push(500, 503);
  return statuses;
}

/**
 * Every /api route that declares its responses also declares the errors it can answer, so the
 * OpenAPI document shows them and the serializer checks them against the one wire schema. A
 * status the route already declares (the health check's own 503) is left as it is. Routes
 * without response schemas (streams, the web call proxy passing the platform's answer on) are
 * left alone: their bodies are not ours to check.
 */
export function registerErrorResponses(app: FastifyInstance) {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.url !== API_PREFIX && !route.url.startsWith(`${API_PREFIX}/`)) return;
    const response = route.schema?.response as Record<string, unknown> | undefined;
    if (!route.schema || !response) return;
    route.schema.response = { ...errorResponses(...commonErrorStatuses(route)), ...response };
  });
}
