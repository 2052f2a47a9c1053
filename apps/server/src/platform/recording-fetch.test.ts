import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AppError } from '../lib/app-error';
import {
  checkRecordingUrl,
  fetchRecording,
  isAllowedHost,
  recordingResponseHeaders,
  type RecordingHosts,
  type Resolver,
} from './recording-fetch';

describe('isAllowedHost', () => {
  const hosts = ['storage.vapi.ai', '*.r2.example.com'];
  it.each([
    ['storage.vapi.ai', true],
    ['STORAGE.vapi.ai.', true],
    ['evil-storage.vapi.ai', false],
    ['storage.vapi.ai.evil.example', false],
    ['bucket.r2.example.com', true],
    ['a.b.r2.example.com', true],
    ['r2.example.com', false],
    ['evilr2.example.com', false],
  ])('%s → %s', (host, expected) => {
    expect(isAllowedHost(host, hosts)).toBe(expected);
  });
});

/** Why a URL was refused ('' when it was admitted, which these expectations then fail on). */
const refusalOf = (result: Awaited<ReturnType<typeof checkRecordingUrl>>) =>
  result.ok ? '' : result.reason;

describe('checkRecordingUrl in live mode (fake resolver, no network)', () => {
  const live: RecordingHosts = { kind: 'live', hosts: ['storage.vapi.ai', '*.r2.example.com'] };
  const resolverFor = (addresses: string[]) =>
    vi.fn<Resolver>(async () =>
      addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })),
    );
  const check = (url: string, resolve: Resolver) => checkRecordingUrl(new URL(url), live, resolve);

  it('admits an allowed host that resolves to public addresses, and pins them', async () => {
    const resolve = resolverFor(['104.18.4.1', '2606:4700::6810:1']);
    expect(await check('https://storage.vapi.ai/abc-mono.wav', resolve)).toEqual({
      ok: true,
      addresses: [
        { address: '104.18.4.1', family: 4 },
        { address: '2606:4700::6810:1', family: 6 },
      ],
    });
    expect(resolve).toHaveBeenCalledWith('storage.vapi.ai');
    expect(await check('https://bucket.r2.example.com/rec.mp3', resolve)).toMatchObject({
      ok: true,
    });
  });

  it.each([
    ['127.0.0.1'],
    ['10.0.0.5'],
    ['169.254.169.254'],
    ['::1'],
    ['::ffff:127.0.0.1'],
    ['fe80::1'],
  ])('refuses an allowed name that resolves to %s', async (address) => {
    const result = await check(
      'https://storage.vapi.ai/abc.wav',
      resolverFor(['104.18.4.1', address]),
    );
    expect(refusalOf(result)).toContain('resolves to a private or local address');
  });

  it.each([
    ['a host outside the list', 'https://evil.example/abc.wav'],
    ['localhost', 'https://localhost/abc.wav'],
    ['a loopback address', 'https://127.0.0.1/abc.wav'],
    ['a decimal IP', 'https://2130706433/abc.wav'],
    ['IPv6 loopback', 'https://[::1]/abc.wav'],
    ['IPv4-mapped IPv6', 'https://[::ffff:7f00:1]/abc.wav'],
    ['link-local metadata', 'http://169.254.169.254/latest/meta-data/'],
    ['plain HTTP', 'http://storage.vapi.ai/abc.wav'],
    ['another port', 'https://storage.vapi.ai:8443/abc.wav'],
    ['credentials in the URL', 'https://user:pw@storage.vapi.ai/abc.wav'],
  ])('refuses %s without resolving anything', async (_name, url) => {
    const resolve = resolverFor(['104.18.4.1']);
    const result = await check(url, resolve);
    expect(refusalOf(result)).toContain('not one of');
    expect(resolve).not.toHaveBeenCalled();
  });

  it('refuses a name that does not resolve', async () => {
    const resolve = vi.fn<Resolver>(async () => {
      throw new Error('ENOTFOUND');
    });
    expect(refusalOf(await check('https://storage.vapi.ai/x.wav', resolve))).toContain(
      'could not be resolved',
    );
  });
});

describe('checkRecordingUrl in sandbox mode', () => {
  const sandbox: RecordingHosts = { kind: 'sandbox', origin: 'http://127.0.0.1:40001' };
  it.each([
    ['http://127.0.0.1:40001/recordings/c.wav', true],
    ['http://127.0.0.1:40002/recordings/c.wav', false], // another loopback port
    ['http://localhost:40001/recordings/c.wav', false],
    ['https://127.0.0.1:40001/recordings/c.wav', false],
    ['https://storage.vapi.ai/c.wav', false],
  ])('%s → %s', async (url, ok) => {
    expect((await checkRecordingUrl(new URL(url), sandbox)).ok).toBe(ok);
  });
});

describe('recordingResponseHeaders', () => {
  it('answers audio as its type, anything else as bytes, never sniffed or rendered', () => {
    const audio = recordingResponseHeaders(
      { 'content-type': 'audio/wav', 'content-length': '100', 'accept-ranges': 'bytes' },
      'call-1',
    );
    expect(audio).toMatchObject({
      'content-type': 'audio/wav',
      'content-length': '100',
      'accept-ranges': 'bytes',
      'x-content-type-options': 'nosniff',
      'content-disposition': 'inline; filename="recording-call-1.wav"',
      'content-security-policy': "sandbox; default-src 'none'",
    });
    expect(recordingResponseHeaders({ 'content-type': 'Audio/MPEG; x=1' }, 'c')).toMatchObject({
      'content-type': 'audio/mpeg',
      'content-disposition': 'inline; filename="recording-c.mp3"',
    });
    for (const type of ['text/html', 'application/javascript', 'image/svg+xml', undefined]) {
      expect(
        recordingResponseHeaders(type ? { 'content-type': type } : {}, 'c')['content-type'],
        type,
      ).toBe('application/octet-stream');
    }
    expect(recordingResponseHeaders({}, 'a"b\r\nc')['content-disposition']).toBe(
      'inline; filename="recording-a_b__c.bin"',
    );
  });
});

describe('fetchRecording (loopback servers)', () => {
  const hits: string[] = [];
  let platform: http.Server;
  let elsewhere: http.Server;
  let platformOrigin: string;
  let elsewhereOrigin: string;

  const listen = async (handler: http.RequestListener) => {
    const server = http.createServer(handler);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
  };

  beforeAll(async () => {
    ({ server: elsewhere, origin: elsewhereOrigin } = await listen((request, response) => {
      hits.push(`elsewhere ${request.url}`);
      response.writeHead(200, { 'content-type': 'text/html' }).end('<script>alert(1)</script>');
    }));
    ({ server: platform, origin: platformOrigin } = await listen((request, response) => {
      hits.push(`platform ${request.url} ${request.headers.range ?? ''}`.trim());
      if (request.url === '/away') {
        response.writeHead(302, { location: `${elsewhereOrigin}/page` }).end();
      } else if (request.url === '/moved') {
        response.writeHead(301, { location: '/recordings/c.wav' }).end();
      } else if (request.url === '/loop') {
        response.writeHead(302, { location: '/loop' }).end();
      } else if (request.url === '/big') {
        response.writeHead(200, { 'content-type': 'audio/wav', 'content-length': '5000' });
        response.end(Buffer.alloc(5000));
      } else if (request.url === '/big-undeclared') {
        response.writeHead(200, { 'content-type': 'audio/wav' });
        response.write(Buffer.alloc(800));
        response.end(Buffer.alloc(800));
      } else {
        response
          .writeHead(request.headers.range ? 206 : 200, { 'content-type': 'audio/wav' })
          .end('RIFF');
      }
    }));
  });
  afterAll(async () => {
    await new Promise((resolve) => platform.close(resolve));
    await new Promise((resolve) => elsewhere.close(resolve));
  });

  const fetchFrom = (path: string, extra: Partial<Parameters<typeof fetchRecording>[1]> = {}) =>
    fetchRecording(`${platformOrigin}${path}`, {
      allowed: { kind: 'sandbox', origin: platformOrigin },
      ...extra,
    });
  const refusal = async (promise: Promise<unknown>) => {
    const error = await promise.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  };
  const text = async (stream: NodeJS.ReadableStream) => {
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks).toString();
  };

  it('fetches from the allowed origin, passing the Range on', async () => {
    hits.length = 0;
    const answer = await fetchFrom('/recordings/c.wav', { range: 'bytes=0-3' });
    expect(answer.status).toBe(206);
    expect(await text(answer.body)).toBe('RIFF');
    expect(hits).toEqual(['platform /recordings/c.wav bytes=0-3']);
  });

  it('follows a redirect that stays on the allowed origin', async () => {
    hits.length = 0;
    const answer = await fetchFrom('/moved');
    expect(await text(answer.body)).toBe('RIFF');
    expect(hits).toEqual(['platform /moved', 'platform /recordings/c.wav']);
  });

  it('does not follow a redirect that leaves the allowed origin', async () => {
    hits.length = 0;
    const error = await refusal(fetchFrom('/away'));
    expect(error.statusCode).toBe(502);
    expect(error.message).toMatch(/redirected elsewhere.*not one of the voice platform's/);
    expect(hits).toEqual(['platform /away']);
  });

  it('refuses a URL on another loopback port before connecting', async () => {
    hits.length = 0;
    const error = await refusal(
      fetchRecording(`${elsewhereOrigin}/page`, {
        allowed: { kind: 'sandbox', origin: platformOrigin },
      }),
    );
    expect(error.statusCode).toBe(502);
    expect(hits).toEqual([]);
  });

  it('stops after a few redirects', async () => {
    const error = await refusal(fetchFrom('/loop', { limits: { maxRedirects: 2 } }));
    expect(error.message).toContain('too many redirects');
  });

  it('refuses a recording larger than the cap, and cuts one that grows past it', async () => {
    const error = await refusal(fetchFrom('/big', { limits: { maxBytes: 1000 } }));
    expect(error.message).toContain('too large');
    const growing = await fetchFrom('/big-undeclared', { limits: { maxBytes: 1000 } });
    await expect(text(growing.body)).rejects.toThrow('recording larger than 1000 bytes');
  });
});
