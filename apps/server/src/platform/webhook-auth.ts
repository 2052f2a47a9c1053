import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../config';

export type WebhookAuthConfig = {
  mode: Config['platform']['webhook']['auth'];
  secret: string;
  /** For mode secret-header. */
  secretHeader: string;
};

/** HMAC signatures older than this are refused, so a captured request cannot be replayed later. */
export const HMAC_MAX_AGE_MS = 5 * 60_000;
export const HMAC_SIGNATURE_HEADER = 'x-signature';
export const HMAC_TIMESTAMP_HEADER = 'x-timestamp';

type Headers = Record<string, string | string[] | undefined>;

function header(headers: Headers, name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}

/** Equal-time comparison of two strings of any length (their digests have equal length). */
function safeEqual(a: string, b: string): boolean {
  const da = createHash('sha256').update(a).digest();
  const db = createHash('sha256').update(b).digest();
  return timingSafeEqual(da, db) && a.length === b.length;
}

export function hmacSignature(secret: string, timestamp: string, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
}

/**
 * Checks that a webhook really comes from the platform, in the way this deployment is set up:
 * the raw secret in a header (default `x-vapi-secret`), `Authorization: Bearer <secret>`, or an
 * HMAC-SHA256 of `{timestamp}.{body}` in `x-signature` with the time in `x-timestamp`.
 * Returns null when it passes, otherwise why it failed (for the log, not for the caller).
 */
export function checkWebhookAuth(
  auth: WebhookAuthConfig,
  headers: Headers,
  rawBody: string,
  now = Date.now(),
): string | null {
  switch (auth.mode) {
    case 'secret-header': {
      const given = header(headers, auth.secretHeader);
      if (!given) return `missing ${auth.secretHeader} header`;
      return safeEqual(given, auth.secret) ? null : `wrong ${auth.secretHeader}`;
    }
    case 'bearer': {
      const given = header(headers, 'authorization');
      const match = given ? /^Bearer\s+(.+)$/i.exec(given) : null;
      if (!match?.[1]) return 'missing bearer token';
      return safeEqual(match[1].trim(), auth.secret) ? null : 'wrong bearer token';
    }
    case 'hmac': {
      const signature = header(headers, HMAC_SIGNATURE_HEADER)?.replace(/^sha256=/i, '');
      const timestamp = header(headers, HMAC_TIMESTAMP_HEADER);
      if (!signature || !timestamp) return 'missing signature or timestamp';
      const value = Number(timestamp);
      if (!Number.isFinite(value)) return 'bad timestamp';
      // Epoch milliseconds, or seconds from senders that use them.
      const sentAt = value < 1e12 ? value * 1000 : value;
      if (Math.abs(now - sentAt) > HMAC_MAX_AGE_MS) return 'timestamp too old or in the future';
      return safeEqual(signature.toLowerCase(), hmacSignature(auth.secret, timestamp, rawBody))
        ? null
        : 'bad signature';
    }
  }
}
