import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readyPort, serverDir, startServerProcess } from './test/server-process';
import { migratedDataDir } from './test/test-app';

// The production image carries the sandbox platform (and faker) only when asked for
// (Dockerfile, WITH_SANDBOX). This builds that layout from the real bundle: apps/server/dist with
// no apps/sandbox/dist beside it, inside the repository so that node_modules are found as they
// are in the image.
describe('a server build without the sandbox platform', () => {
  let layout: string;
  let dataDir: string;

  beforeAll(async () => {
    layout = await fsp.mkdtemp(path.join(serverDir, '.no-sandbox-'));
    await fsp.cp(path.join(serverDir, 'dist'), path.join(layout, 'apps/server/dist'), {
      recursive: true,
    });
    dataDir = await migratedDataDir('switchboard-no-sandbox-');
  });

  afterAll(async () => {
    await fsp.rm(layout, { recursive: true, force: true });
    await fsp.rm(dataDir, { recursive: true, force: true });
  });

  it('is really without it', () => {
    expect(fs.existsSync(path.join(layout, 'apps/server/dist/main.js'))).toBe(true);
    expect(fs.existsSync(path.join(layout, 'apps/sandbox/dist/sandbox.js'))).toBe(false);
  });

  it('stops at start with what to set when no platform key is given', async () => {
    const server = startServerProcess(
      { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir },
      { cwd: path.join(layout, 'apps/server') },
    );
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain(
      'VAPI_API_KEY is not set, and this build has no sandbox platform to run instead.',
    );
    expect(server.output()).not.toContain('Switchboard is ready');
  });

  it('starts and answers with a platform key, never loading the sandbox', async () => {
    const server = startServerProcess(
      {
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        // A platform nobody answers on: the start-up sync fails and retries, the server serves.
        VAPI_API_KEY: 'live-private-key',
        VAPI_PUBLIC_KEY: 'live-public-key',
        VAPI_BASE_URL: 'http://127.0.0.1:9',
        VAPI_WEBHOOK_SECRET: 'a-webhook-secret-of-some-length',
        PUBLIC_URL: 'https://switchboard.example.com',
      },
      { cwd: path.join(layout, 'apps/server') },
    );
    try {
      const port = await readyPort(server);
      const live = await fetch(`http://127.0.0.1:${port}/api/health/live`);
      expect(live.status).toBe(200);
      expect(server.output()).not.toContain('sandbox voice platform');
    } finally {
      server.child.kill('SIGKILL');
      await server.exited;
    }
  });
});
