import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

// Short-lived links to a recording, as the platform's authenticated download hands out
// (`GET /call/{id}/mono-recording` → 302 to a presigned URL). The query carries the
// parameters of an S3 presigned URL (X-Amz-Date, X-Amz-Expires, X-Amz-Signature), so a client
// reads the expiry the way it would read the real storage's; the signature is an HMAC of the
// file name and the expiry with a secret that lives as long as the sandbox.

export type RecordingLinkCheck = 'valid' | 'expired' | 'invalid' | 'unsigned';

/** 20260305T140700Z: the form of X-Amz-Date. */
export function amzDate(ms: number): string {
  return new Date(Math.floor(ms / 1000) * 1000)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

function parseAmzDate(value: string): number | null {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  if (!m) return null;
  return Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!);
}

export class RecordingLinks {
  private readonly secret = randomBytes(32);

  constructor(
    /** Seconds a link stays valid (the platform's are "short-lived"). */
    private readonly ttlSeconds: number,
    private readonly now: () => number = Date.now,
  ) {}

  private sign(file: string, date: string, expires: string): Buffer {
    return createHmac('sha256', this.secret).update(`${file}\n${date}\n${expires}`).digest();
  }

  /** The presigned URL of `/<folder>/<file>` under `base` (recordings, or a call's log file). */
  link(base: string, file: string, folder: 'recordings' | 'logs' = 'recordings'): string {
    const date = amzDate(this.now());
    const expires = String(this.ttlSeconds);
    const query = new URLSearchParams({
      'X-Amz-Date': date,
      'X-Amz-Expires': expires,
      'X-Amz-Signature': this.sign(file, date, expires).toString('hex'),
    });
    return `${base}/${folder}/${file}?${query.toString()}`;
  }

  /** Whether a request for `file` carries a valid, unexpired signature. */
  check(file: string, query: Record<string, unknown>): RecordingLinkCheck {
    const date = query['X-Amz-Date'];
    const expires = query['X-Amz-Expires'];
    const signature = query['X-Amz-Signature'];
    if (date === undefined && expires === undefined && signature === undefined) return 'unsigned';
    if (typeof date !== 'string' || typeof expires !== 'string' || typeof signature !== 'string')
      return 'invalid';
    const given = Buffer.from(signature, 'hex');
    const expected = this.sign(file, date, expires);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
    const signedAt = parseAmzDate(date);
    if (signedAt === null || !/^\d+$/.test(expires)) return 'invalid';
    return this.now() < signedAt + Number(expires) * 1000 ? 'valid' : 'expired';
  }
}
