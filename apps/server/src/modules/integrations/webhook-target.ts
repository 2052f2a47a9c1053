import http from 'node:http';
import https from 'node:https';
import { integrationMessages, WEBHOOK_TIMEOUT_SECONDS } from '@switchboard/shared/integrations';
import { localUrlProblem } from '../../lib/local-address';
import {
  pinnedLookup,
  publicAddressesOf,
  type ResolvedAddress,
  type Resolver,
} from '../../platform/recording-fetch';

/**
 * Where a business's webhooks may go, and the one POST that sends one. This server connects to
 * these addresses itself, so decision 054's first rule applies: with a live platform a URL must
 * be public HTTPS, its name is resolved and every address must be public, and the connection is
 * pinned to the addresses just checked (a name that resolves elsewhere a moment later — DNS
 * rebinding — gains nothing). Redirects are never followed: a receiver that answers 3xx has not
 * taken the event. With the sandbox platform (a local demo, no internet needed) any http(s)
 * address is accepted, so a receiver on this machine can be tried.
 */

export type TargetRules = {
  /** Live platform: public HTTPS only, resolved and pinned. Sandbox: any http(s) address. */
  publicOnly: boolean;
  resolve?: Resolver;
};

export type TargetCheck =
  | { ok: true; url: URL; addresses: ResolvedAddress[] | null }
  | { ok: false; reason: string };

/** The URL's problems as the owner should read them, or where to connect. */
export async function checkWebhookTarget(raw: string, rules: TargetRules): Promise<TargetCheck> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, reason: integrationMessages.urlInvalid };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { ok: false, reason: integrationMessages.urlInvalid };
  }
  if (url.username || url.password)
    return { ok: false, reason: integrationMessages.urlCredentials };
  if (!rules.publicOnly) return { ok: true, url, addresses: null };
  if (url.protocol !== 'https:') return { ok: false, reason: integrationMessages.urlNotHttps };
  // WHATWG parsing has already turned 2130706433, 0x7f.1, 0177.0.0.1 … into dotted IPv4.
  if (localUrlProblem(url, { ports: 'web' })) {
    return { ok: false, reason: integrationMessages.urlLocal };
  }
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = await publicAddressesOf(hostname, rules.resolve);
  if (addresses === 'unresolvable')
    return { ok: false, reason: integrationMessages.urlUnresolvable };
  if (addresses === 'private') return { ok: false, reason: integrationMessages.urlPrivateDns };
  return { ok: true, url, addresses };
}

export type SendOutcome = {
  ok: boolean;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
};

/** How much of a receiver's answer is read (then the connection is dropped). */
const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * One POST of a signed body to an endpoint, with nothing followed and a hard deadline for the
 * whole exchange (connect, headers, body). 2xx is delivered; anything else (3xx included), no
 * answer or a refused address is a failed attempt whose reason is put in words.
 */
export async function sendWebhook(
  rawUrl: string,
  body: string,
  headers: Record<string, string>,
  rules: TargetRules & { timeoutMs?: number },
): Promise<SendOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const check = await checkWebhookTarget(rawUrl, rules);
  if (!check.ok) {
    return {
      ok: false,
      statusCode: null,
      error: `Not sent: ${check.reason}`,
      durationMs: elapsed(),
    };
  }
  const timeoutMs = rules.timeoutMs ?? WEBHOOK_TIMEOUT_SECONDS * 1000;
  const { url, addresses } = check;
  return new Promise<SendOutcome>((resolve) => {
    let settled = false;
    const finish = (outcome: Omit<SendOutcome, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve({ ...outcome, durationMs: elapsed() });
    };
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(url, {
      method: 'POST',
      headers: {
        ...headers,
        'content-type': 'application/json',
        'content-length': String(Buffer.byteLength(body)),
        'user-agent': 'Switchboard-Webhooks/1',
      },
      agent: false,
      ...(addresses ? { lookup: pinnedLookup(addresses) } : {}),
    });
    const deadline = setTimeout(() => {
      request.destroy(new Error('timeout'));
      finish({
        ok: false,
        statusCode: null,
        error: `No answer within ${Math.round(timeoutMs / 1000)} s`,
      });
    }, timeoutMs);
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      let seen = 0;
      response.on('data', (chunk: Buffer) => {
        seen += chunk.length;
        if (seen > MAX_ANSWER_BYTES) response.destroy();
      });
      const done = () => {
        if (status >= 200 && status < 300) {
          finish({ ok: true, statusCode: status, error: null });
        } else if (status >= 300 && status < 400) {
          finish({
            ok: false,
            statusCode: status,
            error: 'The receiver answered with a redirect; redirects are not followed',
          });
        } else {
          finish({ ok: false, statusCode: status, error: `The receiver answered ${status}` });
        }
      };
      response.on('end', done);
      response.on('close', done);
      response.on('error', done);
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      finish({ ok: false, statusCode: null, error: connectionError(error) });
    });
    request.end(body);
  });
}

function connectionError(error: NodeJS.ErrnoException): string {
  switch (error.code) {
    case 'ECONNREFUSED':
      return 'The receiver refused the connection (is it running?)';
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return 'The receiver’s host name could not be found';
    case 'ECONNRESET':
      return 'The receiver closed the connection';
    default:
      if (error.code?.startsWith('ERR_TLS') || /certificate/i.test(error.message)) {
        return `The receiver’s HTTPS certificate was refused (${error.message})`;
      }
      return `Could not reach the receiver (${error.code ?? error.message})`;
  }
}
