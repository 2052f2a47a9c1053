/**
 * The built app on the real server for browser benchmarks (Lighthouse, first-load bytes): started
 * on a free port as the e2e suite does (apps/server/src/main.ts, NODE_ENV=production, a fresh data
 * directory, the bundled sandbox platform), the demo member signed in, the first sync awaited.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../apps/server/src/test/free-port';
import { sandboxServerEnv } from '../../scripts/server-env.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const DEMO_MEMBER = { userName: 'demo@brightsmile.example', password: 'switchboard-demo' };

/**
 * `port`: the port to listen on; a free one when not given. `env`: added to the server's
 * environment (`WEB_DIST_DIR` to serve another build, say).
 */
export async function startServer(
  port?: number,
  env: Record<string, string> = {},
): Promise<{ baseUrl: string; stop: () => Promise<void> }> {
  port ??= await freePort();
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'switchboard-bench-'));
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/main.ts'],
    {
      cwd: root,
      env: { ...sandboxServerEnv({ dataDir, port, logLevel: 'warn', inherit: true }), ...env },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  // A bench that fails (no Chromium, say) ends without calling stop(): the server must not
  // outlive it, listening on its port and spending CPU under the next bench's figures.
  const killOnExit = () => child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error('The server exited at start.');
    const ready = await fetch(`${baseUrl}/api/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error('The server did not become healthy within 120 s.');
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    baseUrl,
    stop: async () => {
      process.off('exit', killOnExit);
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Signs in as the demo member; answers the Cookie header a browser would then send. */
export async function signIn(baseUrl: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify(DEMO_MEMBER),
  });
  if (!res.ok) throw new Error(`Sign-in failed: ${res.status} ${await res.text()}`);
  const cookies = res.headers.getSetCookie().map((cookie) => cookie.split(';')[0]);
  if (cookies.length === 0) throw new Error('Sign-in set no cookie.');
  return cookies.join('; ');
}

export async function firstAgentId(baseUrl: string, cookie: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/agents`, { headers: { cookie } });
  const body = (await res.json()) as { data?: { id: string }[] } | { id: string }[];
  const list = Array.isArray(body) ? body : (body.data ?? []);
  if (!list[0]) throw new Error(`The demo member has no agent (GET /api/agents: ${res.status}).`);
  return list[0].id;
}

/**
 * Waits for the first copy of the platform's calls to finish: until then the server spends its
 * CPU on the sync, and Lighthouse would measure that as a slow server. Then asks each page and
 * its API once, as a browser would have, so caches are warm as on a running server.
 */
export async function settle(baseUrl: string, cookie: string, paths: string[]) {
  const deadline = Date.now() + 300_000;
  for (;;) {
    const res = await fetch(`${baseUrl}/api/platform/status`, { headers: { cookie } });
    const status = (await res.json()) as {
      sync: { running: boolean; lastSuccessAt: string | null };
    };
    if (!status.sync.running && status.sync.lastSuccessAt) break;
    if (Date.now() > deadline) throw new Error('The first sync did not finish within 5 minutes.');
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  for (const pagePath of [...paths, '/api/agents', '/api/statistics/dashboard']) {
    await fetch(`${baseUrl}${pagePath}`, { headers: { cookie } });
  }
}
