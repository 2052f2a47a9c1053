import zlib from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { noChangeNotices, type ChangeNotices } from '../db/change-notices';
import { HeldCopies } from '../db/held-copies';
import { COMPRESSION_THRESHOLD_BYTES } from './compression';

/**
 * What a cached answer about an agent or a business is valid for (decision 073): the zone its
 * days and times are in, the version of the business's calls and the version of what every
 * answer reads besides the calls (agents, squads, zones). Both versions change in the
 * transaction of the write (migration 0034's triggers), so a stamp read before the answer's own
 * queries names data at least as old as what they see.
 */
export type AnswerStamp = { timeZone: string; stamp: string };

/** Stamps held in process (decision 081), each tagged with the version scope it reads. */
export type HeldStamps = HeldCopies<AnswerStamp & { scope: string }>;

/**
 * A finished answer: its JSON as sent, and its brotli and gzip copies once a client asked for
 * them. `stamp` is what the answer was computed under (the data versions and the time zone);
 * the entry answers only a request that reads the same stamp.
 */
export type Answer = {
  readonly stamp: string;
  readonly json: string;
  br?: Buffer;
  gzip?: Buffer;
  bytes: number;
  /** Whether the cache still holds it (its compressed copies then count in the cache's bytes). */
  held: boolean;
};

/** An answer sent as it is, never kept (the operator's log across businesses). */
export const uncachedAnswer = (json: string): Answer => ({
  stamp: '',
  json,
  bytes: 0,
  held: false,
});

/** The compression plugin's brotli setting (@fastify/compress's default: text mode, quality 4). */
const BROTLI_OPTIONS: zlib.BrotliOptions = {
  params: {
    [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    [zlib.constants.BROTLI_PARAM_QUALITY]: 4,
  },
};

/** Stamps held at most: one an agent or business asked about. */
const HELD_STAMPS = 20_000;

/** 16 MB of answers: ~4,000 analytics answers of 90 days, ~2,000 call-log pages. */
export const ANSWER_CACHE_BYTES = 16 * 1024 * 1024;

/**
 * Finished answers of the hot reads (the analytics and the call log's pages), in this process,
 * least recently used first out once their bytes pass `maxBytes` (decision 073). A key names
 * the business (or the operator) asking, the route and the whole query; the entry's stamp names
 * the data versions it was computed under, so a write anywhere in the fleet (which changes the
 * version in its own transaction) makes the next request recompute.
 */
export class AnswerCache {
  private readonly entries = new Map<string, Answer>();
  private bytes = 0;
  /**
   * The stamps themselves, held in process while the versions' change notices are heard
   * (decision 081): a hit then reads nothing from the database.
   */
  readonly stamps: HeldStamps;

  constructor(
    readonly maxBytes = ANSWER_CACHE_BYTES,
    notices: ChangeNotices = noChangeNotices,
  ) {
    this.stamps = new HeldCopies(notices, HELD_STAMPS);
    notices.on('answer_versions', (scope) => this.stamps.forget(scope));
  }

  /** The answer under `key` when it was computed under `stamp`. */
  get(key: string, stamp: string): Answer | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.stamp !== stamp) return undefined;
    // Most recently used last.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  /** Keeps `json` under `key` as computed under `stamp`; returns the entry to send. */
  set(key: string, stamp: string, json: string): Answer {
    const entry: Answer = {
      stamp,
      json,
      bytes: key.length + Buffer.byteLength(json),
      held: false,
    };
    this.drop(key);
    if (entry.bytes > this.maxBytes) return entry;
    entry.held = true;
    this.entries.set(key, entry);
    this.bytes += entry.bytes;
    this.evict();
    return entry;
  }

  /** The answer's compressed copy for `encoding`, made once and counted in the cache's bytes. */
  compressed(entry: Answer, encoding: 'br' | 'gzip'): Buffer {
    const known = entry[encoding];
    if (known) return known;
    const made =
      encoding === 'br'
        ? zlib.brotliCompressSync(entry.json, BROTLI_OPTIONS)
        : zlib.gzipSync(entry.json);
    entry[encoding] = made;
    entry.bytes += made.length;
    if (entry.held) {
      this.bytes += made.length;
      this.evict();
    }
    return made;
  }

  get size(): number {
    return this.entries.size;
  }

  get usedBytes(): number {
    return this.bytes;
  }

  private drop(key: string) {
    const old = this.entries.get(key);
    if (!old) return;
    this.entries.delete(key);
    old.held = false;
    this.bytes -= old.bytes;
  }

  private evict() {
    for (const key of this.entries.keys()) {
      if (this.bytes <= this.maxBytes) return;
      this.drop(key);
    }
  }
}

/** The encoding to send an answer in: brotli, else gzip, as the client accepts (q=0 refuses). */
export function acceptedEncoding(header: string | string[] | undefined): 'br' | 'gzip' | null {
  if (!header) return null;
  const value = Array.isArray(header) ? header.join(',') : header;
  let br = false;
  let gzip = false;
  for (const part of value.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q !== undefined && !(Number(q.slice(2)) > 0)) continue;
    if (name === 'br') br = true;
    else if (name === 'gzip') gzip = true;
    else if (name === '*') br = gzip = true;
  }
  return br ? 'br' : gzip ? 'gzip' : null;
}

/**
 * Sends a finished answer as JSON without validating or serialising it again (it was made from
 * the typed answer by JSON.stringify), compressed as the compression plugin would (above 1 KB,
 * brotli or gzip) but from the cached copy.
 */
export function sendAnswer(
  cache: AnswerCache,
  request: FastifyRequest,
  reply: FastifyReply,
  entry: Answer,
): FastifyReply {
  reply.header('content-type', 'application/json; charset=utf-8');
  const encoding =
    entry.json.length >= COMPRESSION_THRESHOLD_BYTES
      ? acceptedEncoding(request.headers['accept-encoding'])
      : null;
  if (!encoding) return reply.send(entry.json);
  const body = cache.compressed(entry, encoding);
  return reply
    .header('vary', 'accept-encoding')
    .header('content-encoding', encoding)
    .header('content-length', body.length)
    .send(body);
}

/**
 * A route handler that sends the answer `build` makes for the request (sendAnswer), from one
 * cache: for the routes whose whole work is a finished answer.
 */
export const answerHandler =
  (cache: AnswerCache) =>
  <R extends FastifyRequest>(build: (request: R) => Promise<Answer>) =>
  async (request: R, reply: FastifyReply) =>
    sendAnswer(cache, request, reply, await build(request));
