import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { Transform, type Readable } from 'node:stream';
import ipaddr from 'ipaddr.js';
import { AppError } from '../lib/app-error';
import { isPublicAddress } from '../lib/local-address';

/**
 * Fetching a call's recording for the browser. The URL comes from a call's payload, which
 * arrives by webhook or sync: it must not make this server a proxy to anything else (a service
 * on another loopback port, the cloud's metadata address, an intranet host) nor serve a page
 * or a script from our origin. So a recording is fetched only from the platform's recording
 * hosts, its every redirect is checked the same way, and the answer is passed on as audio or
 * as bytes, never as something a browser would render or run.
 */

/** Where recordings may come from. */
export type RecordingHosts =
  /** The in-process sandbox platform: its own origin (loopback), nothing else. */
  | { kind: 'sandbox'; origin: string }
  /**
   * A real platform: HTTPS on these host names (`*.example.com` admits sub-domains), and the
   * platform API's own origin (VAPI_BASE_URL: the operator chose it and our key goes there
   * already), whose presigned recording links may point back at it.
   */
  | { kind: 'live'; hosts: string[]; origins?: string[] };

export type RecordingLimits = { timeoutMs: number; maxBytes: number; maxRedirects: number };

export const RECORDING_LIMITS: RecordingLimits = {
  /** Connect, and each wait for bytes (headers, then the body): longer is a dead upstream. */
  timeoutMs: 30_000,
  /** Above any call's recording (an hour of 48 kHz 16-bit stereo WAV is ~690 MB). */
  maxBytes: 1024 * 1024 * 1024,
  maxRedirects: 3,
};

export type ResolvedAddress = { address: string; family: number };
/** Name → addresses; dns.lookup in production, a fake in tests. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: Resolver = (hostname) =>
  dns.promises.lookup(hostname, { all: true, verbatim: true });

function normalHost(hostname: string): string {
  return hostname.toLowerCase().replace(/\.$/, '');
}

/** Exact names, or `*.suffix` for any name under suffix (not suffix itself). */
export function isAllowedHost(hostname: string, hosts: readonly string[]): boolean {
  const host = normalHost(hostname);
  return hosts.some((entry) => {
    const allowed = normalHost(entry);
    return allowed.startsWith('*.') ? host.endsWith(allowed.slice(1)) : host === allowed;
  });
}

const NOT_A_RECORDING_HOST =
  "The recording's address is not one of the voice platform's recording hosts, so it was not fetched.";

/**
 * Where a URL may be fetched from, or why not. Live mode resolves the name and answers the
 * addresses to connect to (all public); the request then connects only to those, so a name
 * that resolves differently a moment later (DNS rebinding) gains nothing.
 */
export async function checkRecordingUrl(
  url: URL,
  allowed: RecordingHosts,
  resolve: Resolver = systemResolver,
): Promise<{ ok: true; addresses: ResolvedAddress[] | null } | { ok: false; reason: string }> {
  if (url.username || url.password) return { ok: false, reason: NOT_A_RECORDING_HOST };
  if (allowed.kind === 'sandbox') {
    return url.origin === new URL(allowed.origin).origin
      ? { ok: true, addresses: null }
      : { ok: false, reason: NOT_A_RECORDING_HOST };
  }
  if (allowed.origins?.includes(url.origin)) return { ok: true, addresses: null };
  // The platform's storage is HTTPS on the default port; anything else is not it.
  if (url.protocol !== 'https:' || url.port !== '') {
    return { ok: false, reason: NOT_A_RECORDING_HOST };
  }
  // WHATWG URL parsing has already turned 2130706433, 0x7f.1 and the like into dotted IPv4.
  const hostname = url.hostname.replace(/^\[|\]$/g, '');
  if (!isAllowedHost(hostname, allowed.hosts)) return { ok: false, reason: NOT_A_RECORDING_HOST };
  const addresses = await publicAddressesOf(hostname, resolve);
  if (addresses === 'unresolvable') {
    return { ok: false, reason: `The recording's host ${hostname} could not be resolved.` };
  }
  if (addresses === 'private') {
    return {
      ok: false,
      reason: `The recording's host ${hostname} resolves to a private or local address, so it was not fetched.`,
    };
  }
  return { ok: true, addresses };
}

/**
 * The addresses this server may connect to for `hostname` (brackets already taken off an IPv6
 * literal): the literal itself, or what the name resolves to, when every one is public.
 * 'unresolvable': no answer (or an empty one); 'private': any answer private or local. Every
 * outbound request to an address from outside (recordings, webhooks, push) checks it here and
 * connects only to these addresses (`pinnedLookup`).
 */
export async function publicAddressesOf(
  hostname: string,
  resolve: Resolver = systemResolver,
): Promise<ResolvedAddress[] | 'unresolvable' | 'private'> {
  let addresses: ResolvedAddress[];
  if (ipaddr.isValid(hostname)) {
    addresses = [{ address: hostname, family: hostname.includes(':') ? 6 : 4 }];
  } else {
    try {
      addresses = await resolve(hostname);
    } catch {
      return 'unresolvable';
    }
  }
  if (addresses.length === 0) return 'unresolvable';
  return addresses.every((entry) => isPublicAddress(entry.address)) ? addresses : 'private';
}

/** A lookup that answers only the addresses already checked. */
export function pinnedLookup(addresses: ResolvedAddress[]): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) {
      callback(null, addresses);
      return;
    }
    const first = addresses[0]!;
    callback(null, first.address, first.family);
  };
}

export type RecordingAnswer = {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Readable;
};

/** A recording that could not be fetched; `upstreamStatus` is the storage's refusal, if any. */
export class RecordingFetchError extends AppError {
  constructor(
    message: string,
    readonly upstreamStatus?: number,
  ) {
    super('PLATFORM_ERROR', message);
  }
}

/**
 * Storage's 416: the browser asked for bytes past the recording's end. Passed on as 416 with
 * storage's `Content-Range: bytes *\/size` (the player learns the size from it), never as a
 * failure of the platform.
 */
export function rangeNotSatisfiable(response: http.IncomingMessage): AppError {
  const contentRange = response.headers['content-range'];
  return new AppError(
    'RANGE_NOT_SATISFIABLE',
    'The requested range is outside the recording.',
    undefined,
    typeof contentRange === 'string' && /^bytes \*\/\d+$/.test(contentRange)
      ? { headers: { 'content-range': contentRange } }
      : {},
  );
}

const fetchFailed = (detail = '', upstreamStatus?: number) =>
  new RecordingFetchError(
    `The recording could not be fetched from the voice platform${detail}.`,
    upstreamStatus,
  );

/** One GET, no redirects followed; `lookup` pins the addresses already checked. */
export function requestOnce(
  url: URL,
  headers: Record<string, string>,
  lookup: LookupFunction | undefined,
  timeoutMs: number,
): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.request(url, {
      method: 'GET',
      headers,
      agent: false,
      ...(lookup ? { lookup } : {}),
    });
    // No bytes for this long, at any stage, ends it; and the headers must come within it too.
    request.setTimeout(timeoutMs, () => request.destroy(new Error('timed out')));
    const deadline = setTimeout(() => request.destroy(new Error('timed out')), timeoutMs);
    request.on('response', (response) => {
      clearTimeout(deadline);
      resolve(response);
    });
    request.on('error', (error) => {
      clearTimeout(deadline);
      reject(error);
    });
    request.end();
  });
}

/** Passes bytes on until there are more than `maxBytes`, then fails the stream. */
function capBytes(maxBytes: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > maxBytes) callback(new Error(`recording larger than ${maxBytes} bytes`));
      else callback(null, chunk);
    },
  });
}

/**
 * GETs a recording (with the browser's Range, so the player can seek) from an allowed host,
 * following at most a few redirects that stay on allowed hosts. Answers the upstream's status
 * (200 or 206), headers and a size-capped body. A range past the end is storage's 416, passed on
 * (`rangeNotSatisfiable`); any other refusal or failure is a 502 AppError whose message says
 * why, and nothing of a refused answer is passed on.
 */
export async function fetchRecording(
  source: string,
  options: {
    allowed: RecordingHosts;
    range?: string | undefined;
    resolve?: Resolver;
    limits?: Partial<RecordingLimits>;
  },
): Promise<RecordingAnswer> {
  const limits = { ...RECORDING_LIMITS, ...options.limits };
  let url: URL;
  try {
    url = new URL(source);
  } catch {
    throw new RecordingFetchError(NOT_A_RECORDING_HOST);
  }
  const headers: Record<string, string> = options.range ? { range: options.range } : {};
  for (let hop = 0; ; hop += 1) {
    const check = await checkRecordingUrl(url, options.allowed, options.resolve);
    if (!check.ok) {
      throw new RecordingFetchError(
        hop === 0 ? check.reason : `The recording redirected elsewhere: ${check.reason}`,
      );
    }
    let response: http.IncomingMessage;
    try {
      response = await requestOnce(
        url,
        headers,
        check.addresses ? pinnedLookup(check.addresses) : undefined,
        limits.timeoutMs,
      );
    } catch {
      throw fetchFailed();
    }
    const status = response.statusCode ?? 502;
    const location = response.headers.location;
    if (status >= 300 && status < 400 && location) {
      response.destroy();
      if (hop >= limits.maxRedirects) throw fetchFailed(' (too many redirects)');
      try {
        url = new URL(location, url);
      } catch {
        throw fetchFailed(' (a bad redirect)');
      }
      continue;
    }
    if (status === 416 && options.range) {
      response.destroy();
      throw rangeNotSatisfiable(response);
    }
    if (status !== 200 && status !== 206) {
      response.destroy();
      throw fetchFailed(` (status ${status})`, status);
    }
    return passOn(response, limits.maxBytes);
  }
}

/** A 200/206 answer as a size-capped stream (refused outright when it says it is larger). */
export function passOn(response: http.IncomingMessage, maxBytes: number): RecordingAnswer {
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.destroy();
    throw fetchFailed(' (the recording is too large)');
  }
  const body = response.pipe(capBytes(maxBytes));
  response.on('error', (error) => body.destroy(error));
  body.on('close', () => response.destroy());
  return { status: response.statusCode ?? 200, headers: response.headers, body };
}

/** The audio types a recording is answered as; anything else is plain bytes. */
const AUDIO_TYPES: Record<string, string> = {
  'audio/wav': 'wav',
  'audio/x-wav': 'wav',
  'audio/wave': 'wav',
  'audio/mpeg': 'mp3',
  'audio/ogg': 'ogg',
  'audio/webm': 'webm',
  'audio/mp4': 'm4a',
};

/** Upstream headers the player needs to play and seek. */
const PASSED_HEADERS = [
  'content-length',
  'content-range',
  'accept-ranges',
  'etag',
  'last-modified',
];

/**
 * The headers we answer a recording with. The type is the upstream's only when it is audio
 * (`application/octet-stream` otherwise), never sniffed, and the answer is sandboxed with no
 * sources at all: opened directly, even a disguised page renders nothing and runs nothing.
 */
export function recordingResponseHeaders(
  upstream: http.IncomingHttpHeaders,
  callId: string,
): Record<string, string> {
  const essence = String(upstream['content-type'] ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase();
  const extension = AUDIO_TYPES[essence];
  const headers: Record<string, string> = {};
  for (const name of PASSED_HEADERS) {
    const value = upstream[name];
    if (typeof value === 'string') headers[name] = value;
  }
  const safeId = callId.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 100);
  return {
    ...headers,
    'content-type': extension ? essence : 'application/octet-stream',
    'x-content-type-options': 'nosniff',
    'content-disposition': `inline; filename="recording-${safeId}.${extension ?? 'bin'}"`,
    'content-security-policy': "sandbox; default-src 'none'",
    'cache-control': 'private, max-age=3600',
  };
}
