import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { firstPageDocuments } from './spa';

const INDEX =
  '<!doctype html><html><head><title>Switchboard</title><script src="/color-scheme.js"></script>' +
  '<script type="module" src="/assets/index-e0.js"></script></head><body></body></html>';
const dirs: string[] = [];

function webDist(pages?: unknown): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'switchboard-spa-'));
  dirs.push(dir);
  fs.writeFileSync(path.join(dir, 'index.html'), INDEX);
  if (pages !== undefined) {
    fs.mkdirSync(path.join(dir, '.vite'));
    fs.writeFileSync(path.join(dir, '.vite', 'first-pages.json'), JSON.stringify({ pages }));
  }
  return dir;
}

afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

const PAGES = [
  {
    path: '/dashboard',
    preload: ['/assets/dashboard-a1.js', '/assets/dashboard-b2.css'],
    fetch: ['/api/auth/me'],
  },
  {
    path: '/agent/:agentId/call-logs',
    preload: ['/assets/call-logs-c3.js', '/assets/call-logs-d4.css'],
    fetch: ['/api/auth/me', '/api/agents/:agentId'],
    businessFetch: ['/api/agents/:agentId/calls?tab=all&page=1&limit=50', '/api/platform/status'],
    codePriority: 'low',
  },
];

describe('firstPageDocuments', () => {
  it("names a listed page's scripts, stylesheets and API answers in the head", () => {
    const page = firstPageDocuments(webDist(PAGES))('/dashboard');
    expect(page).toBeDefined();
    const head = page!.slice(0, page!.indexOf('</head>'));
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/dashboard-a1.js">');
    expect(head).toContain(
      '<link rel="preload" as="style" crossorigin href="/assets/dashboard-b2.css">',
    );
    expect(head).toContain('<link rel="preload" as="fetch" crossorigin href="/api/auth/me">');
    // The session is asked for before any script; the screen's scripts after the entry's.
    expect(head.indexOf('href="/api/auth/me"')).toBeLessThan(head.indexOf('<script'));
    expect(head.indexOf('dashboard-a1.js')).toBeGreaterThan(head.indexOf('index-e0.js'));
    // The rest of index.html is as built.
    expect(page!.replace(/\s*<link [^>]*>/g, '').replace(/\s+</g, '<')).toBe(INDEX);
  });

  it("fills a page's path segments into its API paths", () => {
    const page = firstPageDocuments(webDist(PAGES))('/agent/a%20b/call-logs/');
    expect(page).toContain('href="/assets/call-logs-c3.js"');
    expect(page).toContain('href="/api/agents/a%20b"');
    expect(page).toContain('href="/api/agents/a%20b/calls?tab=all&amp;page=1&amp;limit=50"');
    expect(page).not.toContain('dashboard-a1');
  });

  it("names a page's screen data after its code, and its code at the priority listed", () => {
    const page = firstPageDocuments(webDist(PAGES))('/agent/a1/call-logs');
    const head = page!.slice(0, page!.indexOf('</head>'));
    expect(head).toContain(
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/call-logs-c3.js">',
    );
    expect(head).toContain(
      '<link rel="preload" as="style" crossorigin fetchpriority="low" href="/assets/call-logs-d4.css">',
    );
    expect(head).toContain(
      '<link rel="preload" as="fetch" crossorigin href="/api/platform/status">',
    );
    // The session and the agent before any script; the screen's data after its code.
    expect(head.indexOf('href="/api/agents/a1"')).toBeLessThan(head.indexOf('<script'));
    expect(head.indexOf('/api/platform/status')).toBeGreaterThan(head.indexOf('call-logs-d4.css'));
    // A page listed without a priority keeps the browser's own (the dashboard's code).
    expect(firstPageDocuments(webDist(PAGES))('/dashboard')).not.toContain('fetchpriority');
  });

  it("leaves the screen's data out when told (the operator, an address with a query)", () => {
    const page = firstPageDocuments(webDist(PAGES))('/agent/a1/call-logs', {
      api: true,
      data: false,
    });
    expect(page).toContain('href="/api/agents/a1"');
    expect(page).not.toContain('/calls?');
    expect(page).not.toContain('/api/platform/status');
  });

  it('names no API answer to a browser without a good session, only the code', () => {
    const page = firstPageDocuments(webDist(PAGES))('/agent/a1/call-logs', { api: false });
    expect(page).toContain('href="/assets/call-logs-c3.js"');
    expect(page).not.toContain('as="fetch"');
    expect(page).not.toContain('/api/');
  });

  it('leaves any other path, and a build without the list, to index.html', () => {
    const documents = firstPageDocuments(webDist(PAGES));
    expect(documents('/agent/x/statistics')).toBeUndefined();
    expect(documents('/agent//call-logs')).toBeUndefined();
    expect(documents('/dashboard/more')).toBeUndefined();
    expect(firstPageDocuments(webDist())('/dashboard')).toBeUndefined();
  });

  it('escapes what it writes into an attribute', () => {
    const page = firstPageDocuments(webDist(PAGES))('/agent/"><script>/call-logs');
    expect(page).not.toContain('"><script>');
    expect(page).toContain('href="/api/agents/&quot;>&lt;script>"');
  });
});
