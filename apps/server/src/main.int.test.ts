import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// Runs the real entry point as a separate process, the way `npm start` does.
const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

type Running = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

function startServer(env: Record<string, string>): Running {
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist/main.js'], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', HOME: os.tmpdir(), NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitFor<T>(probe: () => T | undefined, timeoutMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('server process', () => {
  let dataDir: string;
  let first: Running;
  let port: number;
  let metricsPort: number;

  beforeAll(async () => {
    dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'switchboard-main-'));
    first = startServer({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, METRICS_PORT: '0' });
    port = await waitFor(() => {
      const match = /ready on http:\/\/[^:]+:(\d+)/.exec(first.output());
      return match ? Number(match[1]) : undefined;
    }, 45_000).catch(() => {
      throw new Error(`server did not start:\n${first.output()}`);
    });
    const metrics = /Metrics for scrapers on http:\/\/127\.0\.0\.1:(\d+)\/metrics/.exec(
      first.output(),
    );
    if (!metrics) throw new Error(`no metrics port announced:\n${first.output()}`);
    metricsPort = Number(metrics[1]);
  }, 60_000);

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
    const otherDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'switchboard-main-'));
    try {
      const second = startServer({
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: otherDir,
        METRICS_PORT: String(metricsPort),
        SANDBOX_CALLS: '0',
      });
      expect(await second.exited).toBe(1);
      expect(second.output()).toContain(`The metrics port 127.0.0.1:${metricsPort} (METRICS_PORT)`);
      expect(second.output()).not.toContain('Switchboard is ready');
    } finally {
      await fsp.rm(otherDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('refuses a second server on the same data directory with a clear message', async () => {
    const second = startServer({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir });
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('is in use by another Switchboard process');
  }, 45_000);

  it('stops cleanly on SIGTERM, closing the database and releasing its lock', async () => {
    expect(fs.existsSync(path.join(dataDir, 'db.lock'))).toBe(true);
    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('SIGTERM received');
    expect(fs.existsSync(path.join(dataDir, 'db.lock'))).toBe(false);
  }, 30_000);

  it('stops at start with a readable list of configuration problems', async () => {
    const bad = startServer({ PORT: 'eighty', DATA_DIR: dataDir });
    expect(await bad.exited).toBe(1);
    expect(bad.output()).toContain('Invalid configuration:');
    expect(bad.output()).toContain('PORT');
  }, 30_000);
});
