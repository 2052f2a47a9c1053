import { createHmac, randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Vapi } from '@vapi-ai/server-sdk';
import { DEFAULT_SERVER_MESSAGES } from '@switchboard/shared/platform';

// Outgoing server messages, as the platform sends them: POST {message:{type,…}} as JSON to a
// `Server`'s url, one attempt (the platform's default backoff plan retries nothing), its
// `timeoutSeconds` (default 20 s), authenticated only as that `Server` says: its static
// `headers`, and/or its `credentialId`'s webhook credential (a bearer or HMAC plan). A server
// with neither gets no authentication header at all — as on the platform.

/** The authentication plans of the document's CreateWebhookCredentialDTO that we emulate. */
export type WebhookAuthenticationPlan =
  | ({ type: 'bearer' } & Vapi.BearerAuthenticationPlan)
  | ({ type: 'hmac' } & Vapi.HmacAuthenticationPlan);

/** A webhook credential (`provider: webhook`) a `Server.credentialId` may name. */
export interface WebhookCredential {
  id: string;
  authenticationPlan: WebhookAuthenticationPlan;
}

/** Where a message goes: the document's `Server` (url required to send anything). */
export type ServerTarget = Vapi.Server;

export const WEBHOOK_TIMEOUT_MS = 20_000;

/**
 * Whether a call's assistant sends messages of `type` to its server: its `serverMessages`, else
 * the document's default. The document gives `serverMessages` to assistants (and their
 * overrides) only: a phone number's or the org's `server` receives what the assistant lists.
 */
export function sendsServerMessage(
  assistant: { serverMessages?: readonly string[] | undefined } | undefined,
  type: string,
): boolean {
  return (assistant?.serverMessages ?? DEFAULT_SERVER_MESSAGES).includes(type);
}

/** HMAC-SHA256, hex, of `${timestamp}.${rawBody}` (the platform's default HMAC payload format). */
export function hmacSignature(secret: string, timestamp: string, rawBody: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');
}

/** The headers a credential's plan adds to one request. */
export function credentialHeaders(
  plan: WebhookAuthenticationPlan,
  request: { url: string; rawBody: string },
  now: number = Date.now(),
): Record<string, string> {
  if (plan.type === 'bearer') {
    const value = plan.bearerPrefixEnabled === false ? plan.token : `Bearer ${plan.token}`;
    return { [(plan.headerName ?? 'authorization').toLowerCase()]: value };
  }
  const timestamp = String(now);
  const messageId = randomUUID();
  const includeTimestamp = plan.includeTimestamp !== false;
  const format = plan.payloadFormat ?? (includeTimestamp ? '{timestamp}.{body}' : '{body}');
  const payload = format
    .replaceAll('{timestamp}', timestamp)
    .replaceAll('{method}', 'POST')
    .replaceAll('{url}', request.url)
    .replaceAll('{svix-id}', messageId)
    .replaceAll('{body}', request.rawBody);
  const key = plan.secretIsBase64 ? Buffer.from(plan.secretKey, 'base64') : plan.secretKey;
  const signature = createHmac(plan.algorithm, key)
    .update(payload)
    .digest(plan.signatureEncoding ?? 'hex');
  return {
    [(plan.signatureHeader ?? 'x-signature').toLowerCase()]:
      `${plan.signaturePrefix ?? ''}${signature}`,
    ...(includeTimestamp
      ? { [(plan.timestampHeader ?? 'x-timestamp').toLowerCase()]: timestamp }
      : {}),
    ...(plan.messageIdHeader ? { [plan.messageIdHeader.toLowerCase()]: messageId } : {}),
  };
}

/**
 * Every authentication header of one request to `server`: the credential's, then the static
 * `headers` (the document: an Authorization header there overrides the credential's).
 */
export function serverAuthHeaders(
  server: ServerTarget,
  credential: WebhookCredential | undefined,
  rawBody: string,
  now: number = Date.now(),
): Record<string, string> {
  const headers: Record<string, string> = credential
    ? credentialHeaders(credential.authenticationPlan, { url: server.url ?? '', rawBody }, now)
    : {};
  for (const [name, value] of Object.entries(server.headers ?? {})) {
    if (value === undefined || value === null) continue;
    headers[name.toLowerCase()] = typeof value === 'string' ? value : JSON.stringify(value);
  }
  return headers;
}

export interface DeliveryResult {
  ok: boolean;
  status?: number;
  /** The parsed JSON reply (or its text when it is not JSON). */
  body?: unknown;
  error?: string;
}

export interface WebhookSenderOptions {
  /** The webhook credential a `Server.credentialId` names, if it exists. */
  credential: (id: string) => WebhookCredential | undefined;
  log: FastifyBaseLogger;
  /** Aborts deliveries in flight when the sandbox closes. */
  signal: AbortSignal;
  timeoutMs?: number;
}

export class WebhookSender {
  constructor(private readonly options: WebhookSenderOptions) {}

  async send(
    server: ServerTarget,
    message: { type: string } & Record<string, unknown>,
  ): Promise<DeliveryResult> {
    const url = server.url;
    if (!url) return { ok: false, error: 'no server url' };
    const rawBody = JSON.stringify({ message });
    const credential = server.credentialId
      ? this.options.credential(server.credentialId)
      : undefined;
    if (server.credentialId && !credential) {
      // The platform cannot sign or authenticate it: it does not go out unauthenticated.
      this.options.log.warn(
        { url, type: message.type, credentialId: server.credentialId },
        'server credential not found: message not sent',
      );
      return { ok: false, error: 'server credential not found' };
    }
    // The server's backoffPlan (the document's BackoffPlan): a failed delivery (no answer, or
    // an error status not in excludedStatusCodes) is tried again up to maxRetries times, after
    // baseDelaySeconds (fixed) or baseDelaySeconds × 2^n (exponential). Default: no retries.
    const plan = server.backoffPlan;
    const retries = Math.max(0, Math.min(10, Math.floor(plan?.maxRetries ?? 0)));
    const excluded = new Set((plan?.excludedStatusCodes ?? []).map(Number));
    for (let attempt = 0; ; attempt += 1) {
      const result = await this.deliver({ ...server, url }, message, rawBody, credential);
      const retry =
        !result.ok &&
        attempt < retries &&
        !this.options.signal.aborted &&
        (result.status === undefined || !excluded.has(result.status));
      if (!retry) return result;
      const baseMs = Math.max(0, plan?.baseDelaySeconds ?? 0) * 1000;
      const exponential = (plan?.type as unknown) === 'exponential';
      try {
        await sleep(exponential ? baseMs * 2 ** attempt : baseMs, undefined, {
          signal: this.options.signal,
        });
      } catch {
        return result;
      }
    }
  }

  /** One attempt: the message POSTed once, signed afresh. */
  private async deliver(
    server: ServerTarget & { url: string },
    message: { type: string } & Record<string, unknown>,
    rawBody: string,
    credential: WebhookCredential | undefined,
  ): Promise<DeliveryResult> {
    const url = server.url;
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'switchboard-sandbox-platform',
      ...serverAuthHeaders(server, credential, rawBody),
    };
    const timeoutMs =
      server.timeoutSeconds !== undefined
        ? server.timeoutSeconds * 1000
        : (this.options.timeoutMs ?? WEBHOOK_TIMEOUT_MS);
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers,
        body: rawBody,
        signal: AbortSignal.any([AbortSignal.timeout(timeoutMs), this.options.signal]),
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
