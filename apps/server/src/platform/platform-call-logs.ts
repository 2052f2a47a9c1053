import type http from 'node:http';
import type { Readable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import { fetchFailedMessage } from '@switchboard/shared/fetch-errors';
import {
  PLATFORM_LOG_LEVELS,
  type PlatformLogEntry,
  type PlatformLogLevel,
  type PlatformLogs,
} from '@switchboard/shared/platform-logs';
import { AppError } from '../lib/app-error';
import { platformDownload } from './platform-api';
import {
  RecordingFetchError,
  fetchRecording,
  passOn,
  type RecordingHosts,
  type Resolver,
} from './recording-fetch';

/**
 * A call's platform logs. The platform's `GET /call/{id}/call-logs` (private key) answers the
 * file (200) or, as its document says, a 302 to a short-lived presigned link on its storage;
 * 404 when there is no file (the call has not ended, or its assistant turned logging off). The
 * official SDK wraps the route but types its answer `void` (it follows the redirect and reads
 * no body), so it is asked through the platform client generated from the document
 * (platform-api.ts, redirects not followed), with the recordings' rules for where a link may
 * point (recording-fetch.ts): only the platform's storage hosts, never anything else.
 *
 * The file's format is not in the document. Each line is read as the platform's call log line
 * (`CallLogPrivileged`: `time`, `level`, `log`), as JSON Lines or a JSON array, gzipped or not;
 * a line that is not JSON is kept as text at level LOG, so nothing of the file is hidden.
 */

/** More than this is not a call's log file (a long call logs a few MB). */
const MAX_LOG_BYTES = 32 * 1024 * 1024;
/** Lines kept for the browser; the rest is counted but not sent. */
export const MAX_LOG_ENTRIES = 5000;
const TIMEOUT_MS = 30_000;

const failed = (reason: string) =>
  new AppError('PLATFORM_ERROR', fetchFailedMessage('logs', reason));

export type PlatformCallLogsOptions = {
  /** The platform API's base URL (VAPI_BASE_URL, or the sandbox's). */
  baseUrl: string;
  apiKey: string;
  /** Where a presigned log link may point (the recording hosts). */
  allowed: RecordingHosts;
  resolve?: Resolver;
};

async function readAll(body: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  try {
    for await (const chunk of body) chunks.push(chunk as Buffer);
  } catch {
    throw failed(`the log file could not be read (more than ${MAX_LOG_BYTES / 1024 / 1024} MB?)`);
  }
  return Buffer.concat(chunks);
}

function decode(bytes: Buffer): string {
  // Storage may hand out the file gzipped without saying so in Content-Encoding.
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    try {
      return gunzipSync(bytes, { maxOutputLength: MAX_LOG_BYTES * 4 }).toString('utf8');
    } catch {
      throw failed('the log file is not readable (a broken gzip stream)');
    }
  }
  return bytes.toString('utf8');
}

export class PlatformCallLogs {
  constructor(private readonly options: PlatformCallLogsOptions) {}

  /** The call's log file as text, or null when the platform has none. */
  async download(callId: string): Promise<string | null> {
    let url: URL;
    let response: http.IncomingMessage;
    try {
      ({ url, response } = await platformDownload(
        { baseUrl: this.options.baseUrl, key: this.options.apiKey },
        '/call/{id}/call-logs',
        {
          path: { id: callId },
          headers: { accept: 'application/json, */*' },
          timeoutMs: TIMEOUT_MS,
        },
      ));
    } catch {
      throw failed('the voice platform could not be reached');
    }
    const status = response.statusCode ?? 502;
    const location = response.headers.location;
    if (status >= 300 && status < 400 && location) {
      response.destroy();
      let link: string;
      try {
        link = new URL(location, url).toString();
      } catch {
        throw failed('the voice platform gave a bad link to the log file');
      }
      try {
        const file = await fetchRecording(link, {
          allowed: this.options.allowed,
          limits: { maxBytes: MAX_LOG_BYTES, timeoutMs: TIMEOUT_MS },
          ...(this.options.resolve ? { resolve: this.options.resolve } : {}),
        });
        return decode(await readAll(file.body));
      } catch (error) {
        if (!(error instanceof RecordingFetchError)) throw error;
        throw failed(
          error.upstreamStatus === undefined
            ? "the log file's link is not on the voice platform's storage, so it was not fetched"
            : `the platform's storage refused the log file (status ${error.upstreamStatus})`,
        );
      }
    }
    if (status === 200) return decode(await readAll(passOn(response, MAX_LOG_BYTES).body));
    response.destroy();
    if (status === 404) return null;
    if (status === 401 || status === 403) {
      throw failed("the voice platform refused Switchboard's API key");
    }
    throw failed(`status ${status}`);
  }
}

const LEVEL_ALIASES: Record<string, PlatformLogLevel> = {
  WARNING: 'WARN',
  FATAL: 'ERROR',
  CRITICAL: 'ERROR',
  DEBUG: 'LOG',
  TRACE: 'LOG',
  VERBOSE: 'LOG',
};

/** The platform's level for a line's `level` (its own five; common other names mapped). */
export function normalizeLogLevel(value: unknown): PlatformLogLevel {
  if (typeof value === 'number') {
    // pino/bunyan numbers: 50+ error, 40 warn, 30 info, below: debug.
    return value >= 50 ? 'ERROR' : value >= 40 ? 'WARN' : value >= 30 ? 'INFO' : 'LOG';
  }
  if (typeof value !== 'string') return 'LOG';
  const upper = value.trim().toUpperCase();
  if ((PLATFORM_LOG_LEVELS as readonly string[]).includes(upper)) return upper as PlatformLogLevel;
  return LEVEL_ALIASES[upper] ?? 'LOG';
}

function timeOf(value: unknown): string | null {
  if (typeof value !== 'string' && typeof value !== 'number') return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

function entryOf(raw: unknown): PlatformLogEntry {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
    return {
      time: null,
      level: 'LOG',
      message: typeof raw === 'string' ? raw : JSON.stringify(raw),
    };
  }
  const line = raw as Record<string, unknown>;
  const text = [line.log, line.message, line.msg].find((value) => typeof value === 'string');
  return {
    time: timeOf(line.time ?? line.timestamp ?? line.ts),
    level: normalizeLogLevel(line.level),
    message: typeof text === 'string' ? text : JSON.stringify(line),
  };
}

/** The log file's lines: JSON Lines or a JSON array; text lines kept as they are. */
export function parseCallLogFile(text: string): PlatformLogEntry[] {
  const trimmed = text.trim();
  if (trimmed === '') return [];
  if (trimmed.startsWith('[')) {
    try {
      const parsed = JSON.parse(trimmed) as unknown;
      if (Array.isArray(parsed)) return parsed.map(entryOf);
    } catch {
      // Not one JSON array: read it line by line.
    }
  }
  return trimmed
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .map((line) => {
      try {
        return entryOf(JSON.parse(line) as unknown);
      } catch {
        return { time: null, level: 'LOG', message: line };
      }
    });
}

/** What the browser gets: the counts of the whole file, and the lines of the chosen levels. */
export function callLogsAnswer(
  callId: string,
  file: string | null,
  levels: readonly PlatformLogLevel[] | undefined,
): PlatformLogs {
  const all = file === null ? [] : parseCallLogFile(file);
  const counts = Object.fromEntries(PLATFORM_LOG_LEVELS.map((level) => [level, 0])) as Record<
    PlatformLogLevel,
    number
  >;
  for (const entry of all) counts[entry.level] += 1;
  const chosen = levels && levels.length > 0 ? new Set(levels) : null;
  const shown = chosen ? all.filter((entry) => chosen.has(entry.level)) : all;
  return {
    callId,
    available: file !== null,
    counts,
    total: all.length,
    truncated: shown.length > MAX_LOG_ENTRIES,
    entries: shown.slice(0, MAX_LOG_ENTRIES),
  };
}
