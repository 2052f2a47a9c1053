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
};

/**
 * The CSP for everything we serve. It admits only our own scripts: the SPA build has no inline
 * script, and Mantine's runtime styles need inline <style>. With a live platform, the browser
 * call client's hosts are added; the sandbox's call client is our own code talking to our own
 * origin (its assistant audio is a WebAudio stream, no URL), so sandbox mode needs nothing more.
 */
export function contentSecurityDirectives(config: CspConfig): Record<string, string[]> {
  const https = config.publicUrl?.startsWith('https://') ?? false;
  const live = Boolean(config.platform.apiKey);
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", ...(live ? [...DAILY_SCRIPT_SOURCES, "'wasm-unsafe-eval'"] : [])],
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

/** Security headers for everything we serve. */
export async function registerSecurityHeaders(app: FastifyInstance, config: Config) {
  const https = config.publicUrl?.startsWith('https://') ?? false;
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityDirectives(config) },
    // HSTS only makes sense when we are actually served over HTTPS.
    strictTransportSecurity: https ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
}
