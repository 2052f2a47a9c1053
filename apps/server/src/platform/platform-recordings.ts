import type http from 'node:http';
import { AppError, notFound } from '../lib/app-error';
import { platformDownload } from './platform-api';
import {
  RECORDING_LIMITS,
  RecordingFetchError,
  fetchRecording,
  passOn,
  rangeNotSatisfiable,
  type RecordingAnswer,
  type RecordingHosts,
  type RecordingLimits,
  type Resolver,
} from './recording-fetch';

/**
 * A call's recording, for the browser to play through us. A call may carry a public recording
 * URL (its artifact's `recordingUrl`, `recording.mono.combinedUrl` …); when it carries none, or
 * that URL no longer works, the platform's authenticated download is asked:
 * `GET /call/{id}/mono-recording` with the private key, which answers the bytes (200) or a
 * redirect (302) to a short-lived presigned link on its storage. Such a link is kept only in
 * this process's memory until it expires (never in the call store, where it would read as a
 * permanent address), and is asked for again once it has expired or the storage refuses it.
 * The private key goes to the platform's API only, never to the storage a link points at.
 */

/** Answers from storage that mean "this link is no longer good": ask the platform again. */
const STALE_LINK_STATUSES = new Set([400, 401, 403, 404, 410]);
/** A link is not used in its last seconds: a long recording must finish loading within it. */
const EXPIRY_MARGIN_MS = 15_000;
/** How long a link is trusted when it does not say when it expires. */
const UNKNOWN_EXPIRY_MS = 60_000;
const MAX_LINKS = 1000;

function amzTime(value: string): number | null {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  return m ? Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!) : null;
}

/**
 * When a presigned link stops working, from its own query: S3 (`X-Amz-Date` + `X-Amz-Expires`),
 * Google Cloud Storage (`X-Goog-Date` + `X-Goog-Expires`), or an `Expires` Unix time (S3's and
 * GCS's older signatures, CloudFront). null when it says nothing (not a presigned link).
 */
export function presignedExpiry(link: string): number | null {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return null;
  }
  const q = url.searchParams;
  for (const prefix of ['X-Amz', 'X-Goog']) {
    const date = q.get(`${prefix}-Date`);
    const expires = q.get(`${prefix}-Expires`);
    if (date && expires && /^\d+$/.test(expires)) {
      const signedAt = amzTime(date);
      if (signedAt !== null) return signedAt + Number(expires) * 1000;
    }
  }
  const expires = q.get('Expires');
  return expires && /^\d+$/.test(expires) ? Number(expires) * 1000 : null;
}

export type RecordingRequest = {
  callId: string;
  /** The call's own recording URL, if it carries one. */
  publicUrl: string | null;
  /** The browser's Range header (the player seeks with it). */
  range?: string | undefined;
};

export type PlatformRecordingsOptions = {
  /** The platform API's base URL (VAPI_BASE_URL, or the sandbox's). */
  baseUrl: string;
  apiKey: string;
  /** Where recordings (public URLs and presigned links) may be fetched from. */
  allowed: RecordingHosts;
  resolve?: Resolver;
  limits?: Partial<RecordingLimits>;
  now?: () => number;
};

export class PlatformRecordings {
  private readonly links = new Map<string, { url: string; expiresAt: number }>();
  private readonly limits: RecordingLimits;
  private readonly now: () => number;

  constructor(private readonly options: PlatformRecordingsOptions) {
    this.limits = { ...RECORDING_LIMITS, ...options.limits };
    this.now = options.now ?? Date.now;
  }

  /** The recording as audio bytes: from its public URL, else the authenticated download. */
  async open(request: RecordingRequest): Promise<RecordingAnswer> {
    const { publicUrl } = request;
    if (!publicUrl || this.expired(publicUrl)) return this.download(request.callId, request.range);
    let refused: RecordingFetchError;
    try {
      return await this.fetchFrom(publicUrl, request.range);
    } catch (error) {
      // A stored URL that no longer works (a presigned one, expired) or that is not on a
      // recording host (never fetched): the platform's own download is the way to it.
      if (!(error instanceof RecordingFetchError)) throw error;
      refused = error;
    }
    try {
      return await this.download(request.callId, request.range);
    } catch (error) {
      // Neither way: say why the URL was not used, unless storage simply refused it.
      throw refused.upstreamStatus === undefined ? refused : error;
    }
  }

  /** How many links are held now (for tests and metrics). */
  get heldLinks(): number {
    return this.links.size;
  }

  private expired(link: string): boolean {
    const expiresAt = presignedExpiry(link);
    return expiresAt !== null && expiresAt - EXPIRY_MARGIN_MS <= this.now();
  }

  private fetchFrom(url: string, range: string | undefined): Promise<RecordingAnswer> {
    return fetchRecording(url, {
      allowed: this.options.allowed,
      range,
      limits: this.limits,
      ...(this.options.resolve ? { resolve: this.options.resolve } : {}),
    });
  }

  private async download(callId: string, range: string | undefined): Promise<RecordingAnswer> {
    const held = this.links.get(callId);
    if (held && held.expiresAt - EXPIRY_MARGIN_MS > this.now()) {
      try {
        return await this.fetchFrom(held.url, range);
      } catch (error) {
        if (!isStale(error)) throw error;
      }
    }
    this.links.delete(callId);
    const answer = await this.askPlatform(callId, range);
    if (answer.kind === 'bytes') return answer.recording;
    this.hold(callId, answer.url);
    try {
      return await this.fetchFrom(answer.url, range);
    } catch (error) {
      // A range past the end is the request's, not the link's: the link stays good.
      if (!(error instanceof AppError && error.statusCode === 416)) this.links.delete(callId);
      throw error;
    }
  }

  private hold(callId: string, url: string): void {
    const expiresAt = presignedExpiry(url) ?? this.now() + UNKNOWN_EXPIRY_MS;
    this.links.delete(callId);
    this.links.set(callId, { url, expiresAt });
    // Oldest first out: the map keeps insertion order.
    while (this.links.size > MAX_LINKS) this.links.delete(this.links.keys().next().value!);
  }

  /**
   * GET /call/{id}/mono-recording with the private key (the generated platform client,
   * platform-api.ts): a link to follow, or the bytes.
   */
  private async askPlatform(
    callId: string,
    range: string | undefined,
  ): Promise<{ kind: 'link'; url: string } | { kind: 'bytes'; recording: RecordingAnswer }> {
    let url: URL;
    let response: http.IncomingMessage;
    try {
      ({ url, response } = await platformDownload(
        { baseUrl: this.options.baseUrl, key: this.options.apiKey },
        '/call/{id}/mono-recording',
        { path: { id: callId }, headers: range ? { range } : {}, timeoutMs: this.limits.timeoutMs },
      ));
    } catch {
      throw new AppError(
        'PLATFORM_ERROR',
        'The voice platform could not be reached for the recording.',
      );
    }
    const status = response.statusCode ?? 502;
    const location = response.headers.location;
    if (status >= 300 && status < 400 && location) {
      response.destroy();
      try {
        return { kind: 'link', url: new URL(location, url).toString() };
      } catch {
        throw new AppError('PLATFORM_ERROR', 'The voice platform gave a bad recording link.');
      }
    }
    if (status === 200 || status === 206) {
      return { kind: 'bytes', recording: passOn(response, this.limits.maxBytes) };
    }
    response.destroy();
    if (status === 416 && range) throw rangeNotSatisfiable(response);
    if (status === 404) throw notFound('Recording');
    if (status === 401 || status === 403) {
      throw new AppError(
        'PLATFORM_ERROR',
        "The voice platform refused Switchboard's API key for the recording download.",
      );
    }
    throw new AppError(
      'PLATFORM_ERROR',
      `The voice platform could not give the recording (status ${status}).`,
    );
  }
}

function isStale(error: unknown): boolean {
  return (
    error instanceof RecordingFetchError &&
    error.upstreamStatus !== undefined &&
    STALE_LINK_STATUSES.has(error.upstreamStatus)
  );
}
