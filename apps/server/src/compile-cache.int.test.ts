import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_NODE_OPTIONS } from '../../../scripts/server-env.mjs';
import { COMPILE_CACHE_DIR } from './compile-cache';
import { readyPort, serverDir, startServerProcess } from './test/server-process';
import { migratedDataDir } from './test/test-app';

// The build warms Node.js's compile cache beside the bundle for each set of V8 flags the server
// is started with (scripts/build-server.mjs, decision 116): a start then reads the code of its
// own modules instead of compiling them. Node.js says what it read when NODE_DEBUG_NATIVE names
// the cache; the server's main chunk must come from the build's cache, not be compiled again.
const FLAG_SETS = {
  'the image and the tests (no V8 flags)': [],
  'npm start (its young generation and gc)': SERVER_NODE_OPTIONS.filter(
    (flag) => flag !== '--enable-source-maps',
  ),
};

describe('the build’s compile cache', () => {
  let dataDirs: string[] = [];
  const cache = path.join(serverDir, 'dist', COMPILE_CACHE_DIR);
  const hasCompileCache = Number(process.versions.node.split('.')[0]) >= 22;

  beforeAll(async () => {
    dataDirs = await Promise.all(
      Object.keys(FLAG_SETS).map(() => migratedDataDir('switchboard-compile-cache-')),
    );
  });
  afterAll(async () => {
    await Promise.all(dataDirs.map((dir) => fsp.rm(dir, { recursive: true, force: true })));
  });

  it('is made beside the bundle by every build', () => {
    expect(fs.statSync(cache).isDirectory()).toBe(true);
  });

  it.runIf(hasCompileCache)(
    'gives a started server its main chunk already compiled, with either set of flags',
    async () => {
      const outputs = await Promise.all(
        Object.values(FLAG_SETS).map(async (nodeArgs, index) => {
          const server = startServerProcess(
            {
              PORT: '0',
              HOST: '127.0.0.1',
              DATA_DIR: dataDirs[index]!,
              SANDBOX_CALLS: '20',
              NODE_DEBUG_NATIVE: 'COMPILE_CACHE',
            },
            { nodeArgs },
          );
          try {
            await readyPort(server);
            return server.output();
          } finally {
            server.child.kill('SIGKILL');
            await server.exited;
          }
        }),
      );
      for (const output of outputs) {
        expect(output).toContain(`reading cache from ${cache}${path.sep}`);
        expect(output).toMatch(/ESM \S+\/dist\/start-server-[\w-]+\.js was accepted/);
      }
    },
  );
});
