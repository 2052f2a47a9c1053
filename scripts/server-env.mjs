// The environment of a server started on its own to be checked or measured (scripts/smoke.mjs,
// the benchmarks): plain Node, so that the smoke test runs it before anything is built.
import os from 'node:os';

/**
 * The Node.js options `npm start` runs the server with (scripts/start.mjs says why): a benchmark
 * of the server's own CPU runs with them too, as the young generation's size moves the garbage
 * collector's share of a request.
 */
export const SERVER_NODE_OPTIONS = [
  '--enable-source-maps',
  '--max-semi-space-size=2',
  '--expose-gc',
];

/** glibc malloc's settings `npm start` gives the server (scripts/start.mjs). */
export const SERVER_MALLOC_ENV = {
  MALLOC_ARENA_MAX: '2',
  MALLOC_MMAP_THRESHOLD_: '131072',
  MALLOC_TRIM_THRESHOLD_: '131072',
};

/**
 * Production mode on 127.0.0.1 (`port` 0: any free one), a fresh data directory with the
 * embedded database, and the bundled sandbox platform without the calls its simulator places in
 * the background. It inherits this process's environment with `inherit`, else only PATH (and a
 * temporary HOME); `more` adds to or overrides the rest.
 */
export function sandboxServerEnv(
  { dataDir, port = 0, logLevel = 'info', inherit = false },
  more = {},
) {
  return {
    ...(inherit ? process.env : { PATH: process.env.PATH ?? '', HOME: os.tmpdir() }),
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: logLevel,
    DATABASE_URL: '',
    VAPI_API_KEY: '',
    SANDBOX_SIMULATOR_INTERVAL_MS: '0',
    ...more,
  };
}
