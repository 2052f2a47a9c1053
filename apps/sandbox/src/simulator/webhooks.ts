import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';

// Outgoing server messages, as the platform sends them: POST {message:{type,…}} as JSON to the
// server URL, one attempt (the platform's default backoff plan retries nothing), 20 s timeout,
// authenticated the way the receiving product is configured to check.

export type WebhookAuth =
  | { mode: 'secret-header'; secret: string; headerName?: string | undefined }
  | { mode: 'bearer'; token: string }
  | {
      mode: 'hmac';
      secret: string;
      signatureHeader?: string | undefined;
      timestampHeader?: string | undefined;
    };

export const WEBHOOK_TIMEOUT_MS = 20_000;

/** HMAC-SHA256, hex, of `${timestamp}.${rawBody}` (the platform's default HMAC payload format). */
export function hmacSignature(secret: string, timestamp: string, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
}

export function authHeaders(
  auth: WebhookAuth | undefined,
  rawBody: string,
  now: number = Date.now(),
): Record<string, string> {
  if (!auth) return {};
  switch (auth.mode) {
    case 'secret-header':
      return { [(auth.headerName ?? 'x-vapi-secret').toLowerCase()]: auth.secret };
    case 'bearer':
      return { authorization: `Bearer ${auth.token}` };
    case 'hmac': {
      const timestamp = String(now);
      return {
        [(auth.signatureHeader ?? 'x-signature').toLowerCase()]: hmacSignature(
          auth.secret,
          timestamp,
          rawBody,
        ),
        [(auth.timestampHeader ?? 'x-timestamp').toLowerCase()]: timestamp,
      };
    }
  }
}

export interface DeliveryResult {
  ok: boolean;
  status?: number;
  /** The parsed JSON reply (or its text when it is not JSON). */
  body?: unknown;
  error?: string;
}

export interface WebhookSenderOptions {
  auth: () => WebhookAuth | undefined;
  log: FastifyBaseLogger;
  /** Aborts deliveries in flight when the sandbox closes. */
  signal: AbortSignal;
  timeoutMs?: number;
}

export class WebhookSender {
  constructor(private readonly options: WebhookSenderOptions) {}

  async send(
    url: string,
    message: { type: string } & Record<string, unknown>,
  ): Promise<DeliveryResult> {
    const rawBody = JSON.stringify({ message });
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'switchboard-sandbox-platform',
      ...authHeaders(this.options.auth(), rawBody),
    };
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers,
        body: rawBody,
        signal: AbortSignal.any([
          AbortSignal.timeout(this.options.timeoutMs ?? WEBHOOK_TIMEOUT_MS),
          this.options.signal,
        ]),
      });
      const text = await response.text();
      let body: unknown = text;
      try {
        body = text === '' ? undefined : JSON.parse(text);
      } catch {
        // not JSON: keep the text
      }
      if (!response.ok) {
        this.options.log.warn(
          { url, type: message.type, status: response.status },
          'webhook receiver answered with an error',
        );
      }
      return { ok: response.ok, status: response.status, body };
    } catch (error) {
      const reason =
        error instanceof Error
          ? error.cause instanceof Error
            ? error.cause.message
            : error.message
          : String(error);
      if (!this.options.signal.aborted) {
        this.options.log.warn(
          { url, type: message.type, error: reason },
          'webhook delivery failed',
        );
      }
      return { ok: false, error: reason };
    }
  }
}
