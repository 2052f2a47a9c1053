import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../lib/app-error';
import { PlatformRecordings, presignedExpiry } from './platform-recordings';
import type { RecordingHosts } from './recording-fetch';

describe('presignedExpiry', () => {
  it.each([
    [
      'S3 (X-Amz-Date + X-Amz-Expires)',
      'https://b.s3.amazonaws.com/r.wav?X-Amz-Date=20260305T140700Z&X-Amz-Expires=300&X-Amz-Signature=ab',
      Date.parse('2026-03-05T14:12:00Z'),
    ],
    [
      'Google Cloud Storage (X-Goog-Date + X-Goog-Expires)',
      'https://storage.googleapis.com/b/r.wav?X-Goog-Date=20260305T140700Z&X-Goog-Expires=60',
      Date.parse('2026-03-05T14:08:00Z'),
    ],
    ['an Expires Unix time', 'https://cdn.example/r.wav?Expires=1772719620', 1772719620_000],
    ['a plain URL', 'https://storage.vapi.ai/r.wav', null],
    ['a malformed date', 'https://s/r.wav?X-Amz-Date=yesterday&X-Amz-Expires=300', null],
    ['not a URL', 'nope', null],
  ])('%s', (_label, url, expected) => {
    expect(presignedExpiry(url)).toBe(expected);
  });
});

// One loopback server plays the platform's API (GET /call/{id}/mono-recording with the private
// key) and its storage (/files/…, presigned links with an expiry the test controls).
type Seen = { path: string; authorization: string | undefined; range: string | undefined };

const KEY = 'private-key-for-tests';
const CALL = '6f1c8a62-5a3f-4c7e-9d4b-2f7a1e0c9b11';
const WAV = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(96, 1)]);

let server: http.Server;
let origin: string;
const seen: Seen[] = [];
/** What the platform's download answers next. */
let platformAnswer: 'link' | 'bytes' | 404 | 401 | 500 | 'elsewhere' = 'link';
/** Storage refuses links signed before this (as if they had expired early). */
let refuseLinksBefore = 0;
/** The test's clock (presigned dates and the recordings' `now`). */
let now = Date.parse('2026-03-05T14:07:00Z');
let signed = 0;

/** The file as storage serves it: one byte range (206), or 416 when it starts past the end. */
function sendWav(request: http.IncomingMessage, response: http.ServerResponse) {
  const range = /^bytes=(\d+)-(\d*)$/.exec(request.headers.range ?? '');
  if (!range) {
    response.writeHead(200, { 'content-type': 'audio/wav' }).end(WAV);
    return;
  }
  const start = Number(range[1]);
  if (start >= WAV.length) {
    response
      .writeHead(416, {
        'content-type': 'application/xml',
        'content-range': `bytes */${WAV.length}`,
      })
      .end('<Error><Code>InvalidRange</Code></Error>');
    return;
  }
  const end = Math.min(WAV.length - 1, range[2] ? Number(range[2]) : WAV.length - 1);
  response
    .writeHead(206, {
      'content-type': 'audio/wav',
      'content-range': `bytes ${start}-${end}/${WAV.length}`,
    })
    .end(WAV.subarray(start, end + 1));
}

function amz(ms: number) {
  return new Date(ms)
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

beforeAll(async () => {
  server = http.createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    seen.push({
      path: url.pathname,
      authorization: request.headers.authorization,
      range: request.headers.range,
    });
    if (url.pathname === `/call/${CALL}/mono-recording`) {
      if (request.headers.authorization !== `Bearer ${KEY}`) {
        response.writeHead(401, { 'content-type': 'application/json' }).end('{}');
        return;
      }
      if (platformAnswer === 'link') {
        signed += 1;
        const query = `X-Amz-Date=${amz(now)}&X-Amz-Expires=300&X-Amz-Signature=s${signed}`;
        response.writeHead(302, { location: `/files/${CALL}.wav?${query}` }).end();
      } else if (platformAnswer === 'elsewhere') {
        response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' }).end();
      } else if (platformAnswer === 'bytes') {
        sendWav(request, response);
      } else {
        response.writeHead(platformAnswer, { 'content-type': 'application/json' }).end('{}');
      }
      return;
    }
    if (url.pathname.startsWith('/files/')) {
      const date = url.searchParams.get('X-Amz-Date');
      const signedAt = date
        ? Date.parse(
            date.replace(/(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z/, '$1-$2-$3T$4:$5:$6Z'),
          )
        : 0;
      if (date && signedAt < refuseLinksBefore) {
        response.writeHead(403, { 'content-type': 'application/xml' }).end('<Error/>');
        return;
      }
      sendWav(request, response);
      return;
    }
    if (url.pathname === '/public/gone.wav') {
      response.writeHead(403).end();
      return;
    }
    if (url.pathname === '/public/ok.wav') {
      sendWav(request, response);
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(() => {
  seen.length = 0;
  platformAnswer = 'link';
  refuseLinksBefore = 0;
  now = Date.parse('2026-03-05T14:07:00Z');
});

function recordings(allowed?: RecordingHosts) {
  return new PlatformRecordings({
    baseUrl: origin,
    apiKey: KEY,
    allowed: allowed ?? { kind: 'live', hosts: [], origins: [origin] },
    now: () => now,
  });
}

async function bytes(answer: { body: NodeJS.ReadableStream }): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of answer.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

const platformAsks = () => seen.filter((s) => s.path.endsWith('/mono-recording')).length;

describe('PlatformRecordings', () => {
  it('asks the platform with the key when a call has no URL, and follows its link without it', async () => {
    const answer = await recordings().open({ callId: CALL, publicUrl: null, range: 'bytes=0-' });
    expect(answer.status).toBe(206);
    expect(await bytes(answer)).toEqual(WAV);
    const [ask, file] = seen;
    expect(ask).toMatchObject({
      path: `/call/${CALL}/mono-recording`,
      authorization: `Bearer ${KEY}`,
      range: 'bytes=0-',
    });
    // The storage gets the browser's range, never the key.
    expect(file).toMatchObject({
      path: `/files/${CALL}.wav`,
      authorization: undefined,
      range: 'bytes=0-',
    });
  });

  it('keeps the link in memory until it expires, then asks for a new one', async () => {
    const r = recordings();
    await bytes(await r.open({ callId: CALL, publicUrl: null }));
    await bytes(await r.open({ callId: CALL, publicUrl: null }));
    expect(platformAsks()).toBe(1);
    expect(r.heldLinks).toBe(1);
    // 300 s links are not used in their last 15 s.
    now += 290_000;
    await bytes(await r.open({ callId: CALL, publicUrl: null }));
    expect(platformAsks()).toBe(2);
  });

  it('asks again when storage refuses a held link before its stated expiry', async () => {
    const r = recordings();
    await bytes(await r.open({ callId: CALL, publicUrl: null }));
    now += 1000;
    refuseLinksBefore = now;
    const answer = await r.open({ callId: CALL, publicUrl: null });
    expect(answer.status).toBe(200);
    expect(platformAsks()).toBe(2);
  });

  it("plays a call's working public URL without asking the platform", async () => {
    const answer = await recordings().open({ callId: CALL, publicUrl: `${origin}/public/ok.wav` });
    expect(await bytes(answer)).toEqual(WAV);
    expect(platformAsks()).toBe(0);
  });

  it('falls back to the download when the public URL is refused or is an expired presigned link', async () => {
    const r = recordings();
    await bytes(await r.open({ callId: CALL, publicUrl: `${origin}/public/gone.wav` }));
    expect(platformAsks()).toBe(1);
    seen.length = 0;
    const stale = `${origin}/public/ok.wav?X-Amz-Date=20260305T130000Z&X-Amz-Expires=60`;
    await bytes(await recordings().open({ callId: CALL, publicUrl: stale }));
    // Not even tried: its own query says it expired.
    expect(seen.map((s) => s.path)).toEqual([`/call/${CALL}/mono-recording`, `/files/${CALL}.wav`]);
  });

  it('passes on bytes the platform answers itself', async () => {
    platformAnswer = 'bytes';
    const answer = await recordings().open({ callId: CALL, publicUrl: null });
    expect(await bytes(answer)).toEqual(WAV);
  });

  it("passes storage's 416 on with its Content-Range, whichever way the file comes, and keeps the link", async () => {
    const pastTheEnd = { callId: CALL, range: `bytes=${WAV.length}-` };
    const refusal = {
      statusCode: 416,
      code: 'RANGE_NOT_SATISFIABLE',
      headers: { 'content-range': `bytes */${WAV.length}` },
    };
    // A public URL: storage's answer, not a reason to try the download.
    await expect(
      recordings().open({ ...pastTheEnd, publicUrl: `${origin}/public/ok.wav` }),
    ).rejects.toMatchObject(refusal);
    expect(platformAsks()).toBe(0);
    // A presigned link from the download, fresh and then held.
    const r = recordings();
    await expect(r.open({ ...pastTheEnd, publicUrl: null })).rejects.toMatchObject(refusal);
    expect(r.heldLinks).toBe(1);
    await expect(r.open({ ...pastTheEnd, publicUrl: null })).rejects.toMatchObject(refusal);
    expect(platformAsks()).toBe(1);
    const tail = await r.open({ callId: CALL, publicUrl: null, range: `bytes=${WAV.length - 4}-` });
    expect(tail.status).toBe(206);
    expect(await bytes(tail)).toEqual(WAV.subarray(WAV.length - 4));
    // The platform's own bytes.
    platformAnswer = 'bytes';
    await expect(recordings().open({ ...pastTheEnd, publicUrl: null })).rejects.toMatchObject(
      refusal,
    );
  });

  it('answers 404 when the platform has no recording, 502 with a reason otherwise', async () => {
    platformAnswer = 404;
    await expect(recordings().open({ callId: CALL, publicUrl: null })).rejects.toMatchObject({
      statusCode: 404,
      message: 'Recording not found',
    });
    platformAnswer = 401;
    await expect(recordings().open({ callId: CALL, publicUrl: null })).rejects.toMatchObject({
      statusCode: 502,
      message: expect.stringMatching(/refused Switchboard's API key/) as unknown,
    });
    platformAnswer = 500;
    await expect(recordings().open({ callId: CALL, publicUrl: null })).rejects.toMatchObject({
      statusCode: 502,
      message: expect.stringMatching(/status 500/) as unknown,
    });
  });

  it('refuses a link to a host that is not a recording host, and does not keep it', async () => {
    platformAnswer = 'elsewhere';
    const r = recordings();
    const failure = await r
      .open({ callId: CALL, publicUrl: null })
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(AppError);
    expect(failure).toMatchObject({ statusCode: 502 });
    expect(r.heldLinks).toBe(0);
    expect(seen.some((s) => s.path.startsWith('/latest'))).toBe(false);
  });

  it('never fetches a public URL off the recording hosts: the download is asked instead', async () => {
    const r = recordings({ kind: 'live', hosts: ['storage.vapi.ai'], origins: [origin] });
    const answer = await r.open({ callId: CALL, publicUrl: 'http://127.0.0.1:9/x.wav' });
    expect(await bytes(answer)).toEqual(WAV);
    expect(seen.map((s) => s.path)).toEqual([`/call/${CALL}/mono-recording`, `/files/${CALL}.wav`]);
  });

  it('says why a public URL was not used when the download has no recording either', async () => {
    platformAnswer = 404;
    const r = recordings({ kind: 'live', hosts: ['storage.vapi.ai'], origins: [origin] });
    await expect(
      r.open({ callId: CALL, publicUrl: 'http://127.0.0.1:9/x.wav' }),
    ).rejects.toMatchObject({
      statusCode: 502,
      message: expect.stringMatching(/not one of the voice platform's recording hosts/) as unknown,
    });
  });

  it('in live mode admits only the platform origin and the recording hosts', async () => {
    const r = recordings({
      kind: 'live',
      hosts: ['storage.vapi.ai'],
      origins: ['http://127.0.0.1:1'],
    });
    const failure = await r
      .open({ callId: CALL, publicUrl: null })
      .catch((error: unknown) => error);
    // The platform (at `origin`) is not where this configuration says: its link is refused.
    expect(failure).toMatchObject({ statusCode: 502 });
  });
});
