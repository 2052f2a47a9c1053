import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN, DEMO_PASSWORD, DEMO_TRADES } from './modules/auth/demo-accounts';
import { serverDir, startServerProcess, waitFor, type ServerProcess } from './test/server-process';
import { createScratchConfig, migratedDataDir } from './test/test-app';

// Runs the real built entry point as a separate process, the way `npm start` and the image do.
type Running = ServerProcess;
const startServer = (env: Record<string, string>): Running => startServerProcess(env);

/** A server over `dataDir` on 127.0.0.1, on a port it picks, with `env` on top. */
const startOn = (dataDir: string, env: Record<string, string> = {}): Running =>
  startServer({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, ...env });

/** The port the server announced once it listens. */
async function announcedPort(server: Running): Promise<number> {
  return waitFor(() => {
    const match = /ready on http:\/\/[^:]+:(\d+)/.exec(server.output());
    return match ? Number(match[1]) : undefined;
  }, 45_000).catch(() => {
    throw new Error(`server did not start:\n${server.output()}`);
  });
}

describe('server process', () => {
  let dataDir: string;
  let first: Running;
  let port: number;
  let metricsPort: number;

  beforeAll(async () => {
    dataDir = await migratedDataDir('switchboard-main-');
    first = startOn(dataDir, { METRICS_PORT: '0', SANDBOX_CALLS: '20' });
    port = await announcedPort(first);
    const metrics = /Metrics for scrapers on http:\/\/127\.0\.0\.1:(\d+)\/metrics/.exec(
      first.output(),
    );
    if (!metrics) throw new Error(`no metrics port announced:\n${first.output()}`);
    metricsPort = Number(metrics[1]);
  });

  afterAll(async () => {
    first.child.kill('SIGKILL');
    await fsp.rm(dataDir, { recursive: true, force: true });
  });

  it('serves /api/health once started', async () => {
    const res = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ database: { status: 'up', driver: 'pglite' } });
  });

  it('serves the metrics to scrapers on METRICS_PORT, without a session', async () => {
    await fetch(`http://127.0.0.1:${port}/api/health/live`);
    const res = await fetch(`http://127.0.0.1:${metricsPort}/metrics`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain(
      'http_request_duration_seconds_count{method="GET",route="/api/health/live",status_class="2xx"} 1',
    );
    expect(text).toContain('switchboard_mail_outbox_depth{status="queued"}');
    expect((await fetch(`http://127.0.0.1:${port}/api/admin/metrics`)).status).toBe(401);
  });

  it('stops at start with a clear message when METRICS_PORT is taken', async () => {
    const otherDir = await migratedDataDir('switchboard-main-');
    try {
      const second = startOn(otherDir, { METRICS_PORT: String(metricsPort), SANDBOX_CALLS: '0' });
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain(`The metrics port 127.0.0.1:${metricsPort} (METRICS_PORT)`);
      expect(second.output()).not.toContain('Switchboard is ready');
    } finally {
      await fsp.rm(otherDir, { recursive: true, force: true });
    }
  });

  it('refuses a second server on the same data directory with a clear message', async () => {
    const second = startOn(dataDir);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('is in use by another Switchboard process');
    // After a crash the lock is the dead process's until it goes stale: the message says so.
    expect(second.output()).toContain('its lock clears by itself within 10 seconds');
  });

  it('stops cleanly on SIGTERM, closing the database and releasing its lock', async () => {
    expect(fs.existsSync(path.join(dataDir, 'db.lock'))).toBe(true);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('SIGTERM received');
    expect(fs.existsSync(path.join(dataDir, 'db.lock'))).toBe(false);
  });

  it('stops at start with a readable list of configuration problems', async () => {
    const bad = startServer({ PORT: 'eighty', DATA_DIR: dataDir });
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toContain('Invalid configuration:');
    expect(bad.output()).toContain('PORT');
  });
});

/** Whether a new connection to the port is refused: the server stopped listening. */
function refusesConnections(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

type HeldSignIn = {
  /** Sends the body: the server, holding the request since its headers, answers it. */
  finish: () => Promise<{ status: number; body: string }>;
};

/**
 * A sign-in the server has started but cannot finish yet: the headers go out with
 * `Expect: 100-continue`, the server answers `100 Continue` when it has taken the request in,
 * and the body waits for `finish`. Over a keep-alive agent, as a browser or a proxy sends them.
 */
function holdSignIn(
  port: number,
  agent: http.Agent,
  credentials: { userName: string; password: string },
): Promise<HeldSignIn> {
  const body = JSON.stringify(credentials);
  const request = http.request({
    host: '127.0.0.1',
    port,
    agent,
    method: 'POST',
    path: '/api/auth/login',
    headers: {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      'sec-fetch-site': 'same-origin',
      expect: '100-continue',
    },
  });
  const answered = new Promise<{ status: number; body: string }>((resolve, reject) => {
    request.once('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.once('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
      response.once('error', reject);
    });
    request.once('error', reject);
  });
  return new Promise((resolve, reject) => {
    request.once('continue', () =>
      resolve({
        finish: () => {
          request.end(body);
          return answered;
        },
      }),
    );
    request.once('error', reject);
    request.flushHeaders();
  });
}

describe('graceful shutdown', () => {
  const GRACE_SECONDS = 10;

  let dataDir: string;
  let server: Running;
  let port: number;
  const agent = new http.Agent({ keepAlive: true });

  // The start (a migrated copy and demo data) is the hook's, with a start's
  // ceiling; the test is the signal and the drain.
  beforeAll(async () => {
    dataDir = await migratedDataDir('switchboard-main-');
    server = startOn(dataDir, {
      SANDBOX_CALLS: '20',
      SANDBOX_SIMULATOR_INTERVAL_MS: '0',
      SHUTDOWN_GRACE_SECONDS: String(GRACE_SECONDS),
    });
    port = await announcedPort(server);
  });

  afterAll(async () => {
    agent.destroy();
    server?.child.kill('SIGKILL');
    await fsp.rm(dataDir, { recursive: true, force: true });
  });

  it('answers the requests in flight, then exits by itself with 0 before the grace period', async () => {
    {
      // Each on its own keep-alive connection, taken in by the server before the signal.
      const accounts = [
        DEMO_ADMIN,
        ...Object.values(DEMO_TRADES).map(({ owner }) => ({
          userName: owner.userName,
          password: DEMO_PASSWORD,
        })),
      ];
      const held = await Promise.all(
        accounts.map(({ userName, password }) => holdSignIn(port, agent, { userName, password })),
      );

      server.child.kill('SIGTERM');
      // The server has begun to close (no new connections), with the sign-ins still open.
      await waitFor(() => (server.output().includes('SIGTERM received') ? true : undefined), 5_000);
      while (!(await refusesConnections(port))) await new Promise((r) => setTimeout(r, 50));

      const answers = await Promise.all(held.map((request) => request.finish()));
      for (const [index, answer] of answers.entries()) {
        expect(answer.status, answer.body).toBe(200);
        expect(JSON.parse(answer.body)).toMatchObject({
          user: { userName: accounts[index]!.userName },
        });
      }

      expect(await server.exited, server.output()).toBe(0);
      // It exits by itself, before the grace timer fires: the timer's own message would say
      // "did not finish within" (read from the log, not from a stopwatch).
      expect(server.output()).toContain('"msg":"shut down"');
      expect(server.output()).not.toContain('did not finish within');
    }
  });
});

describe('npm start: one signal, one drain', () => {
  let scratch: Awaited<ReturnType<typeof createScratchConfig>>;
  let supervisor: ChildProcess;
  let output = '';
  let exited: Promise<number | null>;

  beforeAll(async () => {
    // The run's migrated database, copied: the server starts without creating one.
    scratch = await createScratchConfig('pglite');
    // What scripts/start.mjs runs once its builds are done, as the leader of a process group of
    // its own, as a shell starts a job: a signal to the group reaches everything in it.
    const script = `import { supervise } from './scripts/lib.mjs';
      supervise(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js']);`;
    supervisor = spawn(process.execPath, ['--input-type=module', '-e', script], {
      cwd: path.resolve(serverDir, '../..'),
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: {
        PATH: process.env.PATH ?? '',
        HOME: os.tmpdir(),
        NODE_ENV: 'production',
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: scratch.config.dataDir,
        SANDBOX_CALLS: '0',
        SANDBOX_SIMULATOR_INTERVAL_MS: '0',
      },
    });
    supervisor.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    supervisor.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    // 'close': the server, which shares these pipes, has ended too.
    exited = new Promise((resolve) => supervisor.on('close', (code) => resolve(code)));
    await announcedPort({ child: supervisor, output: () => output, exited });
  });

  afterAll(async () => {
    if (supervisor?.exitCode === null) {
      supervisor.kill('SIGTERM');
      await exited;
    }
    await scratch?.cleanup();
  });

  it('passes a signal sent to its whole process group (Ctrl-C) and forwarded again (npm) to the server once: it drains and exits 0', async () => {
    // Ctrl-C: the terminal signals the foreground group; npm, in that group, sends its child
    // the same signal again.
    process.kill(-supervisor.pid!, 'SIGINT');
    supervisor.kill('SIGINT');
    expect(await exited, output).toBe(0);
    expect(output.match(/SIGINT received/g)).toHaveLength(1);
    expect(output).not.toContain('second SIGINT');
    expect(output).not.toContain('did not finish within');
    expect(output).toContain('"msg":"shut down"');
  });
});
