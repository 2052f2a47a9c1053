import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assembleSandbox, type AssembledSandbox } from '../sandbox';
import { TEST_NOW, TEST_PUBLIC_URL } from '../test/fixtures';
import { RecordingLinks } from './presign';

// The platform's authenticated recording downloads (GET /call/{id}/mono-recording …): with the
// private key, a 302 to a short-lived presigned link; 401 without it, 404 for an unknown call
// or one with nothing recorded. With public URLs off, a recording file is served only on a
// valid, unexpired link.

const PRIVATE = 'test-private-key';
const auth = { authorization: `Bearer ${PRIVATE}` };

let sandbox: AssembledSandbox;
beforeAll(async () => {
  sandbox = await assembleSandbox({
    privateKey: PRIVATE,
    publicKey: 'test-public-key',
    now: TEST_NOW,
    totalCalls: 300,
    publicUrl: TEST_PUBLIC_URL,
    logLevel: 'silent',
    recordings: { publicUrls: false, linkTtlSeconds: 60 },
  });
});
afterAll(() => sandbox.close());

const inject = (options: InjectOptions) => sandbox.app.inject(options);

type ListedCall = {
  id: string;
  status: string;
  artifact?: { messages?: unknown[]; recordingUrl?: string; recording?: unknown };
};

async function endedCalls() {
  const res = await inject({ method: 'GET', url: '/call?limit=200', headers: auth });
  return res.json<ListedCall[]>().filter((call) => call.status === 'ended');
}

describe('authenticated recording downloads', () => {
  it('carries no public recording URL on any call when they are off', async () => {
    const calls = await endedCalls();
    expect(calls.length).toBeGreaterThan(10);
    for (const call of calls) {
      expect(call.artifact?.recordingUrl).toBeUndefined();
      expect(call.artifact?.recording).toBeUndefined();
    }
  });

  it('redirects to a presigned link that plays, with byte ranges; the bare file is refused', async () => {
    const call = (await endedCalls()).find((c) => (c.artifact?.messages?.length ?? 0) > 0)!;
    const res = await inject({
      method: 'GET',
      url: `/call/${call.id}/mono-recording`,
      headers: auth,
    });
    expect(res.statusCode).toBe(302);
    const location = new URL(res.headers.location as string);
    expect(location.origin).toBe(new URL(TEST_PUBLIC_URL).origin);
    expect(location.pathname).toBe(`/recordings/${call.id}.wav`);
    expect(location.searchParams.get('X-Amz-Expires')).toBe('60');
    expect(location.searchParams.get('X-Amz-Date')).toMatch(/^\d{8}T\d{6}Z$/);

    const file = await inject({ method: 'GET', url: `${location.pathname}${location.search}` });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('audio/wav');
    expect(file.rawPayload.toString('ascii', 0, 4)).toBe('RIFF');
    // Mono: one channel.
    expect(file.rawPayload.readUInt16LE(22)).toBe(1);
    const part = await inject({
      method: 'GET',
      url: `${location.pathname}${location.search}`,
      headers: { range: 'bytes=0-9' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload).toHaveLength(10);

    const bare = await inject({ method: 'GET', url: location.pathname });
    expect(bare.statusCode).toBe(403);
    const tampered = new URL(location);
    tampered.searchParams.set('X-Amz-Expires', '999999');
    expect(
      (await inject({ method: 'GET', url: `${tampered.pathname}${tampered.search}` })).statusCode,
    ).toBe(403);
    // Another call's file with this signature: refused.
    const other = (await endedCalls()).find(
      (c) => c.id !== call.id && (c.artifact?.messages?.length ?? 0) > 0,
    )!;
    expect(
      (await inject({ method: 'GET', url: `/recordings/${other.id}.wav${location.search}` }))
        .statusCode,
    ).toBe(403);
  });

  it('answers byte ranges as storage does: 206 for one part, 416 past the end, 200 otherwise', async () => {
    const call = (await endedCalls()).find((c) => (c.artifact?.messages?.length ?? 0) > 0)!;
    const link = await inject({
      method: 'GET',
      url: `/call/${call.id}/mono-recording`,
      headers: auth,
    });
    const location = new URL(link.headers.location as string);
    const file = `${location.pathname}${location.search}`;
    const whole = (await inject({ method: 'GET', url: file })).rawPayload;
    const size = whole.length;
    const get = (range: string) => inject({ method: 'GET', url: file, headers: { range } });

    for (const [range, start, end] of [
      ['bytes=-10', size - 10, size - 1],
      [`bytes=${size - 4}-`, size - 4, size - 1],
      [`bytes=${size - 4}-${size * 2}`, size - 4, size - 1],
      [`bytes=-${size * 2}`, 0, size - 1],
    ] as const) {
      const part = await get(range);
      expect({ range, status: part.statusCode }).toEqual({ range, status: 206 });
      expect(part.headers['content-range']).toBe(`bytes ${start}-${end}/${size}`);
      expect(part.headers['content-type']).toBe('audio/wav');
      expect(part.rawPayload.equals(whole.subarray(start, end + 1))).toBe(true);
    }
    for (const range of [
      `bytes=${size}-`,
      'bytes=999999999-',
      `bytes=${size}-${size + 9}`,
      'bytes=-0',
    ]) {
      const refused = await get(range);
      expect({ range, status: refused.statusCode }).toEqual({ range, status: 416 });
      expect(refused.headers['content-range']).toBe(`bytes */${size}`);
      expect(refused.json()).toMatchObject({ statusCode: 416 });
    }
    // Several ranges, a reversed one, another unit: the whole file.
    for (const range of ['bytes=0-1,5-6', 'bytes=5-3', 'items=0-1']) {
      const ignored = await get(range);
      expect({ range, status: ignored.statusCode }).toEqual({ range, status: 200 });
      expect(ignored.headers['content-range']).toBeUndefined();
      expect(ignored.rawPayload.equals(whole)).toBe(true);
    }
  });

  it('serves stereo, assistant and customer recordings; video is never recorded', async () => {
    const call = (await endedCalls()).find((c) => (c.artifact?.messages?.length ?? 0) > 0)!;
    const stereo = await inject({
      method: 'GET',
      url: `/call/${call.id}/stereo-recording`,
      headers: auth,
    });
    expect(stereo.statusCode).toBe(302);
    const stereoUrl = new URL(stereo.headers.location as string);
    expect(stereoUrl.pathname).toBe(`/recordings/${call.id}-stereo.wav`);
    const stereoFile = await inject({
      method: 'GET',
      url: `${stereoUrl.pathname}${stereoUrl.search}`,
    });
    expect(stereoFile.rawPayload.readUInt16LE(22)).toBe(2);
    for (const side of ['assistant', 'customer']) {
      const res = await inject({
        method: 'GET',
        url: `/call/${call.id}/${side}-recording`,
        headers: auth,
      });
      expect(res.statusCode).toBe(302);
      const url = new URL(res.headers.location as string);
      expect(url.pathname).toBe(`/recordings/${call.id}-${side}.wav`);
      expect(
        (await inject({ method: 'GET', url: `${url.pathname}${url.search}` })).statusCode,
      ).toBe(200);
    }
    const video = await inject({
      method: 'GET',
      url: `/call/${call.id}/video-recording`,
      headers: auth,
    });
    expect(video.statusCode).toBe(404);
  });

  it('answers 401 without the private key, 404 for an unknown call, 400 for a bad id or query', async () => {
    const call = (await endedCalls())[0]!;
    expect(
      (await inject({ method: 'GET', url: `/call/${call.id}/mono-recording` })).statusCode,
    ).toBe(401);
    expect(
      (
        await inject({
          method: 'GET',
          url: `/call/${call.id}/mono-recording`,
          headers: { authorization: 'Bearer test-public-key' },
        })
      ).statusCode,
    ).toBe(401);
    const unknown = await inject({
      method: 'GET',
      url: '/call/6f1c8a62-5a3f-4c7e-9d4b-2f7a1e0c9b11/mono-recording',
      headers: auth,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ statusCode: 404, message: 'Call not found' });
    expect(
      (await inject({ method: 'GET', url: '/call/nope/mono-recording', headers: auth })).statusCode,
    ).toBe(400);
    const extra = await inject({
      method: 'GET',
      url: `/call/${call.id}/mono-recording?format=mp3`,
      headers: auth,
    });
    expect(extra.statusCode).toBe(400);
    expect(JSON.stringify(extra.json())).toMatch(/format should not exist/);
  });

  it('answers 404 for a call with nothing recorded', async () => {
    const silent = (await endedCalls()).find((c) => (c.artifact?.messages?.length ?? 0) === 0);
    if (!silent) return expect.fail('the demo data has no ended call without a conversation');
    const res = await inject({
      method: 'GET',
      url: `/call/${silent.id}/mono-recording`,
      headers: auth,
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('presigned recording links', () => {
  it('work until they expire, then are refused as expired', () => {
    let now = Date.parse('2026-03-05T14:07:00.400Z');
    const links = new RecordingLinks(30, () => now);
    const url = new URL(links.link('http://sandbox.test', 'a.wav'));
    const query = Object.fromEntries(url.searchParams);
    expect(query['X-Amz-Date']).toBe('20260305T140700Z');
    expect(links.check('a.wav', query)).toBe('valid');
    expect(links.check('b.wav', query)).toBe('invalid');
    expect(links.check('a.wav', {})).toBe('unsigned');
    expect(links.check('a.wav', { ...query, 'X-Amz-Signature': 'zz' })).toBe('invalid');
    now = Date.parse('2026-03-05T14:07:29.900Z');
    expect(links.check('a.wav', query)).toBe('valid');
    now = Date.parse('2026-03-05T14:07:30.000Z');
    expect(links.check('a.wav', query)).toBe('expired');
  });

  it('are signed with a secret of this sandbox only', () => {
    const one = new RecordingLinks(30);
    const two = new RecordingLinks(30);
    const query = Object.fromEntries(new URL(one.link('http://s.test', 'a.wav')).searchParams);
    expect(two.check('a.wav', query)).toBe('invalid');
  });
});
