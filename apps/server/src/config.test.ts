import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, PLATFORM_DEFAULT_BASE_URL } from './config';

describe('loadConfig', () => {
  it('gives working defaults with an empty environment', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('localhost');
    expect(config.logLevel).toBe('info');
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.database).toEqual({ kind: 'pglite', dataDir: path.resolve('./data/db') });
    expect(config.platform.baseUrl).toBe(PLATFORM_DEFAULT_BASE_URL);
    expect(config.platform.apiKey).toBeUndefined();
    expect(config.mail.smtpUrl).toBeUndefined();
    expect(config.imports).toEqual({
      maxFileMb: 25,
      maxUncompressedMb: 100,
      leaseMs: 30_000,
      batchSize: 2000,
    });
    expect(config.redis).toBeUndefined();
    expect(config.metricsPort).toBeUndefined();
    expect(config.sandbox.webCallSilenceMs).toBe(30_000);
    expect(config.tracing).toBeUndefined();
  });

  it('traces only when an OTLP endpoint is set, posting to its /v1/traces', () => {
    expect(loadConfig({ OTEL_SERVICE_NAME: 'x', OTEL_EXPORTER_OTLP_ENDPOINT: '' }).tracing).toBe(
      undefined,
    );
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }).tracing).toEqual({
      tracesUrl: 'http://collector:4318/v1/traces',
      protocol: 'http/protobuf',
      serviceName: 'switchboard',
    });
    expect(
      loadConfig({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'https://otlp.example.com/otlp/',
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_SERVICE_NAME: 'switchboard-eu',
      }).tracing,
    ).toEqual({
      tracesUrl: 'https://otlp.example.com/otlp/v1/traces',
      protocol: 'http/json',
      serviceName: 'switchboard-eu',
    });
    // The traces-only variables win, and their URL is used as it is.
    expect(
      loadConfig({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://traces:9000/ingest',
        OTEL_EXPORTER_OTLP_PROTOCOL: 'http/json',
        OTEL_EXPORTER_OTLP_TRACES_PROTOCOL: 'http/protobuf',
      }).tracing,
    ).toMatchObject({ tracesUrl: 'http://traces:9000/ingest', protocol: 'http/protobuf' });
    expect(
      loadConfig({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
        OTEL_SDK_DISABLED: 'true',
      }).tracing,
    ).toBeUndefined();
  });

  it('refuses an OTLP endpoint that is not an http(s) URL, and gRPC', () => {
    expect(() =>
      loadConfig({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'collector:4317',
        OTEL_EXPORTER_OTLP_PROTOCOL: 'grpc',
      }),
    ).toThrow(
      expect.objectContaining({
        problems: [
          'OTEL_EXPORTER_OTLP_ENDPOINT: must be an http:// or https:// URL, e.g. http://localhost:4318',
          'OTEL_EXPORTER_OTLP_PROTOCOL: grpc is not supported: use http/protobuf (the default) or http/json, usually on port 4318',
        ],
      }),
    );
  });

  it('reads the import lease and the sandbox web call silence timeout in seconds', () => {
    const config = loadConfig({
      IMPORT_LEASE_SECONDS: '3',
      SANDBOX_WEB_CALL_SILENCE_SECONDS: '10',
    });
    expect(config.imports.leaseMs).toBe(3000);
    expect(loadConfig({ IMPORT_BATCH_ROWS: '100' }).imports.batchSize).toBe(100);
    expect(config.sandbox.webCallSilenceMs).toBe(10_000);
  });

  it('opens the metrics port only when METRICS_PORT is set', () => {
    expect(loadConfig({ METRICS_PORT: '9464' }).metricsPort).toBe(9464);
    expect(loadConfig({ METRICS_PORT: '' }).metricsPort).toBeUndefined();
  });

  it('keeps the rate limits in Redis when REDIS_URL is set, under a key prefix', () => {
    expect(loadConfig({ REDIS_URL: 'redis://cache:6379/2' }).redis).toEqual({
      url: 'redis://cache:6379/2',
      keyPrefix: 'switchboard:',
    });
    expect(
      loadConfig({ REDIS_URL: 'rediss://cache:6380', REDIS_KEY_PREFIX: 'sb-eu:' }).redis,
    ).toEqual({ url: 'rediss://cache:6380', keyPrefix: 'sb-eu:' });
  });

  it('uses PostgreSQL when DATABASE_URL is set', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/app', DATA_DIR: '/srv/sb' });
    expect(config.database).toEqual({
      kind: 'postgres',
      url: 'postgres://u:p@db:5432/app',
      pool: { max: 10, connectTimeoutMs: 5_000, idleTimeoutMs: 30_000, statementTimeoutMs: 30_000 },
    });
    expect(config.dataDir).toBe('/srv/sb');
  });

  it("reads the PostgreSQL pool's size and timeouts, 0 turning a timeout off", () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://u:p@db:5432/app',
      DATABASE_POOL_MAX: '25',
      DATABASE_CONNECT_TIMEOUT_MS: '2000',
      DATABASE_IDLE_TIMEOUT_MS: '0',
      DATABASE_STATEMENT_TIMEOUT_MS: '0',
    });
    expect(config.database).toMatchObject({
      pool: { max: 25, connectTimeoutMs: 2_000, idleTimeoutMs: 0, statementTimeoutMs: 0 },
    });
  });

  it('gives the shutdown 10 s unless SHUTDOWN_GRACE_SECONDS says otherwise', () => {
    expect(loadConfig({}).shutdownGraceMs).toBe(10_000);
    expect(loadConfig({ SHUTDOWN_GRACE_SECONDS: '25' }).shutdownGraceMs).toBe(25_000);
  });

  it('treats empty strings as unset', () => {
    const config = loadConfig({ DATABASE_URL: '', VAPI_API_KEY: '', SMTP_URL: '  ' });
    expect(config.database.kind).toBe('pglite');
    expect(config.platform.apiKey).toBeUndefined();
    expect(config.mail.smtpUrl).toBeUndefined();
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT: must be between 0 and 65535'],
    [{ METRICS_PORT: 'metrics' }, 'METRICS_PORT: must be a port number'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL: must be a postgres:// or postgresql:// URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL: must be an smtp:// or smtps:// URL'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ IMPORT_MAX_FILE_MB: '0' }, 'IMPORT_MAX_FILE_MB: must be at least 1'],
    [{ IMPORT_LEASE_SECONDS: '1' }, 'IMPORT_LEASE_SECONDS: must be at least 3'],
    [{ IMPORT_BATCH_ROWS: '0' }, 'IMPORT_BATCH_ROWS: must be at least 1'],
    [
      { SANDBOX_WEB_CALL_SILENCE_SECONDS: '2' },
      'SANDBOX_WEB_CALL_SILENCE_SECONDS: must be at least 5',
    ],
    [{ REDIS_URL: 'http://cache:6379' }, 'REDIS_URL: must be a redis:// or rediss:// URL'],
    [{ DATABASE_POOL_MAX: '0' }, 'DATABASE_POOL_MAX: must be at least 1'],
    [{ DATABASE_POOL_MAX: 'ten' }, 'DATABASE_POOL_MAX: must be a number of connections'],
    [{ DATABASE_CONNECT_TIMEOUT_MS: '5' }, 'DATABASE_CONNECT_TIMEOUT_MS: must be at least 100'],
    [{ DATABASE_IDLE_TIMEOUT_MS: '-1' }, 'DATABASE_IDLE_TIMEOUT_MS: must be a number of millis'],
    [
      { DATABASE_STATEMENT_TIMEOUT_MS: '30s' },
      'DATABASE_STATEMENT_TIMEOUT_MS: must be a number of milliseconds',
    ],
    [
      { DATABASE_STATEMENT_TIMEOUT_MS: '1.5' },
      'DATABASE_STATEMENT_TIMEOUT_MS: must be a whole number of milliseconds',
    ],
    [{ SHUTDOWN_GRACE_SECONDS: '0' }, 'SHUTDOWN_GRACE_SECONDS: must be at least 1'],
    [{ SHUTDOWN_GRACE_SECONDS: 'soon' }, 'SHUTDOWN_GRACE_SECONDS: must be a number of seconds'],
  ])('rejects %j with a readable message naming the setting', (env, expected) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(expected);
  });

  it('refuses a live platform without PUBLIC_URL: links must never follow the Host header', () => {
    expect(() => loadConfig({ VAPI_API_KEY: 'live-key' })).toThrow(ConfigError);
    expect(() => loadConfig({ VAPI_API_KEY: 'live-key', PUBLIC_URL: ' ' })).toThrow(
      'PUBLIC_URL: must be set when VAPI_API_KEY is',
    );
    const live = loadConfig({ VAPI_API_KEY: 'live-key', PUBLIC_URL: 'https://sb.example.com' });
    expect(live.publicUrl).toBe('https://sb.example.com');
    // The sandbox platform needs none: links use the address the server listens on.
    expect(loadConfig({}).publicUrl).toBeUndefined();
  });

  it('refuses a local PUBLIC_URL when the platform calling it is on the internet', () => {
    for (const publicUrl of [
      'http://localhost:3000',
      'https://127.0.0.1',
      'https://10.0.0.5:8443',
      'https://switchboard.internal',
      'https://192-168-1-20.sslip.io',
    ]) {
      const env = { VAPI_API_KEY: 'live-key', PUBLIC_URL: publicUrl };
      expect(() => loadConfig(env), publicUrl).toThrow(
        'PUBLIC_URL: must be an address the voice platform (https://api.vapi.ai) reaches over the internet',
      );
      expect(() => loadConfig({ ...env, VAPI_BASE_URL: 'https://api.vapi.ai/' })).toThrow(
        ConfigError,
      );
      // A platform on this network (a standalone sandbox) reaches a local address.
      expect(
        loadConfig({ ...env, VAPI_BASE_URL: 'http://127.0.0.1:4010' }).publicUrl,
        publicUrl,
      ).toBe(publicUrl);
    }
    // Our own webhook may be on any port of a public name.
    const live = { VAPI_API_KEY: 'live-key', PUBLIC_URL: 'https://sb.example.com:5432' };
    expect(loadConfig(live).publicUrl).toBe('https://sb.example.com:5432');
  });

  it("reads RECORDING_HOSTS as host names, defaulting to the platform's storage", () => {
    expect(loadConfig({}).platform.recordingHosts).toEqual(['storage.vapi.ai']);
    expect(
      loadConfig({ RECORDING_HOSTS: ' Storage.vapi.ai, *.r2.example.com ,' }).platform
        .recordingHosts,
    ).toEqual(['storage.vapi.ai', '*.r2.example.com']);
    expect(() => loadConfig({ RECORDING_HOSTS: 'https://storage.vapi.ai/' })).toThrow(
      'RECORDING_HOSTS: must be host names separated by commas',
    );
  });

  it('lists every problem at once and never echoes values (they may be secrets)', () => {
    try {
      loadConfig({ PORT: 'x', DATABASE_URL: 'mysql://root:topsecret@db' });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = (error as ConfigError).message;
      expect(message).toMatch(/^Invalid configuration:/);
      expect((error as ConfigError).problems).toHaveLength(2);
      expect(message).not.toContain('topsecret');
    }
  });
});
