import fastifyCompress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/** API answers smaller than this go out as they are: compressing them saves next to nothing. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Compresses what the API sends (brotli, else gzip, as the browser accepts; `Vary:
 * Accept-Encoding`): JSON and text above 1 KB, and streamed bodies such as the CSV exports,
 * which stay streamed (compressed chunk by chunk as rows come). Partial content (206) and
 * event streams are never compressed; routes that must keep their bytes as they are (the
 * recording proxy: audio with Range and Content-Length) say `compress: false`. The built web
 * app is served from its brotli and gzip copies made at build time (plugins/spa.ts), which this
 * leaves alone. Request bodies are not decompressed: no client of ours sends them compressed,
 * and a small compressed upload must not inflate past the body limits. Decision 023.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(fastifyCompress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD_BYTES,
  });
}
