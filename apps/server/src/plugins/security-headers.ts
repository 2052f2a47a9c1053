import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config';

/**
 * What the live platform's browser call client (`@vapi-ai/web` on daily-js, call-object mode)
 * loads and connects to, per Daily's CSP guide: the call-machine bundle from Daily's CDN (loaded
 * as a <script>, not eval'd: the client sets `avoidEval`), its WebAssembly noise cancellation,
 * Daily's HTTPS and WebSocket signalling. POST /call/web goes to our own proxy (same origin), so
 * the browser needs no connection to the platform's API.
 */
export const DAILY_SCRIPT_SOURCES = ['https://c.daily.co', 'https://*.daily.co'];
export const DAILY_CONNECT_SOURCES = [
  'https://*.daily.co',
  'wss://*.daily.co',
  'https://*.pluot.blue',
  'wss://*.pluot.blue',
];

type CspConfig = Pick<Config, 'publicUrl'> & {
  platform: Pick<Config['platform'], 'apiKey'>;
  /** The built web app, whose index.html's inline scripts the policy admits by hash. */
  webDistDir?: string;
};

/**
 * The CSP sources (`'sha256-…'`) of the inline scripts of the built index.html: the colour-scheme
 * script that runs before first paint (decision 117). Computed from the file the server sends,
 * so the policy admits exactly that script and nothing else inline; none without a build.
 */
export function inlineScriptHashes(webDistDir: string | undefined): string[] {
  if (!webDistDir) return [];
  let html: string;
  try {
    html = fs.readFileSync(path.join(webDistDir, 'index.html'), 'utf8');
  } catch {
    return [];
  }
  return [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, body]) =>
      `'sha256-${createHash('sha256')
        .update(body ?? '')
        .digest('base64')}'`,
  );
}

/**
 * The CSP of the HTML documents we serve. It admits only our own scripts: the files of the build
 * and, by its hash, index.html's one inline script; Mantine's runtime styles need inline
 * <style>. With a live platform, the browser call client's hosts are added; the sandbox's call
 * client is our own code talking to our own origin (its assistant audio is a WebAudio stream, no
 * URL), so sandbox mode needs nothing more.
 */
export function contentSecurityDirectives(config: CspConfig): Record<string, string[]> {
  const https = config.publicUrl?.startsWith('https://') ?? false;
  const live = Boolean(config.platform.apiKey);
  return {
    defaultSrc: ["'self'"],
    scriptSrc: [
      "'self'",
      ...inlineScriptHashes(config.webDistDir),
      ...(live ? [...DAILY_SCRIPT_SOURCES, "'wasm-unsafe-eval'"] : []),
    ],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'blob:'],
    fontSrc: ["'self'", 'data:'],
    mediaSrc: ["'self'", 'blob:', 'data:'],
    connectSrc: ["'self'", ...(live ? DAILY_CONNECT_SOURCES : [])],
    workerSrc: ["'self'", 'blob:'],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    // Upgrading on plain-HTTP deployments (localhost) would break every subresource.
    ...(https ? { upgradeInsecureRequests: [] } : {}),
  };
}

/**
 * What an API answer carries (JSON, an error, a stream): never rendered as a page, so the
 * document's policy reduces to "load nothing, frame nowhere"; not to be read as another type,
 * nor by another site's page (Cross-Origin-Resource-Policy), since it holds a business's data.
 */
export const API_SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-resource-policy': 'same-origin',
  'x-content-type-options': 'nosniff',
};

/** What a static file (script, stylesheet, font, image) carries: its declared type is final. */
export const STATIC_SECURITY_HEADERS: Record<string, string> = {
  'x-content-type-options': 'nosniff',
};

/**
 * Security headers where they matter (decision 075). An HTML document gets the full set
 * (helmet: the CSP, framing, referrer, opener and the rest; HSTS over HTTPS). An API answer
 * gets API_SECURITY_HEADERS (and HSTS over HTTPS). A static file gets STATIC_SECURITY_HEADERS
 * only: the document's policy governs what it may do, and the rest (~0.7 KB a response, sent
 * uncompressed) rode along on each of a page's dozens of chunks. A header a route set itself
 * (a recording's sandbox CSP) is kept.
 */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  const https = config.publicUrl?.startsWith('https://') ?? false;
  const hsts = { maxAge: 15_552_000, includeSubDomains: true };
  await app.register(helmet, {
    // Applied per response below, by what the response is; `reply.helmet()` sets the set.
    global: false,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityDirectives(config) },
    // HSTS only makes sense when we are actually served over HTTPS.
    strictTransportSecurity: https ? hsts : false,
    crossOriginEmbedderPolicy: false,
  });
  const hstsValue = `max-age=${hsts.maxAge}; includeSubDomains`;
  app.addHook('onSend', async (request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    let headers: Record<string, string>;
    if (type.startsWith('text/html')) {
      reply.helmet();
      return payload;
    } else if (request.url === '/api' || request.url.startsWith('/api/')) {
      headers = API_SECURITY_HEADERS;
      if (https) reply.header('strict-transport-security', hstsValue);
    } else {
      headers = STATIC_SECURITY_HEADERS;
    }
    for (const [name, value] of Object.entries(headers)) {
      if (!reply.hasHeader(name)) reply.header(name, value);
    }
    return payload;
  });
}
