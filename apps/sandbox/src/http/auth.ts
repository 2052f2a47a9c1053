import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { INVALID_KEY_MESSAGE, PlatformError } from './errors';

function safeEqual(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** onRequest hook: `Authorization: Bearer <key>` must carry exactly this key. */
export function requireKey(key: string) {
  return async (request: FastifyRequest): Promise<void> => {
    const header = request.headers.authorization ?? '';
    const token = /^Bearer\s+(.+)$/i.exec(header)?.[1]?.trim();
    if (!token || !safeEqual(token, key)) throw new PlatformError(401, INVALID_KEY_MESSAGE);
  };
}
