import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../apps/server/src/test/free-port';
import type { TestProject } from 'vitest/node';
import { stopChild, waitUntilHealthy } from './processes';

// Starts the real built server on a free port with a fresh data directory, once per e2e worker.
// The web app must already be built (npm test does that first).

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** The platform webhook's secret and the inbound-mail settings of the e2e server. */
export const E2E_WEBHOOK_SECRET = 'e2e-webhook-secret-0123456789';
export const E2E_INBOUND = {
  domain: 'in.switchboard.test',
  user: 'postmark-e2e',
  password: 'postmark-e2e-password',
};
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * Debian's old headless shell (package chromium-headless-shell), the same Blink without the
 * browser around it: most spec files run in it when it is installed (decision 103). A suite that
 * needs the whole browser (web push and notifications) asks for it.
 */
const HEADLESS_SHELL_PATH =
  process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? '/usr/bin/chromium-headless-shell';

export type E2EServer = {
  baseURL: string;
  /** When the server was started: calls created after it are other specs', not demo data. */
  serverStartedAt: string;
};

declare module 'vitest' {
  export interface ProvidedContext {
    /** One started server per e2e worker; a spec file uses its worker slot's (support/browser.ts). */
    servers: E2EServer[];
    /** The whole browser; null when it is missing and the suites are skipped. */
    chromiumPath: string | null;
    /** The headless shell, or the whole browser again where the shell is not installed. */
    headlessShellPath: string | null;
    /**
     * This run's own folder: the worker slots' locks and browser profiles, removed at the end,
     * so nothing a killed run left behind holds a slot.
     */
    browserDir: string | null;
  }
}

function shout(lines: string[]) {
  const bar = '!'.repeat(78);
  process.stderr.write(`\n${bar}\n${lines.map((l) => `!! ${l}`).join('\n')}\n${bar}\n\n`);
}

export default async function setup(project: TestProject) {
  const chromiumFound = fs.existsSync(CHROMIUM_PATH);
  if (!chromiumFound) {
    const lines = [
      `Chromium was not found at ${CHROMIUM_PATH}: the end-to-end tests are SKIPPED.`,
      'Install it with: apt-get install -y chromium   (or set CHROMIUM_PATH)',
    ];
    if (process.env.E2E_REQUIRED === '1') {
      shout([...lines, 'E2E_REQUIRED=1, so this run FAILS.']);
      throw new Error(`Chromium is required (E2E_REQUIRED=1) but missing at ${CHROMIUM_PATH}`);
    }
    shout(lines);
    project.provide('chromiumPath', null);
    project.provide('headlessShellPath', null);
    project.provide('browserDir', null);
    project.provide('servers', []);
    return;
  }
  const shellFound = fs.existsSync(HEADLESS_SHELL_PATH);
  if (!shellFound) {
    process.stderr.write(
      `[e2e] ${HEADLESS_SHELL_PATH} is not installed: every spec file runs in ${CHROMIUM_PATH}, ` +
        'which is slower (apt-get install -y chromium-headless-shell).\n',
    );
  }

  const webIndex = path.join(root, 'apps/web/dist/index.html');
  if (!fs.existsSync(webIndex)) {
    throw new Error(
      `The web app is not built (${webIndex} is missing): run "npm run build" first.`,
    );
  }

  // One server per Vitest worker, so spec files run two at a time without sharing a server's
  // data: a spec file reaches the server of the worker slot it claims (support/browser.ts).
  // They are spawned here and start while the unit, web and int tests run (Vitest runs every
  // project's global setup before the first test of any); a spec file waits for its server's
  // health before its first test (support/browser.ts), and a server that fails to start says
  // why on the run's output.
  const count = e2eWorkers(project);
  const servers = await Promise.all(Array.from({ length: count }, () => startServer()));
  for (const server of servers) {
    server.started.catch((error: unknown) => {
      shout([
        `An e2e server did not start: ${error instanceof Error ? error.message : String(error)}`,
      ]);
    });
  }
  project.provide(
    'servers',
    servers.map(({ baseURL, serverStartedAt }) => ({ baseURL, serverStartedAt })),
  );
  project.provide('chromiumPath', CHROMIUM_PATH);
  project.provide('headlessShellPath', shellFound ? HEADLESS_SHELL_PATH : CHROMIUM_PATH);
  const browserDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'switchboard-e2e-browsers-'));
  project.provide('browserDir', browserDir);

  return async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await fsp.rm(browserDir, { recursive: true, force: true });
  };
}

/** How many spec files run at once: the e2e project's maxWorkers (vitest.config.ts). */
function e2eWorkers(project: TestProject): number {
  const configured = Number(project.config.maxWorkers);
  return Number.isInteger(configured) && configured > 0 ? configured : 1;
}

type RunningServer = {
  baseURL: string;
  serverStartedAt: string;
  /** Settles when the server answers its health check, or rejects with its output. */
  started: Promise<void>;
  stop: () => Promise<void>;
};

async function startServer(): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'switchboard-e2e-'));
  const serverStartedAt = new Date().toISOString();
  const child: ChildProcess = spawn(
    process.execPath,
    ['--enable-source-maps', 'apps/server/dist/main.js'],
    {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        // The bundled sandbox platform, smaller than the default and without background calls,
        // so what the browser sees does not depend on timing.
        VAPI_API_KEY: '',
        SANDBOX_CALLS: '1000',
        SANDBOX_SIMULATOR_INTERVAL_MS: '0',
        // A vanished browser's web call ends on silence after 10 s rather than 30 s (the room
        // is polled every 2 s): calls-across-agents.spec.ts waits for one.
        SANDBOX_WEB_CALL_SILENCE_SECONDS: '10',
        // Alerts are checked every 2 s rather than every minute: alerts.spec.ts waits for one
        // to fire and clear.
        ALERT_CHECK_SECONDS: '2',
        // The campaign round runs every 2 s rather than every 10 s: campaigns.spec.ts waits for
        // a retry after a no-answer.
        CAMPAIGN_LEASE_SECONDS: '6',
        // Known credentials, so specs can post as the platform and as a mail provider.
        VAPI_WEBHOOK_SECRET: E2E_WEBHOOK_SECRET,
        INBOUND_MAIL_DOMAIN: E2E_INBOUND.domain,
        INBOUND_POSTMARK_USER: E2E_INBOUND.user,
        INBOUND_POSTMARK_PASSWORD: E2E_INBOUND.password,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));

  const baseURL = `http://127.0.0.1:${port}`;
  let stopping = false;
  // A loaded machine can take longer to start the server: E2E_START_TIMEOUT_MS (default 60 s).
  const startTimeoutMs = Number(process.env.E2E_START_TIMEOUT_MS) || 60_000;
  const started = waitUntilHealthy(`${baseURL}/api/health`, {
    timeoutMs: startTimeoutMs,
    failed: () =>
      stopping
        ? 'stopped before it started'
        : child.exitCode !== null
          ? `The server exited at start:\n${output}`
          : undefined,
    detail: () => output,
  }).then(
    () => {
      // A server that dies during the run would only show as refused connections: say why.
      child.once('exit', (code, signal) => {
        if (stopping) return;
        process.stderr.write(
          `\n!! The e2e server exited during the run (code ${code}, signal ${signal}). Its output:\n${output}\n`,
        );
      });
    },
    (error: unknown) => {
      if (stopping) return; // the run ended first: nothing to report
      child.kill('SIGKILL');
      throw error;
    },
  );

  return {
    baseURL,
    serverStartedAt,
    started,
    stop: async () => {
      stopping = true;
      await stopChild(child);
      await started.catch(() => undefined);
      await fsp.rm(dataDir, { recursive: true, force: true });
    },
  };
}
