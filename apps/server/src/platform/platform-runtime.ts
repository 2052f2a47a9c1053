import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { createSandbox as CreateSandbox, Sandbox } from '@switchboard/sandbox/sandbox';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { PlatformCallLogs } from './platform-call-logs';
import {
  createPlatformClient,
  describePlatformError,
  type PlatformClient,
} from './platform-client';
import { PlatformRecordings } from './platform-recordings';
import type { RecordingHosts } from './recording-fetch';
import type { WebhookAuthConfig } from './webhook-auth';
import { sharedWebhookCredential, sharedWebhookSecret } from './webhook-secret';

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
  /** How incoming webhooks are checked (VAPI_WEBHOOK_SECRET, else the stored generated one). */
  webhookAuth: WebhookAuthConfig;
  /**
   * What our agents' `server` (and their tools' `server`) carry so that the platform's requests
   * pass that check: a static header with the secret, or (HMAC) a webhook credential's id —
   * known only when we made the credential (the sandbox), else the operator's stays.
   */
  serverAuth: ServerAuth;
  /**
   * HMAC mode: makes (once, then from the database) the webhook credential our agents' `server`
   * names and puts its id in `serverAuth`; nothing to do in the other modes. Called at start
   * (a platform that does not answer then is tried again) and before an agent's `server` is
   * written. Rejects with the platform's failure.
   */
  ensureServerAuth: () => Promise<void>;
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
  /**
   * The only hosts recordings are fetched from: the sandbox's origin, or RECORDING_HOSTS and
   * the platform API's origin.
   */
  recordingHosts: RecordingHosts;
  /** Recordings for the browser: a call's URL, else the platform's authenticated download. */
  recordings: PlatformRecordings;
  /** A call's platform logs (GET /call/{id}/call-logs, its file on the recording hosts). */
  callLogs: PlatformCallLogs;
  /** Called once the server listens: the sandbox learns where to send its webhooks. */
  onListen: (serverBaseUrl: string) => void;
  /**
   * Once our close has begun, before we stop taking webhooks: the in-process sandbox ends its
   * simulated calls, so it does not deliver into a closed server (a real platform is not ours
   * to stop).
   */
  beforeClose: () => Promise<void>;
  close: () => Promise<void>;
};

export type ServerAuth = {
  /** Static headers of the `Server` (the document's `Server.headers`). */
  headers: Record<string, string>;
  /** HMAC mode: the webhook credential's id (`Server.credentialId`), once it is made. */
  credentialId?: string;
};

/** The `Server.headers` that make the platform's requests pass `checkWebhookAuth`. */
export function serverHeadersFor(auth: WebhookAuthConfig): Record<string, string> {
  switch (auth.mode) {
    case 'secret-header':
      return { [auth.secretHeader]: auth.secret };
    case 'bearer':
      return { authorization: `Bearer ${auth.secret}` };
    case 'hmac':
      // A signature cannot be a static header: it takes a webhook credential.
      return {};
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

/** The platform settings are missing and this build carries no sandbox platform to fall back on. */
export class SandboxUnavailableError extends Error {}

/**
 * HMAC mode's `ensureServerAuth`: the webhook credential made (or, with a database, read back)
 * once; a failure is logged and tried again at the next call. Other modes: nothing to do.
 */
function webhookCredentialMaker(
  db: Db | null,
  client: PlatformClient,
  webhookAuth: WebhookAuthConfig,
  serverAuth: ServerAuth,
  log: FastifyBaseLogger,
): () => Promise<void> {
  if (webhookAuth.mode !== 'hmac') return async () => undefined;
  let pending: Promise<void> | undefined;
  return () => {
    if (serverAuth.credentialId) return Promise.resolve();
    pending ??= (async () => {
      try {
        serverAuth.credentialId = db
          ? await sharedWebhookCredential(db, client, webhookAuth.secret)
          : (
              await client.credentials.createWebhook({
                name: 'Switchboard webhooks',
                authenticationPlan: {
                  type: 'hmac',
                  secretKey: webhookAuth.secret,
                  algorithm: 'sha256',
                },
              })
            ).id;
        log.info(
          'VAPI_WEBHOOK_AUTH=hmac: our agents name the webhook credential that signs for us',
        );
      } catch (error) {
        log.error(
          `VAPI_WEBHOOK_AUTH=hmac: the platform's webhook credential could not be made (${describePlatformError(error)}); agents get none until it can`,
        );
        throw error;
      } finally {
        pending = undefined;
      }
    })();
    return pending;
  };
}

/**
 * The sandbox platform (and its demo-data generator) is loaded only when no platform key is set.
 * The built server finds it as its own bundle beside it; an image built without it has none.
 */
export async function loadSandbox(): Promise<{ createSandbox: typeof CreateSandbox }> {
  try {
    return await import('@switchboard/sandbox/sandbox');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ERR_MODULE_NOT_FOUND') throw error;
    throw new SandboxUnavailableError(
      'VAPI_API_KEY is not set, and this build has no sandbox platform to run instead. ' +
        'Set VAPI_API_KEY, VAPI_PUBLIC_KEY and PUBLIC_URL for the real platform, or build the ' +
        'image with --build-arg WITH_SANDBOX=true for a demo.',
      { cause: error },
    );
  }
}

export async function startPlatform(
  config: Config,
  log: FastifyBaseLogger,
  db: Db,
): Promise<PlatformRuntime> {
  const { platform } = config;
  const publicWebhookUrl = config.publicUrl
    ? new URL(WEBHOOK_PATH, config.publicUrl).toString()
    : undefined;
  const webhookAuth: WebhookAuthConfig = {
    mode: platform.webhook.auth,
    secret: platform.webhook.secret ?? (await sharedWebhookSecret(db)),
    secretHeader: platform.webhook.secretHeader,
  };

  if (platform.apiKey) {
    const recordingHosts: RecordingHosts = {
      kind: 'live',
      hosts: platform.recordingHosts,
      origins: [new URL(platform.baseUrl).origin],
    };
    const client = createPlatformClient({
      mode: 'live',
      baseUrl: platform.baseUrl,
      apiKey: platform.apiKey,
      listPageSize: platform.listPageSize,
    });
    const serverAuth: ServerAuth = { headers: serverHeadersFor(webhookAuth) };
    const ensureServerAuth = webhookCredentialMaker(db, client, webhookAuth, serverAuth, log);
    await ensureServerAuth().catch(() => undefined);
    return {
      client,
      publicKey: platform.publicKey,
      webhookAuth,
      serverAuth,
      ensureServerAuth,
      sandbox: undefined,
      webhookUrl: () => publicWebhookUrl,
      recordingSource: (storedUrl) => storedUrl,
      recordingHosts,
      recordings: new PlatformRecordings({
        baseUrl: platform.baseUrl,
        apiKey: platform.apiKey,
        allowed: recordingHosts,
      }),
      callLogs: new PlatformCallLogs({
        baseUrl: platform.baseUrl,
        apiKey: platform.apiKey,
        allowed: recordingHosts,
      }),
      onListen: () => undefined,
      beforeClose: async () => undefined,
      close: async () => undefined,
    };
  }

  // No platform account configured: run the bundled sandbox platform in this process, on a
  // loopback port, with keys that live only as long as the process. In HMAC mode the webhook
  // credential is made through its POST /credential, as on the real platform.
  const serverAuth: ServerAuth = { headers: serverHeadersFor(webhookAuth) };
  let loopbackWebhookUrl: string | undefined;
  const privateKey = `sandbox-private-${randomBytes(16).toString('hex')}`;
  const publicKey = `sandbox-public-${randomBytes(16).toString('hex')}`;
  const { createSandbox } = await loadSandbox();
  const sandbox = await createSandbox({
    privateKey,
    publicKey,
    seed: config.sandbox.seed,
    totalCalls: config.sandbox.calls,
    now: await sandboxAnchor(config.dataDir),
    simulator: {
      intervalMs: config.sandbox.simulatorIntervalMs,
      // A "Talk to agent" call lasts until the browser leaves its room (which hangs it up);
      // one left open ends by itself after this long.
      webCallMs: SANDBOX_WEB_CALL_MAX_MS,
      // One whose browser vanished (stopped polling its room) ends on silence after this long.
      webCallSilenceMs: config.sandbox.webCallSilenceMs,
      // Its timer's calls can be watched live for this long (decision 059).
      liveHoldMs: config.sandbox.liveCallMs,
    },
    concurrencyLimit: config.sandbox.concurrencyLimit,
    logger: log.child({ component: 'sandbox-platform' }),
  });
  log.info(
    `No VAPI_API_KEY: using the bundled sandbox voice platform at ${sandbox.baseUrl} ` +
      `(${sandbox.demo.totalCalls} demo calls${config.sandbox.simulatorIntervalMs ? `, a new call every ${Math.round(config.sandbox.simulatorIntervalMs / 1000)} s` : ''}).`,
  );
  const sandboxRecordingHosts: RecordingHosts = {
    kind: 'sandbox',
    origin: new URL(sandbox.baseUrl).origin,
  };
  // The sandbox is local: a failure is a bug to see at once, not a blip to retry.
  const client = createPlatformClient({
    mode: 'sandbox',
    baseUrl: sandbox.baseUrl,
    apiKey: privateKey,
    maxRetries: 0,
    listPageSize: config.platform.listPageSize,
  });
  // The sandbox forgets its credentials when the process ends: its credential is made anew at
  // every start rather than remembered in the database.
  const ensureServerAuth = webhookCredentialMaker(null, client, webhookAuth, serverAuth, log);
  await ensureServerAuth();
  return {
    client,
    publicKey,
    webhookAuth,
    serverAuth,
    ensureServerAuth,
    sandbox,
    // The sandbox runs beside us: it reaches us over loopback, whatever PUBLIC_URL says.
    webhookUrl: () => loopbackWebhookUrl ?? publicWebhookUrl,
    recordingSource: (storedUrl) => {
      const url = new URL(storedUrl);
      const loopback = ['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname);
      if (!loopback || !url.pathname.startsWith('/recordings/')) return storedUrl;
      return `${sandbox.baseUrl}${url.pathname}${url.search}`;
    },
    recordingHosts: sandboxRecordingHosts,
    recordings: new PlatformRecordings({
      baseUrl: sandbox.baseUrl,
      apiKey: privateKey,
      allowed: sandboxRecordingHosts,
    }),
    callLogs: new PlatformCallLogs({
      baseUrl: sandbox.baseUrl,
      apiKey: privateKey,
      allowed: sandboxRecordingHosts,
    }),
    onListen: (serverBaseUrl) => {
      loopbackWebhookUrl = `${serverBaseUrl}${WEBHOOK_PATH}`;
      sandbox.setServer({ url: loopbackWebhookUrl, ...serverAuth });
    },
    beforeClose: () => sandbox.stopCalls(),
    close: () => sandbox.close(),
  };
}
