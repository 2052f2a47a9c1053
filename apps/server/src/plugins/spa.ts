import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error';
import { readSessionToken } from '../http/auth';

/**
 * Serves the built web app with history fallback: any GET that is not an API route and does
 * not name a file gets index.html, so a reload on /agent/x/call-logs works. Hashed assets are
 * cached for a year; index.html never, so a deploy is picked up at once. Files go out as their
 * brotli or gzip copies made at build time when the browser accepts one (decision 023).
 */
export async function registerSpa(app: FastifyInstance, webDistDir: string) {
  const indexFile = path.join(webDistDir, 'index.html');
  const built = fs.existsSync(indexFile);
  const firstPage = built ? firstPageDocuments(webDistDir) : () => undefined;
  if (built) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      // One route per file of the build, listed once at start (the build does not change while
      // the server runs), instead of one wildcard route: a wildcard request is checked against
      // the disk's spelling of its path (a readdir of every folder on the way, ~350 entries in
      // assets/), which made each of a page's ~30 files cost ~1 ms of the server's CPU and
      // queued them behind one another (decision 116). The compressed copies are no routes of
      // their own: preCompressed finds them beside the file a route serves.
      wildcard: false,
      globIgnore: ['**/*.br', '**/*.gz'],
      index: ['index.html'],
      // The build writes x.br and x.gz next to each text file (apps/web/vite.config.ts): the copy
      // the browser accepts is sent with Content-Encoding and Vary: Accept-Encoding.
      preCompressed: true,
      // The build manifest (.vite/manifest.json) is for tools, not visitors.
      dotfiles: 'ignore',
      setHeaders: (reply, filePath) => {
        if (filePath.includes(`${path.sep}assets${path.sep}`)) {
          reply.header('cache-control', 'public, max-age=31536000, immutable');
          // A hashed file never changes, so a browser never asks again whether it did: no
          // validators, and no offer of byte ranges (a page loads dozens of these, and each
          // header is bytes on every one of them; decision 075).
          reply.removeHeader('etag');
          reply.removeHeader('last-modified');
          reply.removeHeader('accept-ranges');
        } else {
          reply.header('cache-control', 'no-cache');
        }
      },
    });
  } else {
    app.log.warn(`The web app is not built (${indexFile} is missing): run "npm run build".`);
  }

  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const { pathname, search } = new URL(request.url, 'http://localhost');
    const wantsPage =
      (request.method === 'GET' || request.method === 'HEAD') &&
      !pathname.startsWith('/api/') &&
      pathname !== '/api' &&
      // A missing asset is a real 404, never index.html served as JavaScript.
      !path.extname(pathname);
    if (!wantsPage) {
      throw new AppError('NOT_FOUND', `Route ${request.method} ${pathname} not found`);
    }
    if (!built) {
      throw new AppError(
        'WEB_APP_NOT_BUILT',
        'The web app has not been built. Run "npm run build" (npm start does it for you).',
      );
    }
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    // The API answers are named only to a browser whose session is good: a preloaded answer is
    // kept until the page's first matching request, so a signed-out visitor's 401s would still
    // be waiting there after they sign in on the same page, and send them back to sign in.
    // Only a listed page asks for the session; every other path is index.html as built.
    const codeOnly = firstPage(pathname, { api: false });
    if (codeOnly === undefined) return reply.sendFile('index.html');
    const token = readSessionToken(request, app.sessionCookie);
    const signedIn = token === undefined ? null : await app.authService.findSession(token);
    const page =
      signedIn === null
        ? codeOnly
        : // The screen's data as listed is what a business's user's screen asks for in its default
          // view: not named to the operator (admin), whose screens ask for other answers, nor to an
          // address with a query string (filters, another page of calls: other requests).
          (firstPage(pathname, {
            api: true,
            data: signedIn.user.role !== 'admin' && search === '',
          }) ?? codeOnly);
    return reply.send(page);
  };
  app.setNotFoundHandler(sendPage);
  // The first pages are routes of their own, so their documents, made per request, go out
  // compressed like any route's answer (a not-found handler gets no route's hooks).
  if (built) {
    for (const page of readFirstPages(webDistDir)) {
      // Pages, not API: left out of the OpenAPI document, as the static files' routes are.
      app.get(page.path, { schema: { hide: true } }, sendPage);
    }
  }
}

/** The pages `.vite/first-pages.json` lists (`/agent/:agentId/call-logs`, …); none without it. */
function readFirstPages(webDistDir: string): FirstPage[] {
  const listFile = path.join(webDistDir, '.vite', 'first-pages.json');
  if (!fs.existsSync(listFile)) return [];
  return (JSON.parse(fs.readFileSync(listFile, 'utf8')) as { pages: FirstPage[] }).pages;
}

type FirstPage = {
  path: string;
  preload: string[];
  fetch: string[];
  businessFetch?: string[];
  codePriority?: 'low';
};

const escapeAttribute = (value: string) =>
  value.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/**
 * The pages people open directly (the web build lists them in `.vite/first-pages.json`, with the
 * scripts and stylesheets their screen imports and the API answers it waits for) get index.html
 * with those named in its head: the browser fetches them while it reads the page, beside the
 * entry script, instead of after the entry has run and the router has matched the URL (decision
 * 086). A page's `:name` segments fill in its API paths. Any other path gets index.html as is.
 */
export function firstPageDocuments(
  webDistDir: string,
): (pathname: string, options?: { api: boolean; data?: boolean }) => string | undefined {
  const pages = readFirstPages(webDistDir);
  if (pages.length === 0) return () => undefined;
  const index = fs.readFileSync(path.join(webDistDir, 'index.html'), 'utf8');
  const headEnd = index.indexOf('</head>');
  if (headEnd < 0) return () => undefined;
  // Where the head's first script is (index.html's colour-scheme script), else its end.
  const scriptAt = index.indexOf('<script');
  const firstScript = scriptAt >= 0 && scriptAt < headEnd ? scriptAt : headEnd;
  const patterns = pages.map((page) => ({ page, segments: page.path.split('/').slice(1) }));
  // The scripts and stylesheets of a page are the same for every request: rendered once.
  const assetLinks = new Map(
    pages.map((page) => {
      // A page whose code is asked for at a low priority: after the entry's own files, which the
      // first paint waits for, instead of ahead of them on the six connections (decision 093).
      const priority = page.codePriority === 'low' ? ' fetchpriority="low"' : '';
      return [
        page,
        page.preload
          .map((file) =>
            file.endsWith('.css')
              ? `<link rel="preload" as="style" crossorigin${priority} href="${escapeAttribute(file)}">`
              : `<link rel="modulepreload" crossorigin${priority} href="${escapeAttribute(file)}">`,
          )
          .join('\n    '),
      ];
    }),
  );
  return (pathname, { api, data: withData = true } = { api: true }) => {
    const segments = pathname.replace(/\/+$/, '').split('/').slice(1);
    for (const { page, segments: pattern } of patterns) {
      if (pattern.length !== segments.length) continue;
      const params: Record<string, string> = {};
      const matches = pattern.every((part, i) => {
        const segment = segments[i]!;
        if (!part.startsWith(':')) return part === segment;
        if (segment === '') return false;
        params[part] = segment;
        return true;
      });
      if (!matches) continue;
      // A `:name` of the page path fills the same `:name` in its API paths (already URL-encoded,
      // as it came in the page's own path).
      const fetchLinks = (apiPaths: string[]) =>
        apiPaths
          .map((apiPath) => apiPath.replace(/:[A-Za-z]+/g, (name) => params[name] ?? name))
          .map(
            (href) => `<link rel="preload" as="fetch" crossorigin href="${escapeAttribute(href)}">`,
          )
          .join('\n    ');
      const first = fetchLinks(api ? page.fetch : []);
      const data = fetchLinks(api && withData ? (page.businessFetch ?? []) : []);
      // The answers the app's first render waits for go first, before the entry's own scripts:
      // over HTTP/1.1 a browser opens six connections to a host, and the dozens of scripts would
      // otherwise hold them up. The screen's data goes last, after its code: the code is the
      // longer wait, and the data is only read once the code has run (decision 093).
      return (
        `${index.slice(0, firstScript)}${first}\n    ${index.slice(firstScript, headEnd)}` +
        `  ${assetLinks.get(page)}${data ? `\n    ${data}` : ''}\n  ${index.slice(headEnd)}`
      );
    }
    return undefined;
  };
}
