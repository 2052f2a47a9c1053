import type { FastifyInstance, RouteOptions } from 'fastify';
import {
  errorStatusOf,
  wireErrorSchema,
  type ErrorCode,
  type ErrorStatus,
} from '@switchboard/shared/errors';
import { API_PREFIX } from './auth';
import { STATE_CHANGING } from './origin-check';

/** Fastify's own refusals of a body (FST_ERR_CTP_BODY_TOO_LARGE, …_INVALID_MEDIA_TYPE). */
type FrameworkStatus = 413 | 415;

function responsesFor(statuses: (ErrorStatus | FrameworkStatus)[]) {
  return Object.fromEntries(statuses.map((status) => [status, wireErrorSchema])) as Partial<
    Record<ErrorStatus | FrameworkStatus, typeof wireErrorSchema>
  >;
}

/**
 * `response: {200: agentSchema, ...errorResponses('CONFLICT', 'PLATFORM_ERROR')}`: the failures a
 * route raises itself (a conflict, a platform refusal), declared under their codes' statuses. The
 * ones every route of its kind can answer are added by `registerErrorResponses`, so a route lists
 * only what is its own.
 */
export const errorResponses = (...codes: ErrorCode[]) => responsesFor(codes.map(errorStatusOf));

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
}): (ErrorStatus | FrameworkStatus)[] {
  const access = route.config?.access ?? 'public';
  const methods = ([] as string[]).concat(route.method);
  const codes: ErrorCode[] = ['VALIDATION_ERROR'];
  if (access !== 'public') codes.push('UNAUTHENTICATED');
  const crossOriginRefused =
    methods.some((method) => STATE_CHANGING.has(method)) && route.config?.allowCrossOrigin !== true;
  if (crossOriginRefused) codes.push('CROSS_ORIGIN');
  if (access === 'owner' || access === 'manager' || access === 'admin') codes.push('FORBIDDEN');
  if (route.url.includes(':')) codes.push('NOT_FOUND');
  const framework: FrameworkStatus[] = methods.some((method) => BODY_METHODS.has(method))
    ? [413, 415]
    : [];
  codes.push('INTERNAL_ERROR', 'SERVICE_UNAVAILABLE');
  return [...codes.map(errorStatusOf), ...framework];
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
    route.schema.response = { ...responsesFor(commonErrorStatuses(route)), ...response };
  });
}
