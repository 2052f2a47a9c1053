import type { FastifyReply, FastifyRequest } from 'fastify';
import { enforceLimits } from './rate-limits';

/** A rate limit's window is said in minutes. */
export const MINUTE = 60_000;

/**
 * A route's preHandler: the request counts against every limiter; over any of them it is
 * answered 429 with the message (the wait filled in), before the handler runs.
 */
export const limitedBy =
  (limiters: Parameters<typeof enforceLimits>[2], message: (wait: string) => string) =>
  (request: FastifyRequest, reply: FastifyReply) =>
    enforceLimits(request, reply, limiters, message);
