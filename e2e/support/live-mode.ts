import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../apps/server/src/test/free-port';
import { stopChild, waitUntilHealthy } from './processes';
import type { ParsedMail } from 'mailparser';
import { startSmtpSink } from '../../apps/server/src/test/smtp-sink';
import { databaseUrl, withAdminClient } from '../../apps/server/src/test/template-databases';
import {
  createAudit,
  startPlatformAuditProxy,
  startWebhookAuditProxy,
  type PlatformAudit,
} from './platform-audit';

// The product in live mode against the STANDALONE sandbox platform: two processes, as in
// production (the product with VAPI_API_KEY / VAPI_BASE_URL, the platform elsewhere), each on a
// free port. The sandbox keeps its recordings private (the product must use the authenticated
// download); the product syncs only at start (so what arrives later came by webhook) until the
// test asks for a sync; its mail goes to an SMTP server in the test process (the sign-up's
// set-password link). With TEST_DATABASE_URL the product uses a scratch PostgreSQL database
// (created in a moment), else the embedded one (its first start takes seconds). The operator is
// made with the admin command, as a real deployment makes its first one, before the server
// starts (the embedded database takes one process at a time; its migrations are then done).

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const LIVE_PRIVATE_KEY = 'e2e-live-private-key';
export const LIVE_PUBLIC_KEY = 'e2e-live-public-key';
const LIVE_OPERATOR = { userName: 'operator@live.example', password: 'live-operator-2026' };

export type LiveMode = {
  /** The product. */
  baseURL: string;
  /** The standalone sandbox platform. */
  platformURL: string;
  /** Calls the platform's API with the private key (as the operator's own scripts would). */
  platform: (method: string, path: string, body?: unknown) => Promise<Response>;
  /** Mail the product sent. */
  mail: ParsedMail[];
  /** The operator, made with `npm run admin -- create` before the server started. */
  operator: { userName: string; password: string };
  /**
   * Everything between the product and the platform, checked against the platform's document:
   * the product reaches the platform through one proxy and the platform (and the browser) reach
   * the product through another (support/platform-audit.ts).
   */
  audit: PlatformAudit;
  stop: () => Promise<void>;
};

type Proc = { child: ChildProcess; output: () => string };

function run(name: string, args: string[], env: NodeJS.ProcessEnv): Proc {
  const child = spawn(process.execPath, ['--enable-source-maps', ...args], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return { child, output: () => `[${name}]\n${output}` };
}

/** A started process's health, or why it exited at start. */
const healthy = (url: string, proc: Proc, timeoutMs: number) =>
  waitUntilHealthy(url, {
    timeoutMs,
    failed: () => (proc.child.exitCode === null ? undefined : `exited at start:\n${proc.output()}`),
    detail: proc.output,
  });

export async function startLiveMode(): Promise<LiveMode> {
  const [platformPort, port, smtpPort] = await Promise.all([freePort(), freePort(), freePort()]);
  const smtp = await startSmtpSink(smtpPort);
  const adminUrl = process.env.TEST_DATABASE_URL;
  const database = adminUrl ? `switchboard_e2e_live_${randomBytes(6).toString('hex')}` : null;
  if (adminUrl && database) {
    await withAdminClient(adminUrl, (client) => client.query(`CREATE DATABASE ${database}`));
  }
  const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), 'switchboard-e2e-live-'));
  const platformURL = `http://127.0.0.1:${platformPort}`;
  const productURL = `http://127.0.0.1:${port}`;
  const audit = createAudit();
  const [platformProxy, productProxy] = await Promise.all([
    startPlatformAuditProxy(platformURL, audit),
    startWebhookAuditProxy(productURL, '/api/platform/webhook', audit),
  ]);
  // The product's public address is the proxy in front of it: webhooks and the browser go there.
  const baseURL = productProxy.url;
  const started: Proc[] = [];
  const stop = async () => {
    await Promise.all(started.map((proc) => stopChild(proc.child)));
    await Promise.all([platformProxy.close(), productProxy.close()]);
    await smtp.close();
    if (adminUrl && database) {
      await withAdminClient(adminUrl, (client) =>
        client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`),
      );
    }
    await fsp.rm(dataDir, { recursive: true, force: true });
  };

  const productEnv: NodeJS.ProcessEnv = {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseURL,
    DATA_DIR: dataDir,
    DATABASE_URL: adminUrl && database ? databaseUrl(adminUrl, database) : '',
    LOG_LEVEL: 'warn',
    VAPI_API_KEY: LIVE_PRIVATE_KEY,
    VAPI_PUBLIC_KEY: LIVE_PUBLIC_KEY,
    VAPI_BASE_URL: platformProxy.url,
    VAPI_WEBHOOK_SECRET: '',
    // Sync at start only: later calls reach the product by webhook, or by the test's sync.
    SYNC_INTERVAL_SECONDS: '3600',
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  };
  try {
    // Side by side: the server's first start (its database) takes longer than the platform's,
    // and its start-up sync retries until the platform answers.
    const sandbox = run('sandbox', ['apps/sandbox/dist/main.js'], {
      SANDBOX_PORT: String(platformPort),
      SANDBOX_HOST: '127.0.0.1',
      VAPI_API_KEY: LIVE_PRIVATE_KEY,
      VAPI_PUBLIC_KEY: LIVE_PUBLIC_KEY,
      SANDBOX_CALLS: '30',
      SANDBOX_SIMULATOR_INTERVAL_MS: '0',
      SANDBOX_RECORDING_URLS: 'none',
      // Its presigned recording links, like its API, are reached through the checking proxy.
      SANDBOX_PUBLIC_URL: platformProxy.url,
      SANDBOX_SERVER_URL: '',
      LOG_LEVEL: 'warn',
    });
    started.push(sandbox);
    const admin = run('admin', ['apps/server/dist/admin.js', 'create', LIVE_OPERATOR.userName], {
      ...productEnv,
      ADMIN_PASSWORD: LIVE_OPERATOR.password,
    });
    const adminExit = await new Promise<number | null>((resolve) =>
      admin.child.once('exit', resolve),
    );
    if (adminExit !== 0) throw new Error(`the admin command failed:\n${admin.output()}`);
    const server = run('server', ['apps/server/dist/main.js'], productEnv);
    started.push(server);
    await Promise.all([
      healthy(`${platformURL}/health`, sandbox, 45_000),
      healthy(`${productURL}/api/health`, server, 90_000),
    ]);
  } catch (error) {
    await stop();
    throw error;
  }

  const platform = (method: string, route: string, body?: unknown) =>
    fetch(`${platformURL}${route}`, {
      method,
      headers: {
        authorization: `Bearer ${LIVE_PRIVATE_KEY}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  return {
    baseURL,
    platformURL,
    platform,
    mail: smtp.received,
    operator: LIVE_OPERATOR,
    audit,
    stop,
  };
}
