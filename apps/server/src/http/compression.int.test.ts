import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, oneDatabase, sessionHeaders } from '../test/test-app';
import { COMPRESSION_THRESHOLD_BYTES } from './compression';
import { DEMO_MEMBER } from '../modules/auth/demo-accounts';

// A built asset as Vite writes it, with the brotli and gzip copies the build makes beside it.
const ASSET = `export const rows = [${Array.from(
  { length: 200 },
  (_, i) => `{ id: ${i}, label: "row ${i}" }`,
).join(', ')}];\n`;
// With an inline script, as the built index.html has (the colour scheme, decision 117).
const INLINE_SCRIPT = "document.documentElement.dataset.scheme = 'dark';";
const INDEX = `<!doctype html><html><head><title>Switchboard</title><script>${INLINE_SCRIPT}</script></head><body>${'<div id="root"></div>'.repeat(80)}</body></html>`;

async function makeWebDist() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'switchboard-web-'));
  await fs.mkdir(path.join(dir, 'assets'));
  await fs.mkdir(path.join(dir, '.vite'));
  for (const [file, text] of [
    ['index.html', INDEX],
    ['assets/rows-abc123.js', ASSET],
  ] as const) {
    const target = path.join(dir, file);
    await fs.writeFile(target, text);
    await fs.writeFile(`${target}.br`, zlib.brotliCompressSync(text));
    await fs.writeFile(`${target}.gz`, zlib.gzipSync(text));
  }
  await fs.writeFile(path.join(dir, '.vite', 'manifest.json'), '{"index.html":{}}');
  // The pages whose code and answers index.html names (decision 086).
  await fs.writeFile(
    path.join(dir, '.vite', 'first-pages.json'),
    JSON.stringify({
      pages: [
        {
          path: '/dashboard',
          preload: ['/assets/rows-abc123.js'],
          fetch: ['/api/auth/me'],
          businessFetch: ['/api/statistics/dashboard'],
        },
      ],
    }),
  );
  return dir;
}

describe.each(oneDatabase)('compression on %s', (target) => {
  let ctx: Awaited<ReturnType<typeof buildTestApp>>;
  let webDist: string;
  let demo: Record<string, string>;
  let member: Record<string, string>;

  beforeAll(async () => {
    webDist = await makeWebDist();
    ctx = await buildTestApp(target, { WEB_DIST_DIR: webDist });
    // The operator lists every demo business's agent: an answer well over the threshold.
    demo = await sessionHeaders(ctx.app, 'admin');
    member = await sessionHeaders(ctx.app, DEMO_MEMBER.userName);
  });
  afterAll(async () => {
    await ctx?.close();
    await fs.rm(webDist, { recursive: true, force: true });
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ method: 'GET', url, headers });

  it("names a first page's API answers only to a browser whose session is good", async () => {
    const fetchLink = '<link rel="preload" as="fetch" crossorigin href="/api/auth/me">';
    const codeLink = '<link rel="modulepreload" crossorigin href="/assets/rows-abc123.js">';
    const signedIn = await get('/dashboard', { cookie: demo.cookie! });
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.body).toContain(fetchLink);
    expect(signedIn.body).toContain(codeLink);
    // Signed out, or a session that is no more: its 401 would wait in the page's preloads and
    // meet the app's first request after signing in, so only the code is named.
    const withoutSession: Record<string, string>[] = [
      {},
      { cookie: demo.cookie!.replace(/=[^;]*/, '=no-such-session') },
    ];
    for (const headers of withoutSession) {
      const page = await get('/dashboard', headers);
      expect(page.statusCode).toBe(200);
      expect(page.body).not.toContain('as="fetch"');
      expect(page.body).toContain(codeLink);
    }
  });

  it("names a screen's data only to a business's user, on the screen's default address", async () => {
    const dataLink = '<link rel="preload" as="fetch" crossorigin href="/api/statistics/dashboard">';
    const sessionLink = '<link rel="preload" as="fetch" crossorigin href="/api/auth/me">';
    const business = await get('/dashboard', { cookie: member.cookie! });
    expect(business.body).toContain(sessionLink);
    expect(business.body).toContain(dataLink);
    // The operator's dashboard asks for other answers; a query string is another view.
    for (const page of [
      await get('/dashboard', { cookie: demo.cookie! }),
      await get('/dashboard?tab=2', { cookie: member.cookie! }),
    ]) {
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain(sessionLink);
      expect(page.body).not.toContain(dataLink);
    }
  });

  it('sends a built asset as its brotli copy, its gzip copy or as is, as the browser accepts', async () => {
    const url = '/assets/rows-abc123.js';
    const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers['cache-control']).toContain('immutable');
    // The copy made at build time, not compressed again per request: its exact length.
    const brCopy = await fs.readFile(path.join(webDist, `${url}.br`));
    expect(Number(br.headers['content-length'])).toBe(brCopy.length);
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(ASSET);

    const gzip = await get(url, { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gzip.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(ASSET);

    for (const acceptEncoding of ['identity', undefined]) {
      const plain = await get(url, acceptEncoding ? { 'accept-encoding': acceptEncoding } : {});
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(ASSET);
    }
  });

  it('sends index.html compressed at the root and on deep links', async () => {
    for (const url of ['/', '/agent/x/call-logs']) {
      const res = await get(url, { 'accept-encoding': 'br, gzip' });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers.vary, url).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(zlib.brotliDecompressSync(res.rawPayload).toString(), url).toBe(INDEX);
    }
  });

  it("serves only the build's own files, by their exact paths (decision 116)", async () => {
    // Other spellings of a built file's path are no files: as a case-insensitive disk would
    // read them, a doubled segment, a trailing slash.
    for (const url of [
      '/ASSETS/rows-abc123.js',
      '/assets/ROWS-abc123.js',
      '/assets//rows-abc123.js',
      '/x/../assets/rows-abc123.js.map',
      '/assets/rows-abc123.js/',
    ]) {
      const res = await get(url);
      expect(res.statusCode, url).not.toBe(200);
      expect(res.statusCode, url).toBeLessThan(500);
    }
    // The compressed copies are sent as the file they compress, never as files of their own.
    for (const url of ['/assets/rows-abc123.js.br', '/assets/rows-abc123.js.gz']) {
      expect((await get(url)).statusCode, url).toBe(404);
    }
    // The files are listed at start: one written into the folder later is not served.
    await fs.writeFile(path.join(webDist, 'assets', 'late-abc123.js'), 'export {};\n');
    expect((await get('/assets/late-abc123.js')).statusCode).toBe(404);
    // HEAD answers like GET.
    const head = await ctx.app.inject({ method: 'HEAD', url: '/assets/rows-abc123.js' });
    expect(head.statusCode).toBe(200);
  });

  it("sends a first page's document compressed, signed in or not", async () => {
    for (const headers of [{}, member]) {
      const res = await get('/dashboard', { ...headers, 'accept-encoding': 'gzip, deflate, br' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      const html = zlib.brotliDecompressSync(res.rawPayload).toString();
      expect(html).toContain(
        '<link rel="modulepreload" crossorigin href="/assets/rows-abc123.js">',
      );
    }
    const plain = await get('/dashboard', member);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toContain('/api/statistics/dashboard');
  });

  it("admits the page's inline script by its hash, and no other inline script", async () => {
    const hash = createHash('sha256').update(INLINE_SCRIPT).digest('base64');
    for (const url of ['/', '/dashboard', '/agent/x/call-logs']) {
      const csp = String((await get(url)).headers['content-security-policy']);
      const scriptSrc = csp.split(';').find((part) => part.trim().startsWith('script-src'));
      expect(scriptSrc?.trim(), url).toBe(`script-src 'self' 'sha256-${hash}'`);
    }
  });

  it('does not serve the build manifest', async () => {
    const res = await get('/.vite/manifest.json');
    expect(res.statusCode).toBe(404);
  });

  it('compresses API JSON over 1 KB and leaves smaller answers as they are', async () => {
    const plain = await get('/api/agents', demo);
    expect(plain.statusCode).toBe(200);
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
    expect(plain.headers['content-encoding']).toBeUndefined();

    const br = await get('/api/agents', { ...demo, 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(JSON.parse(zlib.brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await get('/api/agents', { ...demo, 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(zlib.gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());

    const small = await get('/api/health', { 'accept-encoding': 'br, gzip' });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ status: 'ok' });
  });

  it('takes request bodies only as they are: a compressed body is not inflated', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: {
        'content-type': 'application/json',
        'content-encoding': 'gzip',
        'sec-fetch-site': 'same-origin',
      },
      payload: zlib.gzipSync(
        JSON.stringify({ userName: 'a@b.example', password: 'not-the-password' }),
      ),
    });
    // Read as the JSON it is not (400), never inflated and tried as a sign-in (401).
    expect(res.statusCode).toBe(400);
  });
});
