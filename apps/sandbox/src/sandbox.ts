import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { createFastify, registerPlatform, type LogLevel } from './app';
import type { ListOrder, SandboxContext } from './context';
import { CallStore, DemoCalls } from './calls/call-store';
import { generateCallIndex, type CallIndex } from './demo/call-index';
import type { MaterializeContext, SandboxCall } from './calls/materialize';
import { Catalog, type DemoServer } from './demo/catalog';
import { CallerDirectory, createFaker } from './demo/fake-data';
import { DEMO_PROFILES } from './demo/profiles';
import { CallSimulator, type SimulateCallOptions } from './simulator/simulator';
import { RecordingLinks } from './recordings/presign';
import { WebhookSender, type ServerTarget, type WebhookCredential } from './simulator/webhooks';

// The public face of @switchboard/sandbox: start an offline, in-memory emulator of the voice
// platform's HTTP API on a loopback port, with deterministic demo data and a call simulator.

export type {
  ServerTarget,
  WebhookAuthenticationPlan,
  WebhookCredential,
} from './simulator/webhooks';
export type { DemoServer } from './demo/catalog';
export type { SimulateCallOptions, SupportedEndedReason } from './simulator/simulator';
export type { SandboxCall } from './calls/materialize';
export type { ListOrder } from './context';
export type { LogLevel } from './app';

export interface SandboxOptions {
  /** Accepted as `Authorization: Bearer …` on every API route except POST /call/web. */
  privateKey: string;
  /** Accepted (only) on POST /call/web, as the web SDK sends it. */
  publicKey: string;
  /** Seed of the demo data (default 42). */
  seed?: number;
  /** Anchor of the demo window: calls are spread over the `days` before it (default: now). */
  now?: Date;
  /** Length of the demo window in days (default 90). */
  days?: number;
  /** Number of demo calls across the demo assistants (default 6000; up to millions). */
  totalCalls?: number;
  /**
   * The demo assistants' `server` and their tools' `server`: where their messages go and how
   * they authenticate (static `headers` and/or a `credentialId` from `credentials`).
   */
  server?: DemoServer;
  /** The org's server, used when neither the assistant nor the phone number has one. */
  orgServer?: ServerTarget;
  /**
   * Webhook credentials (the document's CreateWebhookCredentialDTO plans) a `Server.credentialId`
   * may name. The platform's public document has no /credential path, so they are given here.
   */
  credentials?: readonly WebhookCredential[];
  /** Create a simulated call every `intervalMs` (0 or absent = off). */
  simulator?: {
    intervalMs: number;
    /** Wall-clock time between a simulated call's status steps (default 250 ms). */
    stepMs?: number;
    /** How long a call created with POST /call/web stays in progress (default 15 s). */
    webCallMs?: number;
    /**
     * How long a web call's client may go unheard (no room poll, no transcript line) before the
     * call ends as `silence-timed-out`, the platform's default silenceTimeoutSeconds (30 s).
     */
    webCallSilenceMs?: number;
    /**
     * How long the timer's calls stay in progress, said live so they can be listened to and
     * steered (default 0: about a second). SimulateCallOptions.holdMs does it for one call.
     */
    liveHoldMs?: number;
  };
  /**
   * The org's `concurrencyLimit` (default 10, the platform's default): outbound calls active at
   * once. POST /call beyond it ends as `call.start.error-subscription-concurrency-limit-reached`;
   * a campaign holds its calls beyond it and places them as lines free, for up to an hour.
   */
  concurrencyLimit?: number;
  /** How long a campaign holds calls the concurrency limit keeps back (default one hour). */
  concurrencyHoldMs?: number;
  /** Interface to listen on (default 127.0.0.1). */
  host?: string;
  /** Port (default 0 = a free port). */
  port?: number;
  /**
   * Base URL put in recording and web-call URLs, when clients reach the sandbox through another
   * address than the one it listens on (default: `baseUrl`).
   */
  publicUrl?: string;
  /**
   * Recordings. `publicUrls` (default true): ended calls carry public recording URLs in their
   * artifact; false: they carry none, and the recording is had only through the authenticated
   * download (GET /call/{id}/mono-recording …, a 302 to a presigned link), as when the
   * platform's storage is private. `linkTtlSeconds` (default 300): how long such a link works.
   */
  recordings?: { publicUrls?: boolean; linkTtlSeconds?: number };
  logLevel?: LogLevel;
  /** Use this logger (e.g. a child of the product's) instead of creating one. */
  logger?: FastifyBaseLogger;
  /**
   * The order GET /call, /assistant and /phone-number answer in (default newest-first). The
   * platform's document promises none, so a client must work with either.
   */
  listOrder?: ListOrder;
}

/** One demo assistant and the trade of the business it answers for. */
export interface DemoAssistantInfo {
  id: string;
  phoneNumberId: string;
  /** The demo profile's key: `dental`, `plumbing`, `restaurant` or `survey`. */
  trade: string;
  /** The business the assistant speaks for, and that business's time zone. */
  businessName: string;
  timeZone: string;
}

export interface DemoInfo {
  /** The demo assistants, in the order dental, plumbing, restaurant, survey. */
  assistantIds: readonly string[];
  /** The same assistants with the trade and business each one belongs to. */
  assistants: readonly DemoAssistantInfo[];
  phoneNumberIds: readonly string[];
  orgId: string;
  totalCalls: number;
  /** Range of the demo calls' createdAt. */
  windowStart: Date;
  windowEnd: Date;
  /** Time it took to generate the demo call index, ms. */
  generationMs: number;
}

export interface Sandbox {
  /** e.g. http://127.0.0.1:41234 (no trailing slash). */
  readonly baseUrl: string;
  readonly app: FastifyInstance;
  readonly demo: DemoInfo;
  /** Points the demo assistants (and their tools) at a new server (undefined = none). */
  setServer(server: DemoServer | undefined): void;
  /** Changes the org's server (undefined = none). */
  setOrgServer(server: ServerTarget | undefined): void;
  /** Adds (or replaces) a webhook credential a `Server.credentialId` may name. */
  addCredential(credential: WebhookCredential): void;
  /**
   * Runs one complete simulated call now (about a second), sending its webhooks; resolves with
   * the ended call once the end-of-call-report was delivered or failed.
   */
  simulateCall(options?: SimulateCallOptions): Promise<SandboxCall>;
  /**
   * Ends the simulated calls in progress and places no more, with no webhook sent after it; the
   * API still answers. For a product that is shutting down, before it stops taking webhooks.
   * `close` does it first.
   */
  stopCalls(): Promise<void>;
  close(): Promise<void>;
}

const DEFAULTS = { seed: 42, days: 90, totalCalls: 6000, host: '127.0.0.1', port: 0 };
const MAX_CALLS = 20_000_000;

function validate(options: SandboxOptions): void {
  const problems: string[] = [];
  if (!options.privateKey) problems.push('privateKey is required');
  if (!options.publicKey) problems.push('publicKey is required');
  if (options.privateKey && options.privateKey === options.publicKey) {
    problems.push('privateKey and publicKey must differ');
  }
  const { seed, days, totalCalls, now } = options;
  if (seed !== undefined && !Number.isSafeInteger(seed)) problems.push('seed must be an integer');
  if (days !== undefined && !(days > 0 && days <= 3650))
    problems.push('days must be between 0 and 3650');
  if (
    totalCalls !== undefined &&
    !(Number.isInteger(totalCalls) && totalCalls >= 0 && totalCalls <= MAX_CALLS)
  ) {
    problems.push(`totalCalls must be a whole number between 0 and ${MAX_CALLS}`);
  }
  if (now !== undefined && Number.isNaN(now.getTime())) problems.push('now must be a valid date');
  const ttl = options.recordings?.linkTtlSeconds;
  if (ttl !== undefined && !(Number.isInteger(ttl) && ttl >= 1 && ttl <= 7 * 24 * 3600))
    problems.push('recordings.linkTtlSeconds must be a whole number of seconds, 1 to 604800');
  if (options.server !== undefined && !URL.canParse(options.server.url))
    problems.push('server.url must be a URL');
  if (options.orgServer?.url !== undefined && !URL.canParse(options.orgServer.url))
    problems.push('orgServer.url must be a URL');
  if (problems.length > 0) throw new Error(`Invalid sandbox options: ${problems.join('; ')}`);
}

function formatBaseUrl(address: string): string {
  return address.replace(/\/$/, '');
}

export async function createSandbox(options: SandboxOptions): Promise<Sandbox> {
  const assembled = await assembleSandbox(options);
  const { app, catalog, index, simulator, generationMs } = assembled;

  let address: string;
  try {
    address = await app.listen({
      host: options.host ?? DEFAULTS.host,
      port: options.port ?? DEFAULTS.port,
    });
  } catch (error) {
    await assembled.close();
    throw error;
  }
  const baseUrl = formatBaseUrl(address);
  if (!options.publicUrl) assembled.setPublicUrl(baseUrl);
  app.log.info(
    { baseUrl, calls: index.count, generationMs, assistants: catalog.demoAssistantIds.length },
    'sandbox platform ready',
  );

  simulator.startTimer(options.simulator?.intervalMs ?? 0);

  return {
    baseUrl,
    app,
    demo: {
      assistantIds: catalog.demoAssistantIds,
      assistants: catalog.demoAssistantIds.map((id, index) => {
        const profile = catalog.profiles[index]!;
        return {
          id,
          phoneNumberId: catalog.demoPhoneNumberIds[index]!,
          trade: profile.key,
          businessName: profile.businessName,
          timeZone: profile.timeZone,
        };
      }),
      phoneNumberIds: catalog.demoPhoneNumberIds,
      orgId: catalog.orgId,
      totalCalls: index.count,
      windowStart: new Date(index.windowStart),
      windowEnd: new Date(index.windowEnd),
      generationMs,
    },
    setServer: (server) => catalog.setServer(server),
    setOrgServer: (server) => assembled.setOrgServer(server),
    addCredential: (credential) => assembled.addCredential(credential),
    simulateCall: (simulateOptions) => simulator.simulateCall(simulateOptions),
    stopCalls: () => assembled.stopCalls(),
    close: () => assembled.close(),
  };
}

export interface AssembledSandbox {
  app: FastifyInstance;
  catalog: Catalog;
  store: CallStore;
  simulator: CallSimulator;
  index: CallIndex;
  generationMs: number;
  setPublicUrl(url: string): void;
  setOrgServer(server: ServerTarget | undefined): void;
  addCredential(credential: WebhookCredential): void;
  stopCalls(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Everything but listening: the demo data, the simulator and the Fastify app with its routes
 * (ready for `app.inject`). createSandbox() is this plus `listen`.
 */
export async function assembleSandbox(options: SandboxOptions): Promise<AssembledSandbox> {
  validate(options);
  const seed = options.seed ?? DEFAULTS.seed;
  const nowMs = (options.now ?? new Date()).getTime();
  const days = options.days ?? DEFAULTS.days;
  const totalCalls = options.totalCalls ?? DEFAULTS.totalCalls;
  let orgServer = options.orgServer;
  const credentials = new Map((options.credentials ?? []).map((c) => [c.id, c]));

  const app = createFastify({
    ...(options.logLevel ? { logLevel: options.logLevel } : {}),
    ...(options.logger ? { logger: options.logger } : {}),
  });

  const started = performance.now();
  const index = generateCallIndex({ seed, nowMs, days, totalCalls, profiles: DEMO_PROFILES });
  const generationMs = Math.round(performance.now() - started);

  let publicUrl = options.publicUrl ? formatBaseUrl(options.publicUrl) : '';
  const materialize: MaterializeContext = {
    callers: new CallerDirectory(seed),
    faker: createFaker(),
    publicUrl: () => publicUrl,
    publicRecordingUrls: options.recordings?.publicUrls ?? true,
  };
  const catalog = new Catalog(seed, DEMO_PROFILES, index.windowStart, options.server);
  const store = new CallStore(new DemoCalls(seed, index, catalog, materialize));
  const abort = new AbortController();
  const sender = new WebhookSender({
    credential: (id) => credentials.get(id),
    log: app.log,
    signal: abort.signal,
  });
  const simulator = new CallSimulator({
    seed,
    catalog,
    store,
    ctx: materialize,
    sender,
    log: app.log,
    callerPools: index.callerPools,
    stepMs: options.simulator?.stepMs ?? 250,
    orgServer: () => orgServer,
    webCallMs: options.simulator?.webCallMs ?? 15_000,
    webCallSilenceMs: options.simulator?.webCallSilenceMs ?? 30_000,
    liveHoldMs: options.simulator?.liveHoldMs ?? 0,
    ...(options.concurrencyLimit ? { concurrencyLimit: options.concurrencyLimit } : {}),
  });
  const ctx: SandboxContext = {
    privateKey: options.privateKey,
    publicKey: options.publicKey,
    catalog,
    store,
    simulator,
    materialize,
    recordingLinks: new RecordingLinks(options.recordings?.linkTtlSeconds ?? 300),
    listOrder: options.listOrder ?? 'newest-first',
    webhookCredentials: credentials,
    concurrencyHoldMs: options.concurrencyHoldMs ?? 60 * 60_000,
  };
  await registerPlatform(app, ctx);

  let closing: Promise<void> | undefined;
  const stopCalls = async () => {
    abort.abort();
    await simulator.close();
  };
  return {
    app,
    catalog,
    store,
    simulator,
    index,
    generationMs,
    setPublicUrl: (url) => {
      publicUrl = formatBaseUrl(url);
    },
    setOrgServer: (server) => {
      orgServer = server;
    },
    addCredential: (credential) => {
      credentials.set(credential.id, credential);
    },
    stopCalls,
    close: () => {
      closing ??= (async () => {
        await stopCalls();
        await app.close();
      })();
      return closing;
    },
  };
}
