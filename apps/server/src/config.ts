import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { LOG_FORMATS, type LogFormat } from './lib/log-format';
import { localUrlProblem } from './lib/local-address';

// The only reader of process.env in the server. Parsed once at start; a bad value stops the
// process with a readable list of what is wrong instead of failing later somewhere deep.

const here = path.dirname(fileURLToPath(import.meta.url));
const defaultWebDist = path.resolve(here, '../../web/dist');

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((value) => value === 'true' || value === '1' || value === 'yes');

const portNumber = z.coerce
  .number<string | undefined>({ error: 'must be a port number' })
  .int('must be a whole number')
  .min(0, 'must be between 0 and 65535')
  .max(65535, 'must be between 0 and 65535');

/** A whole number ≥ 0 of `unit`. */
const wholeNumber = (unit: string) =>
  z.coerce
    .number<string | undefined>({ error: `must be a number of ${unit}` })
    .int(`must be a whole number of ${unit}`)
    .min(0, `must be a number of ${unit}`);

const milliseconds = wholeNumber('milliseconds');
const otlpUrl = z.url({
  protocol: /^https?$/,
  error: 'must be an http:// or https:// URL, e.g. http://localhost:4318',
});

// OTLP over HTTP only: the gRPC exporter would bring gRPC and protobufjs (an install script).
const otlpProtocol = z.enum(['http/protobuf', 'http/json', 'grpc'], {
  error: 'must be http/protobuf or http/json',
});

/** A host name, or `*.` and one for any name under it. */
const HOST_NAME = /^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*$/;

const envObject = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
  PORT: portNumber.default(3000),
  // Prometheus metrics without a session, for scrapers (off unless set; bound to HOST).
  METRICS_PORT: optionalString.pipe(portNumber.optional()),
  HOST: z.string().trim().min(1).default('localhost'),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
      .optional(),
  ),
  // The PostgreSQL pool (decision 048); PGlite is one connection inside the process.
  // Connections per instance: instances × this must stay below the server's max_connections.
  DATABASE_POOL_MAX: wholeNumber('connections')
    .min(1, 'must be at least 1')
    .max(1000, 'must be at most 1000')
    .default(10),
  // Waiting for a connection, a new one or a free one of a full pool; then the request answers
  // 503 with Retry-After instead of hanging.
  DATABASE_CONNECT_TIMEOUT_MS: milliseconds.min(100, 'must be at least 100').default(5_000),
  // An unused connection is closed after this long (0: kept until the pool closes).
  DATABASE_IDLE_TIMEOUT_MS: milliseconds.default(30_000),
  // PostgreSQL cancels a statement that runs longer (0: not set by us, the database's own
  // setting applies). The migrations at start are exempt.
  DATABASE_STATEMENT_TIMEOUT_MS: milliseconds.default(30_000),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  LOG_FORMAT: z.enum(LOG_FORMATS).default('auto'),
  PUBLIC_URL: optionalString.pipe(
    z.url('must be a URL such as https://switchboard.example.com').optional(),
  ),
  TRUST_PROXY: booleanFlag,
  WEB_DIST_DIR: z.string().trim().min(1).default(defaultWebDist),

  // Voice platform (the bundled sandbox platform is used when VAPI_API_KEY is not set).
  VAPI_API_KEY: optionalString,
  VAPI_PUBLIC_KEY: optionalString,
  VAPI_BASE_URL: optionalString.pipe(z.url('must be a URL').optional()),
  VAPI_WEBHOOK_SECRET: optionalString,
  VAPI_WEBHOOK_AUTH: z.enum(['secret-header', 'bearer', 'hmac']).default('secret-header'),
  VAPI_WEBHOOK_SECRET_HEADER: z.string().trim().toLowerCase().min(1).default('x-vapi-secret'),
  SYNC_INTERVAL_SECONDS: z.coerce.number().int().min(10, 'must be at least 10').default(300),
  // Rows asked per request when the console reads one of the platform's lists to its end (the
  // document's `limit`, at most 1000). Smaller only to exercise paging.
  PLATFORM_LIST_PAGE_SIZE: z.coerce
    .number()
    .int()
    .min(1, 'must be at least 1')
    .max(1000, 'must be at most 1000')
    .default(1000),
  // Where a live platform's recordings may be fetched from (host names, `*.` for sub-domains).
  RECORDING_HOSTS: optionalString.pipe(
    z
      .string()
      .transform((value) =>
        value
          .split(',')
          .map((host) => host.trim().toLowerCase())
          .filter(Boolean),
      )
      .refine((hosts) => hosts.every((host) => HOST_NAME.test(host)), {
        error: 'must be host names separated by commas, e.g. storage.vapi.ai,*.r2.example.com',
      })
      .optional(),
  ),

  // The bundled sandbox platform (used when VAPI_API_KEY is not set).
  SANDBOX_SEED: z.coerce.number().int().default(42),
  SANDBOX_CALLS: z.coerce.number().int().min(0).max(5_000_000).default(6000),
  SANDBOX_SIMULATOR_INTERVAL_MS: z.coerce.number().int().min(0).optional(),
  // A "Talk to agent" call whose browser stops polling its room ends as silence-timed-out after
  // this long (the platform's default silence timeout, 30 s).
  SANDBOX_WEB_CALL_SILENCE_SECONDS: z.coerce
    .number()
    .int()
    .min(5, 'must be at least 5')
    .default(30),
  // The simulator's calls stay in progress up to this long, said live, so they can be watched,
  // listened to and stepped into (decision 059); 0 = about a second, as before.
  SANDBOX_LIVE_CALL_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  // The sandbox platform's org concurrency limit (the platform's default is 10).
  SANDBOX_CONCURRENCY_LIMIT: z.coerce.number().int().min(1, 'must be at least 1').default(10),
  // The live platform account's concurrency limit, when the operator knows it (its dashboard):
  // campaigns show their concurrency against it. Not set: not known.
  VAPI_CONCURRENCY_LIMIT: z.coerce.number().int().min(1, 'must be at least 1').optional(),

  // Mail (the local mailbox table is used when SMTP_URL is not set).
  SMTP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  MAIL_FROM: z.string().trim().min(1).default('Switchboard <no-reply@switchboard.localhost>'),

  // Customers' answers to enquiry replies (decision 030): the domain of the reply-to addresses
  // (reply+<token>@INBOUND_MAIL_DOMAIN), the providers' webhook credentials, and IMAP polling.
  INBOUND_MAIL_DOMAIN: optionalString.pipe(
    z
      .string()
      .toLowerCase()
      .regex(/^[a-z0-9-]+(\.[a-z0-9-]+)+$/, 'must be a mail domain such as in.example.com')
      .optional(),
  ),
  INBOUND_POSTMARK_USER: optionalString,
  INBOUND_POSTMARK_PASSWORD: optionalString,
  INBOUND_MAILGUN_SIGNING_KEY: optionalString,
  IMAP_URL: optionalString.pipe(
    z
      .string()
      .regex(/^imaps?:\/\//, 'must be an imap:// or imaps:// URL (imaps://user:password@host)')
      .optional(),
  ),
  IMAP_MAILBOX: z.string().trim().min(1).default('INBOX'),
  IMAP_POLL_SECONDS: z.coerce.number().int().min(5, 'must be at least 5').default(60),

  // Contact imports: the upload, and what an Excel workbook may expand to when unzipped.
  IMPORT_MAX_FILE_MB: z.coerce.number().int().min(1, 'must be at least 1').default(25),
  IMPORT_MAX_UNCOMPRESSED_MB: z.coerce.number().int().min(1, 'must be at least 1').default(100),
  // On PostgreSQL, how long a running import stays claimed by its instance without a renewal:
  // how long an import a killed instance left stays "running" before another fails it.
  // Renewed every third of it at least, so a few missed renewals do not lose it.
  IMPORT_LEASE_SECONDS: z.coerce.number().int().min(3, 'must be at least 3').default(30),
  // Rows an import writes (and on PGlite commits) at a time, and a rolled-back import's rows
  // taken back at a time. Tests lower it to stop an import mid-way with a small file.
  IMPORT_BATCH_ROWS: z.coerce
    .number()
    .int()
    .min(1, 'must be at least 1')
    .max(10_000, 'must be at most 10000')
    .default(2000),
  // How long a campaign's calls in flight stay with the instance that placed them without a
  // renewal (every third of it): a campaign a killed instance left is reconciled with the
  // platform and goes on this long after (decision 053).
  CAMPAIGN_LEASE_SECONDS: z.coerce.number().int().min(3, 'must be at least 3').default(30),
  // How often alerts are evaluated and due digests sent, by one instance at a time (decision 062).
  ALERT_CHECK_SECONDS: z.coerce
    .number()
    .int()
    .min(1, 'must be at least 1')
    .max(3600, 'must be at most 3600')
    .default(60),

  // Rate limits kept in Redis, shared by every instance (in this process's memory when unset).
  REDIS_URL: optionalString.pipe(
    z
      .string()
      .regex(/^rediss?:\/\//, 'must be a redis:// or rediss:// URL')
      .optional(),
  ),
  REDIS_KEY_PREFIX: z.string().trim().min(1).default('switchboard:'),

  // SIGTERM/SIGINT: how long in-flight requests and background work get to finish before the
  // process exits anyway (keep a container's stop grace period above it).
  SHUTDOWN_GRACE_SECONDS: wholeNumber('seconds')
    .min(1, 'must be at least 1')
    .max(3600, 'must be at most 3600')
    .default(10),
  // Tracing (decision 046): OpenTelemetry, off unless an OTLP endpoint is set. These decide
  // whether it starts, where spans go and how they are encoded; the rest of the standard OTEL_*
  // variables (headers, timeout, compression, sampler, batch delays, resource attributes) are
  // read by the OpenTelemetry SDK itself, as it always does.
  OTEL_SDK_DISABLED: booleanFlag,
  OTEL_EXPORTER_OTLP_ENDPOINT: optionalString.pipe(otlpUrl.optional()),
  OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: optionalString.pipe(otlpUrl.optional()),
  OTEL_EXPORTER_OTLP_PROTOCOL: optionalString.pipe(otlpProtocol.optional()),
  OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: optionalString.pipe(otlpProtocol.optional()),
  OTEL_SERVICE_NAME: optionalString.pipe(z.string().default('switchboard')),
});

const envSchema = envObject.superRefine((env, ctx) => {
  if (!!env.INBOUND_POSTMARK_USER !== !!env.INBOUND_POSTMARK_PASSWORD) {
    ctx.addIssue({
      code: 'custom',
      path: ['INBOUND_POSTMARK_PASSWORD'],
      message: 'INBOUND_POSTMARK_USER and INBOUND_POSTMARK_PASSWORD are set together',
    });
  }
  // With a real platform the server cannot know the address users reach (behind a proxy or a
  // load balancer), and the Host header of a request must never decide where a link points.
  if (env.VAPI_API_KEY && !env.PUBLIC_URL) {
    ctx.addIssue({
      code: 'custom',
      path: ['PUBLIC_URL'],
      message:
        'must be set when VAPI_API_KEY is: links in mail and the platform webhooks need the address users reach, e.g. https://switchboard.example.com',
    });
  }
  // The platform calls our webhook (and the agents' tools) at PUBLIC_URL. A platform on the
  // internet cannot reach a local address there; one on this network (a standalone sandbox at a
  // loopback VAPI_BASE_URL) can (decision 054).
  if (env.VAPI_API_KEY && env.PUBLIC_URL) {
    const platform = new URL(env.VAPI_BASE_URL ?? PLATFORM_DEFAULT_BASE_URL);
    const ports = { ports: 'any' } as const;
    if (!localUrlProblem(platform, ports) && localUrlProblem(new URL(env.PUBLIC_URL), ports)) {
      ctx.addIssue({
        code: 'custom',
        path: ['PUBLIC_URL'],
        message: `must be an address the voice platform (${platform.origin}) reaches over the internet, where it sends the webhooks: not localhost, a private network address or a name that points to one`,
      });
    }
  }
  for (const name of [
    'OTEL_EXPORTER_OTLP_PROTOCOL',
    'OTEL_EXPORTER_OTLP_TRACES_PROTOCOL',
  ] as const) {
    if (env[name] === 'grpc') {
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message:
          'grpc is not supported: use http/protobuf (the default) or http/json, usually on port 4318',
      });
    }
  }
});

export type Config = {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  /** A second listener that serves only /metrics; undefined = none. */
  metricsPort: number | undefined;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  /** auto: readable lines when stdout is a terminal, JSON lines otherwise. */
  logFormat: LogFormat;
  publicUrl: string | undefined;
  trustProxy: boolean;
  webDistDir: string;
  database:
    | { kind: 'postgres'; url: string; pool: PoolSettings }
    | { kind: 'pglite'; dataDir: string };
  dataDir: string;
  platform: {
    apiKey: string | undefined;
    publicKey: string | undefined;
    baseUrl: string;
    webhook: {
      secret: string | undefined;
      auth: 'secret-header' | 'bearer' | 'hmac';
      secretHeader: string;
    };
    syncIntervalSeconds: number;
    /** Rows per request when a list is read to its end (PLATFORM_LIST_PAGE_SIZE). */
    listPageSize: number;
    /** Host names a live platform's recordings are fetched from (see platform/recording-fetch.ts). */
    recordingHosts: string[];
  };
  sandbox: {
    seed: number;
    calls: number;
    /** A new simulated call every this many ms; 0 = off. */
    simulatorIntervalMs: number;
    /** A web call whose browser is silent this long ends (silence-timed-out). */
    webCallSilenceMs: number;
    /** How long the simulator's calls stay in progress, said live (0: about a second). */
    liveCallMs: number;
    /** The sandbox org's concurrency limit (outbound calls at once). */
    concurrencyLimit: number;
  };
  mail: { smtpUrl: string | undefined; from: string };
  /** Customers' answers to enquiry replies (decision 030). */
  inboundMail: {
    /** reply+<token>@domain; undefined: replies carry no reply-to address of ours. */
    domain: string | undefined;
    postmark: { user: string; password: string } | undefined;
    mailgunSigningKey: string | undefined;
    imap: { url: string; mailbox: string; pollSeconds: number } | undefined;
  };
  imports: {
    maxFileMb: number;
    maxUncompressedMb: number;
    /** How long a claim on a running import holds without renewal (PostgreSQL). */
    leaseMs: number;
    /** Rows written (and taken back) at a time. */
    batchSize: number;
  };
  /** Outbound campaigns (decision 053). */
  campaigns: {
    /** How long an instance's hold on a campaign's calls in flight lasts without renewal. */
    leaseMs: number;
    /**
     * The voice platform account's concurrency limit where known: the sandbox's own, or
     * VAPI_CONCURRENCY_LIMIT for a live account (undefined: not known).
     */
    platformConcurrencyLimit: number | undefined;
  };
  /** Alerts and digests (decision 062): how often a round runs. */
  alerts: { intervalMs: number };
  /** Where the rate limits' counters live: Redis (shared by instances), else memory. */
  redis: { url: string; keyPrefix: string } | undefined;
  /** SIGTERM/SIGINT: the longest the shutdown may take before the process exits anyway. */
  shutdownGraceMs: number;
  /** OpenTelemetry tracing (decision 046); undefined = off, and its SDK is never loaded. */
  tracing: TracingConfig | undefined;
};

/**
 * The PostgreSQL pool's limits (decision 048). A connect or idle timeout of 0 is none; a
 * statement timeout of 0 leaves the database's own setting.
 */
export type PoolSettings = {
  max: number;
  connectTimeoutMs: number;
  idleTimeoutMs: number;
  statementTimeoutMs: number;
};

export type TracingConfig = {
  /** Where spans are posted (OTLP/HTTP), the `/v1/traces` of the endpoint unless given whole. */
  tracesUrl: string;
  protocol: 'http/protobuf' | 'http/json';
  /** The `service.name` resource attribute. */
  serviceName: string;
};

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export const PLATFORM_DEFAULT_BASE_URL = 'https://api.vapi.ai';
/** The platform's own storage, where its recording URLs point (recordingUrl, stereoRecordingUrl). */
export const DEFAULT_RECORDING_HOSTS = ['storage.vapi.ai'];

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = issue.path.join('.') || '(environment)';
        // Values are not echoed: some of these settings hold credentials.
        return `${name}: ${issue.message}`;
      }),
    );
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    metricsPort: e.METRICS_PORT,
    logLevel: e.LOG_LEVEL,
    logFormat: e.LOG_FORMAT,
    publicUrl: e.PUBLIC_URL,
    trustProxy: e.TRUST_PROXY,
    webDistDir: path.resolve(e.WEB_DIST_DIR),
    dataDir,
    database: e.DATABASE_URL
      ? {
          kind: 'postgres',
          url: e.DATABASE_URL,
          pool: {
            max: e.DATABASE_POOL_MAX,
            connectTimeoutMs: e.DATABASE_CONNECT_TIMEOUT_MS,
            idleTimeoutMs: e.DATABASE_IDLE_TIMEOUT_MS,
            statementTimeoutMs: e.DATABASE_STATEMENT_TIMEOUT_MS,
          },
        }
      : { kind: 'pglite', dataDir: path.join(dataDir, 'db') },
    platform: {
      apiKey: e.VAPI_API_KEY,
      publicKey: e.VAPI_PUBLIC_KEY,
      baseUrl: e.VAPI_BASE_URL ?? PLATFORM_DEFAULT_BASE_URL,
      webhook: {
        secret: e.VAPI_WEBHOOK_SECRET,
        auth: e.VAPI_WEBHOOK_AUTH,
        secretHeader: e.VAPI_WEBHOOK_SECRET_HEADER,
      },
      syncIntervalSeconds: e.SYNC_INTERVAL_SECONDS,
      listPageSize: e.PLATFORM_LIST_PAGE_SIZE,
      recordingHosts:
        e.RECORDING_HOSTS && e.RECORDING_HOSTS.length > 0
          ? e.RECORDING_HOSTS
          : DEFAULT_RECORDING_HOSTS,
    },
    sandbox: {
      seed: e.SANDBOX_SEED,
      calls: e.SANDBOX_CALLS,
      // Off in tests unless asked for: background calls would make results depend on timing.
      simulatorIntervalMs: e.SANDBOX_SIMULATOR_INTERVAL_MS ?? (e.NODE_ENV === 'test' ? 0 : 20_000),
      webCallSilenceMs: e.SANDBOX_WEB_CALL_SILENCE_SECONDS * 1000,
      liveCallMs: e.SANDBOX_LIVE_CALL_SECONDS * 1000,
      concurrencyLimit: e.SANDBOX_CONCURRENCY_LIMIT,
    },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    inboundMail: {
      domain: e.INBOUND_MAIL_DOMAIN,
      postmark:
        e.INBOUND_POSTMARK_USER && e.INBOUND_POSTMARK_PASSWORD
          ? { user: e.INBOUND_POSTMARK_USER, password: e.INBOUND_POSTMARK_PASSWORD }
          : undefined,
      mailgunSigningKey: e.INBOUND_MAILGUN_SIGNING_KEY,
      imap: e.IMAP_URL
        ? { url: e.IMAP_URL, mailbox: e.IMAP_MAILBOX, pollSeconds: e.IMAP_POLL_SECONDS }
        : undefined,
    },
    imports: {
      maxFileMb: e.IMPORT_MAX_FILE_MB,
      maxUncompressedMb: e.IMPORT_MAX_UNCOMPRESSED_MB,
      leaseMs: e.IMPORT_LEASE_SECONDS * 1000,
      batchSize: e.IMPORT_BATCH_ROWS,
    },
    campaigns: {
      leaseMs: e.CAMPAIGN_LEASE_SECONDS * 1000,
      platformConcurrencyLimit: e.VAPI_API_KEY
        ? e.VAPI_CONCURRENCY_LIMIT
        : e.SANDBOX_CONCURRENCY_LIMIT,
    },
    alerts: { intervalMs: e.ALERT_CHECK_SECONDS * 1000 },
    redis: e.REDIS_URL ? { url: e.REDIS_URL, keyPrefix: e.REDIS_KEY_PREFIX } : undefined,
    shutdownGraceMs: e.SHUTDOWN_GRACE_SECONDS * 1000,
    tracing: tracingConfig(e),
  };
}

/**
 * On when OTEL_EXPORTER_OTLP_ENDPOINT (or the traces-only OTEL_EXPORTER_OTLP_TRACES_ENDPOINT)
 * is set and OTEL_SDK_DISABLED is not. The URL is built as the OTLP exporter's specification
 * says: the traces endpoint as given, else the endpoint with `v1/traces` appended.
 */
function tracingConfig(e: z.infer<typeof envSchema>): TracingConfig | undefined {
  if (e.OTEL_SDK_DISABLED) return undefined;
  const base = e.OTEL_EXPORTER_OTLP_ENDPOINT;
  const tracesUrl =
    e.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT ??
    (base === undefined ? undefined : `${base.replace(/\/*$/, '')}/v1/traces`);
  if (tracesUrl === undefined) return undefined;
  const protocol = e.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? e.OTEL_EXPORTER_OTLP_PROTOCOL;
  return {
    tracesUrl,
    // grpc is refused above.
    protocol: protocol === 'http/json' ? 'http/json' : 'http/protobuf',
    serviceName: e.OTEL_SERVICE_NAME,
  };
}

/**
 * The password for `npm run admin -- create` (ADMIN_PASSWORD), when the operator chooses it
 * instead of having one generated. Only that command reads it.
 */
export function readAdminPassword(
  env: Record<string, string | undefined> = process.env,
): string | undefined {
  return env.ADMIN_PASSWORD === '' ? undefined : env.ADMIN_PASSWORD;
}
