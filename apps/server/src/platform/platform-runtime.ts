import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { createSandbox, type Sandbox, type WebhookAuth } from '@switchboard/sandbox/sandbox';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import { createPlatformClient, type PlatformClient } from './platform-client';
import type { RecordingHosts } from './recording-fetch';
import type { WebhookAuthConfig } from './webhook-auth';

export const WEBHOOK_PATH = '/api/platform/webhook';

/** How long a sandbox web call stays in progress when its caller never hangs up. */
export const SANDBOX_WEB_CALL_MAX_MS = 10 * 60_000;

/**
 * What the rest of the server knows about the voice platform: a client, the public key for the
 * browser, how incoming webhooks are checked, and (in sandbox mode) the sandbox itself.
 */
export type PlatformRuntime = {
  client: PlatformClient;
  publicKey: string | undefined;
  /** null: webhooks are refused (live mode without VAPI_WEBHOOK_SECRET). */
  webhookAuth: WebhookAuthConfig | null;
  sandbox: Sandbox | undefined;
  /**
   * Where the platform should send this server's webhooks and agent tool calls: PUBLIC_URL's
   * webhook path, or in sandbox mode the loopback address once the server listens. Undefined
   * when neither is known (a live platform without PUBLIC_URL).
   */
  webhookUrl: () => string | undefined;
  /**
   * Where to fetch a recording whose URL a call carries. The real platform's URLs are used as
   * they are; the in-process sandbox listens on a new port at every start, so its loopback
   * recording URLs stored by an earlier run are pointed at the sandbox running now.
   */
  recordingSource: (storedUrl: string) => string;
  /** The only hosts recordings are fetched from: the sandbox's origin, or RECORDING_HOSTS. */
  recordingHosts: RecordingHosts;
  /** Called once the server listens: the sandbox learns where to send its webhooks. */
  onListen: (serverBaseUrl: string) => void;
  close: () => Promise<void>;
};

function sandboxWebhookAuth(auth: WebhookAuthConfig): WebhookAuth {
  switch (auth.mode) {
    case 'secret-header':
      return { mode: 'secret-header', secret: auth.secret, headerName: auth.secretHeader };
    case 'bearer':
      return { mode: 'bearer', token: auth.secret };
    case 'hmac':
      return { mode: 'hmac', secret: auth.secret };
  }
}

/**
 * The sandbox's demo window is anchored once per data directory, so a restart shows the same
 * calls with the same ids and times instead of a shifted copy.
 */
async function sandboxAnchor(dataDir: string): Promise<Date> {
  const file = path.join(dataDir, 'sandbox.json');
  try {
    const saved = JSON.parse(await fs.readFile(file, 'utf8')) as { anchor?: string };
    const anchor = new Date(saved.anchor ?? '');
    if (!Number.isNaN(anchor.getTime())) return anchor;
  } catch {
    // first start, or an unreadable file: anchor now
  }
  const anchor = new Date();
  await fs.mkdir(dataDir, { recursive: true });
  await fs.writeFile(file, JSON.stringify({ anchor: anchor.toISOString() }, null, 2));
  return anchor;
}

export async function startPlatform(
  config: Config,
  log: FastifyBaseLogger,
): Promise<PlatformRuntime> {
  const { platform } = config;
  const publicWebhookUrl = config.publicUrl
    ? new URL(WEBHOOK_PATH, config.publicUrl).toString()
    : undefined;
  const configuredAuth = platform.webhook.secret
    ? {
        mode: platform.webhook.auth,
        secret: platform.webhook.secret,
        secretHeader: platform.webhook.secretHeader,
      }
    : null;

  if (platform.apiKey) {
    if (!configuredAuth) {
      log.warn(
        'VAPI_WEBHOOK_SECRET is not set: platform webhooks will be refused; calls arrive by sync only.',
      );
    }
    return {
      client: createPlatformClient({
        mode: 'live',
        baseUrl: platform.baseUrl,
        apiKey: platform.apiKey,
      }),
      publicKey: platform.publicKey,
      webhookAuth: configuredAuth,
      sandbox: undefined,
      webhookUrl: () => publicWebhookUrl,
      recordingSource: (storedUrl) => storedUrl,
      recordingHosts: { kind: 'live', hosts: platform.recordingHosts },
      onListen: () => undefined,
      close: async () => undefined,
    };
  }

  // No platform account configured: run the bundled sandbox platform in this process, on a
  // loopback port, with keys and a webhook secret that live only as long as the process.
  const webhookAuth = configuredAuth ?? {
    mode: platform.webhook.auth,
    secret: randomBytes(24).toString('base64url'),
    secretHeader: platform.webhook.secretHeader,
  };
  let loopbackWebhookUrl: string | undefined;
  const privateKey = `sandbox-private-${randomBytes(16).toString('hex')}`;
  const publicKey = `sandbox-public-${randomBytes(16).toString('hex')}`;
  const sandbox = await createSandbox({
    privateKey,
    publicKey,
    seed: config.sandbox.seed,
    totalCalls: config.sandbox.calls,
    now: await sandboxAnchor(config.dataDir),
    webhookAuth: sandboxWebhookAuth(webhookAuth),
    simulator: {
      intervalMs: config.sandbox.simulatorIntervalMs,
      // A "Talk to agent" call lasts until the browser leaves its room (which hangs it up);
      // one left open ends by itself after this long.
      webCallMs: SANDBOX_WEB_CALL_MAX_MS,
    },
    logger: log.child({ component: 'sandbox-platform' }),
  });
  log.info(
    `No VAPI_API_KEY: using the bundled sandbox voice platform at ${sandbox.baseUrl} ` +
      `(${sandbox.demo.totalCalls} demo calls${config.sandbox.simulatorIntervalMs ? `, a new call every ${Math.round(config.sandbox.simulatorIntervalMs / 1000)} s` : ''}).`,
  );
  return {
    // The sandbox is local: a failure is a bug to see at once, not a blip to retry.
    client: createPlatformClient({
      mode: 'sandbox',
      baseUrl: sandbox.baseUrl,
      apiKey: privateKey,
      maxRetries: 0,
    }),
    publicKey,
    webhookAuth,
    sandbox,
    // The sandbox runs beside us: it reaches us over loopback, whatever PUBLIC_URL says.
    webhookUrl: () => loopbackWebhookUrl ?? publicWebhookUrl,
    recordingSource: (storedUrl) => {
      const url = new URL(storedUrl);
      const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
      if (!loopback || !url.pathname.startsWith('/recordings/')) return storedUrl;
      return `${sandbox.baseUrl}${url.pathname}${url.search}`;
    },
    recordingHosts: { kind: 'sandbox', origin: new URL(sandbox.baseUrl).origin },
    onListen: (serverBaseUrl) => {
      loopbackWebhookUrl = `${serverBaseUrl}${WEBHOOK_PATH}`;
      sandbox.setServerUrl(loopbackWebhookUrl);
    },
    close: () => sandbox.close(),
  };
}
