import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error';

/**
 * Serves the built web app with history fallback: any GET that is not an API route and does
 * not name a file gets index.html, so a reload on /agent/x/call-logs works. Hashed assets are
 * cached for a year; index.html never, so a deploy is picked up at once. Files go out as their
 * brotli or gzip copies made at build time when the browser accepts one (decision 023).
 */
export async function registerSpa(app: FastifyInstance, webDistDir: string) {
  const indexFile = path.join(webDistDir, 'index.html');
  const built = fs.existsSync(indexFile);
  if (built) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      wildcard: true,
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

  app.setNotFoundHandler((request, reply) => {
    const { pathname } = new URL(request.url, 'http://localhost');
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
    return reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .sendFile('index.html');
  });
}
