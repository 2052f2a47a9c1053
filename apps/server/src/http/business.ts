import type { FastifyRequest } from 'fastify';
import { requireBusinessId, requireUser } from './auth';

/** The signed-in member's business as the business-scoped services take it. */
export type RequestBusiness = { id: string; country: string; timezone: string };

/**
 * The signed-in member's business (never one named in the request), with its country and time
 * zone. An administrator has no business of their own: requireBusinessId answers 403.
 */
export function businessOf(request: FastifyRequest): RequestBusiness {
  const id = requireBusinessId(request);
  const business = requireUser(request).business;
  return { id, country: business?.country ?? '', timezone: business?.timezone ?? 'UTC' };
}
