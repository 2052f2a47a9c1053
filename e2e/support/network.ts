import type { Page, Request, Response } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Counts the page's requests not yet answered, from now on: a request counts until its body
 * has arrived (`requestfinished`) or it failed; a redirect and a stream (Server-Sent Events,
 * which never finish) count until their headers arrive.
 */
export function requestsInFlight(page: Page): () => number {
  const open = new Set<Request>();
  page.on('request', (request) => open.add(request));
  page.on('response', (response: Response) => {
    const type = response.headers()['content-type'] ?? '';
    if (response.status() >= 300 && response.status() < 400) open.delete(response.request());
    else if (type.startsWith('text/event-stream')) open.delete(response.request());
  });
  page.on('requestfinished', (request) => open.delete(request));
  page.on('requestfailed', (request) => open.delete(request));
  return () => open.size;
}

/** Two frames drawn by the page: what a finished request set off (a render) has run. */
async function twoFrames(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
}

/**
 * Resolves once the page's network is quiet: no request of `inFlight` (`requestsInFlight`,
 * started before the page was opened) is open, and none is after the page has drawn two more
 * frames, so the render an answer set off, and any request that render starts, have happened.
 *
 * Instead of Playwright's `networkidle`, which waits for 500 ms with nothing on the network
 * after the last answer: a timer, paid on every screen a test opens (41 times in the
 * accessibility spec alone), where this waits only for the answers themselves.
 */
export async function networkQuiet(page: Page, inFlight: () => number): Promise<void> {
  await expect
    .poll(
      async () => {
        if (inFlight() > 0) return inFlight();
        await twoFrames(page);
        return inFlight();
      },
      { message: `${page.url()}: every request answered` },
    )
    .toBe(0);
}

/**
 * Opens `path` in the app already loaded, as the browser's forward button would (a history
 * entry the router reads, no page load): each full load is the SPA's scripts compiled and run
 * again, about 1.3 s of Chromium's CPU, for a screen the router draws the same either way
 * (decision 076). The caller waits for the screen it asked for, not the one before it.
 */
export async function openInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    const { idx } = (window.history.state ?? {}) as { idx?: number };
    const next = { usr: null, key: Math.random().toString(36).slice(2, 10), idx: (idx ?? 0) + 1 };
    window.history.pushState(next, '', to);
    window.dispatchEvent(new PopStateEvent('popstate', { state: next }));
  }, path);
}
