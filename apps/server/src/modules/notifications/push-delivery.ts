import http from 'node:http';
import https from 'node:https';
import { notificationMessages } from '@switchboard/shared/notifications';
import webPush from 'web-push';
import { localUrlProblem } from '../../lib/local-address';
import {
  pinnedLookup,
  publicAddressesOf,
  systemResolver,
  type ResolvedAddress,
  type Resolver,
} from '../../platform/recording-fetch';

/**
 * Where pushes may go. `live` (a real platform key): only https push services on public
 * addresses, the name resolved and the connection pinned to the checked addresses (the
 * endpoint comes from a browser, so it must not make this server reach anything private —
 * decision 054). `local` (the sandbox, offline): any http(s) address, so a push can be
 * delivered to a receiver on this machine, as the e2e test does.
 */
export type PushReach = 'live' | 'local';

export type VapidKeys = { publicKey: string; privateKey: string; subject: string };

export type PushSubscriptionKeys = { endpoint: string; p256dh: string; auth: string };

export type PushOutcome =
  | { ok: true; status: number }
  | { ok: false; gone: boolean; reason: string; status?: number };

const TIMEOUT_MS = 10_000;
/** How long the push service keeps a message for a browser that is offline. */
const TTL_SECONDS = 24 * 3600;

/** The endpoint as text, checked when a browser registers it (no DNS: the answer is 400 or ok). */
export function endpointProblem(endpoint: string, reach: PushReach): string | undefined {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return notificationMessages.endpointInvalid;
  }
  if (url.username || url.password) return notificationMessages.endpointInvalid;
  if (reach === 'local') {
    return url.protocol === 'https:' || url.protocol === 'http:'
      ? undefined
      : notificationMessages.endpointInvalid;
  }
  if (url.protocol !== 'https:') return notificationMessages.endpointNotHttps;
  if (localUrlProblem(url, { ports: 'web' })) return notificationMessages.endpointNotPublic;
  return undefined;
}

/** Live: the endpoint's addresses, every one public; local: no pinning. */
async function addressesFor(
  url: URL,
  reach: PushReach,
  resolve: Resolver,
): Promise<{ ok: true; addresses: ResolvedAddress[] | null } | { ok: false; reason: string }> {
  if (reach === 'local') return { ok: true, addresses: null };
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = await publicAddressesOf(hostname, resolve);
  if (addresses === 'private') {
    return { ok: false, reason: `the push service ${hostname} resolves to a private address` };
  }
  if (addresses === 'unresolvable') {
    return { ok: false, reason: `the push service ${hostname} could not be resolved` };
  }
  return { ok: true, addresses };
}

/**
 * Encrypts `payload` for the subscription (RFC 8291, aes128gcm) and signs the request with the
 * server's VAPID keys (RFC 8292) through the `web-push` library, then POSTs it to the push
 * service ourselves, so the address rules above hold. 404/410 mean the subscription is gone.
 */
export async function sendPush(
  subscription: PushSubscriptionKeys,
  payload: string,
  vapid: VapidKeys,
  reach: PushReach,
  resolve: Resolver = systemResolver,
): Promise<PushOutcome> {
  const problem = endpointProblem(subscription.endpoint, reach);
  if (problem) return { ok: false, gone: true, reason: problem };
  const url = new URL(subscription.endpoint);
  const checked = await addressesFor(url, reach, resolve);
  if (!checked.ok) return { ok: false, gone: false, reason: checked.reason };
  const details = webPush.generateRequestDetails(
    {
      endpoint: subscription.endpoint,
      keys: { p256dh: subscription.p256dh, auth: subscription.auth },
    },
    payload,
    {
      vapidDetails: vapid,
      TTL: TTL_SECONDS,
      contentEncoding: 'aes128gcm',
      urgency: 'normal',
    },
  );
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(details.headers)) headers[name] = String(value);
  try {
    const status = await post(url, headers, details.body, checked.addresses);
    if (status >= 200 && status < 300) return { ok: true, status };
    return {
      ok: false,
      gone: status === 404 || status === 410,
      reason: `the push service answered ${status}`,
      status,
    };
  } catch (error) {
    return { ok: false, gone: false, reason: error instanceof Error ? error.message : 'failed' };
  }
}

function post(
  url: URL,
  headers: Record<string, string>,
  body: Buffer,
  addresses: ResolvedAddress[] | null,
): Promise<number> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(url, {
      method: 'POST',
      headers: { ...headers, 'content-length': String(body.length) },
      agent: false,
      ...(addresses ? { lookup: pinnedLookup(addresses) } : {}),
    });
    request.setTimeout(TIMEOUT_MS, () => request.destroy(new Error('timed out')));
    request.on('response', (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', reject);
    request.end(body);
  });
}

/** A fresh VAPID key pair (base64url), made once per deployment. */
export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  return webPush.generateVAPIDKeys();
}
