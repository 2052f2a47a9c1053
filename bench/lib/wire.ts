/**
 * What a real first visit to a page transfers: the page loaded in Chromium (Debian's, through
 * Playwright) on a fresh profile, every response counted as the browser received it — the
 * encoded (compressed) body plus the status line and headers (Playwright's `request.sizes()`),
 * as Lighthouse's "transfer size" counts it. The
 * page counts as loaded when the network has been idle for 500 ms after the load event, so the
 * lazy chunks a screen asks for while it renders (its route modules, a chart, a form near the
 * viewport) are counted too.
 */
import type { Browser } from 'playwright-core';

export type WireFile = {
  url: string;
  kind: 'js' | 'css' | 'document' | 'api' | 'other';
  bytes: number;
  headerBytes: number;
  encoding: string;
};
export type WireLoad = { path: string; files: WireFile[] };

function kindOf(url: string, contentType: string): WireFile['kind'] {
  const { pathname } = new URL(url);
  if (pathname.startsWith('/api/')) return 'api';
  if (/javascript/.test(contentType) || pathname.endsWith('.js')) return 'js';
  if (contentType.startsWith('text/css') || pathname.endsWith('.css')) return 'css';
  if (contentType.startsWith('text/html')) return 'document';
  return 'other';
}

/**
 * Loads `path` once in a fresh context (empty cache) and answers every response it received.
 * `acceptEncoding` overrides what the browser asks for (say `gzip, deflate`, as Chromium asks
 * on a plain-HTTP origin that is not localhost).
 */
export async function loadOnce(
  browser: Browser,
  baseUrl: string,
  path: string,
  options: {
    cookie?: string;
    acceptEncoding?: string;
    viewport?: { width: number; height: number };
  },
): Promise<WireLoad> {
  const context = await browser.newContext({ viewport: options.viewport ?? null });
  try {
    if (options.cookie) {
      await context.addCookies(
        options.cookie.split('; ').map((pair) => {
          const at = pair.indexOf('=');
          return { name: pair.slice(0, at), value: pair.slice(at + 1), url: baseUrl };
        }),
      );
    }
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    if (options.acceptEncoding) {
      await cdp.send('Network.setExtraHTTPHeaders', {
        headers: { 'Accept-Encoding': options.acceptEncoding },
      });
    }
    const finished: Promise<WireFile | undefined>[] = [];
    page.on('requestfinished', (request) => {
      finished.push(
        (async () => {
          const response = await request.response();
          if (!response || !request.url().startsWith(baseUrl)) return undefined;
          const sizes = await request.sizes();
          const headers = await response.allHeaders();
          return {
            url: request.url(),
            kind: kindOf(request.url(), headers['content-type'] ?? ''),
            bytes: sizes.responseHeadersSize + sizes.responseBodySize,
            headerBytes: sizes.responseHeadersSize,
            encoding: headers['content-encoding'] ?? 'identity',
          };
        })(),
      );
    });
    await page.goto(`${baseUrl}${path}`, { waitUntil: 'load' });
    await page.waitForLoadState('networkidle');
    const files = (await Promise.all(finished)).filter((file) => file !== undefined);
    return { path, files };
  } finally {
    await context.close();
  }
}
