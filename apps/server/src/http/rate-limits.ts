import { createHash } from 'node:crypto';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import type { Config } from '../config';
import { AppError } from '../lib/app-error';

/**
 * Where every rate limit keeps its counters: one Redis shared by all instances (REDIS_URL), or
 * this process's memory (undefined), in which case each instance counts on its own.
 */
export type LimitStore = Redis | undefined;

/** REDIS_URL did not answer at start: main.ts prints this message and exits. */
export class RedisUnavailableError extends Error {
  constructor(reason: unknown) {
    super(
      `Could not connect to REDIS_URL: ${reason instanceof Error ? reason.message : String(reason)}`,
      { cause: reason },
    );
    this.name = 'RedisUnavailableError';
  }
}

/**
 * Connects to REDIS_URL at start, so a wrong address stops the boot instead of the first
 * sign-in. A command waits for at most one reconnection and then fails, and the request
 * answers 503 with Retry-After (`countedOnStore`): limits fail closed rather than let attempts
 * through uncounted.
 */
export async function openLimitStore(
  redis: Config['redis'],
  log: FastifyBaseLogger,
): Promise<{ store: LimitStore; close: () => Promise<void> }> {
  if (!redis) return { store: undefined, close: async () => {} };
  const client = new Redis(redis.url, {
    keyPrefix: redis.keyPrefix,
    lazyConnect: true,
    maxRetriesPerRequest: 1,
  });
  // ioredis reports connection trouble as events; without a listener they would go to stderr.
  let lastError: Error | undefined;
  client.on('error', (error: Error) => {
    lastError = error;
    log.warn({ err: error }, 'redis (rate limits): %s', error.message);
  });
  const close = async () => {
    if (client.status === 'end') return;
    await client.quit().catch(() => client.disconnect());
  };
  try {
    await client.connect();
  } catch (error) {
    client.disconnect();
    // connect() itself only says "Connection is closed."; the error event says why.
    const reason = lastError ?? error;
    throw new RedisUnavailableError(reason);
  }
  return { store: client, close };
}

/**
 * Runs a count on the limit store. When the store fails (Redis went away after the start) the
 * request cannot be counted, so it is refused as briefly unavailable (503 with Retry-After, as
 * for a lost database connection) rather than let through or answered 500.
 */
export async function countedOnStore<T>(count: () => Promise<T>): Promise<T> {
  try {
    return await count();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError(
      'SERVICE_UNAVAILABLE',
      'The service is briefly unavailable. Please try again in a few seconds.',
      undefined,
      { cause: error },
    );
  }
}

const MINUTE = 60_000;

/** "1 second", "40 seconds", "1 minute", "15 minutes": how long to wait, rounded up. */
export function waitText(ms: number): string {
  if (ms < MINUTE) {
    const seconds = Math.max(1, Math.ceil(ms / 1000));
    return seconds === 1 ? '1 second' : `${seconds} seconds`;
  }
  const minutes = Math.ceil(ms / MINUTE);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** 429 with Retry-After (whole seconds, rounded up) and a message saying how long to wait. */
export function refuseTooMany(
  reply: FastifyReply,
  waitMs: number,
  message: (wait: string) => string,
) {
  reply.header('retry-after', Math.max(1, Math.ceil(waitMs / 1000)));
  return new AppError('RATE_LIMITED', message(waitText(waitMs)));
}

/** A client address as the limits count it: IPv4 as is, IPv6 by its /64 (one subscriber). */
export const limitAddress = (request: FastifyRequest) => normalizeIP(request.ip);

type Limiter = (request: FastifyRequest) => Promise<
  | { isAllowed: true }
  | {
      isAllowed: false;
      isExceeded: boolean;
      ttl: number;
    }
>;

/**
 * Registers @fastify/rate-limit in a route module (off by default: limiters are applied where
 * a route asks for them) on the shared store.
 */
export async function registerRateLimits(app: FastifyInstance, store: LimitStore) {
  await app.register(rateLimit, {
    global: false,
    ...(store ? { redis: store, nameSpace: 'rate-limit:' } : {}),
  });
}

/**
 * A fixed-window limit per client address, counting every request. `name` keeps each limit's
 * counters apart (in Redis every limiter of the plugin shares one key space).
 */
export function perAddressLimit(
  app: FastifyInstance,
  name: string,
  limit: { max: number; timeWindow: number },
): Limiter {
  return app.createRateLimit({
    ...limit,
    keyGenerator: (request) => `${name}:${limitAddress(request)}`,
  });
}

/**
 * A fixed-window limit per something the request names (an account's user name or email),
 * counting every request. The key is hashed, so a client cannot make keys of any size, and it
 * is the name as given: an unknown account is limited exactly like a real one.
 */
export function perKeyLimit(
  app: FastifyInstance,
  name: string,
  limit: { max: number; timeWindow: number },
  keyOf: (request: FastifyRequest) => string,
): Limiter {
  return app.createRateLimit({
    ...limit,
    keyGenerator: (request) =>
      `${name}:${createHash('sha256').update(keyOf(request).toLowerCase()).digest('hex')}`,
  });
}

/** Counts this request against every limiter; over any of them → 429 with the longest wait. */
export async function enforceLimits(
  request: FastifyRequest,
  reply: FastifyReply,
  limiters: Limiter[],
  message: (wait: string) => string,
) {
  const results = await countedOnStore(() =>
    Promise.all(limiters.map((limiter) => limiter(request))),
  );
  let waitMs = 0;
  for (const result of results) {
    if (!result.isAllowed && result.isExceeded) waitMs = Math.max(waitMs, result.ttl);
  }
  if (waitMs > 0) throw refuseTooMany(reply, waitMs, message);
}
