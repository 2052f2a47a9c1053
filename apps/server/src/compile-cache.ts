import fs from 'node:fs';
import module from 'node:module';
import { fileURLToPath } from 'node:url';

/** Where the build keeps the server bundle's compiled code: beside the bundle's entry. */
export const COMPILE_CACHE_DIR = 'compile-cache';

type Enable = (directory?: string) => { directory?: string | undefined };

/**
 * Turns on Node.js's module compile cache in the directory the build made beside the bundle
 * (scripts/build-server.mjs, decision 116), so that a start reads the V8 code of the server, the
 * sandbox and their packages instead of compiling it again: about 2 s of CPU less to the first
 * sync of `npm start` (bench/README.md). `entryUrl` is the bundle entry's `import.meta.url`.
 * Nothing is turned on without that directory (the sources run by tsx have none) or on a
 * Node.js without the cache (20, the smoke test's); NODE_DISABLE_COMPILE_CACHE=1 keeps it off
 * (Node.js's own switch), and NODE_COMPILE_CACHE, when set, names the directory instead. A
 * directory the process may not write (an image's) is still read. Answers the directory in use.
 */
export function enableBundleCompileCache(
  entryUrl: string,
  deps: { enable?: Enable | undefined; env?: NodeJS.ProcessEnv } = {},
): string | undefined {
  const enable =
    'enable' in deps ? deps.enable : (module as { enableCompileCache?: Enable }).enableCompileCache;
  const env = deps.env ?? process.env;
  if (!enable) return undefined;
  if (env.NODE_COMPILE_CACHE) return enable().directory;
  const directory = fileURLToPath(new URL(`./${COMPILE_CACHE_DIR}`, entryUrl));
  if (!fs.existsSync(directory)) return undefined;
  return enable(directory).directory;
}
