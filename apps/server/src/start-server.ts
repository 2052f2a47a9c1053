import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import type { Config } from './config';
import { DatabaseLockedError } from './db/directory-lock';
import { startMetricsServer, type MetricsServer } from './modules/metrics/metrics-server';
import { loadSandbox, SandboxUnavailableError } from './platform/platform-runtime';
import { RedisUnavailableError } from './http/rate-limits';

/**
 * Builds the app and starts listening; everything else lives in buildApp. Loaded by main.ts
 * only once tracing (when configured) is in place. `afterClose` runs last on shutdown (the
 * tracer's flush of the spans it still holds).
 */
export async function startServer(
  config: Config,
  options: { afterClose?: () => Promise<void> } = {},
) {
  // The scrapers' port first: a port that cannot be had stops the start before the database is
  // opened (seconds of work for nothing, then undone). Until the app is built it answers 503.
  let app: Awaited<ReturnType<typeof buildApp>> | undefined;
  let metricsServer: MetricsServer | undefined;
  if (config.metricsPort !== undefined) {
    try {
      metricsServer = await startMetricsServer(() => app?.metrics, {
        host: config.host,
        port: config.metricsPort,
      });
    } catch (error) {
      console.error(
        `The metrics port ${config.host}:${config.metricsPort} (METRICS_PORT) cannot be used: ` +
          (error instanceof Error ? error.message : String(error)),
      );
      process.exit(1);
    }
  }

  try {
    // Without a platform key the sandbox platform runs: a build that has none stops now, before
    // the database is opened (the app's own start imports the same module again, at no cost).
    if (!config.platform.apiKey) await loadSandbox();
    app = await buildApp(config);
  } catch (error) {
    if (
      error instanceof DatabaseLockedError ||
      error instanceof RedisUnavailableError ||
      error instanceof SandboxUnavailableError
    ) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const started = app;
  if (metricsServer) {
    started.log.info(
      `Metrics for scrapers on http://${config.host}:${metricsServer.address.port}/metrics`,
    );
  }

  // SIGTERM/SIGINT: stop accepting, finish in-flight requests (their keep-alive connections
  // end with them: plugins/connection-drain.ts), stop the background work, close Redis and the
  // database, flush the spans the tracer still holds, exit 0. Past SHUTDOWN_GRACE_SECONDS the
  // process exits with 1 anyway.
  const graceMs = config.shutdownGraceMs;
  closeWithGrace(
    {
      delay: graceMs,
      onTimeout: () =>
        started.log.error(`The shutdown did not finish within ${graceMs / 1000} s; exiting anyway`),
    },
    async ({ signal, err }) => {
      if (err) started.log.error({ err }, 'shutting down after an error');
      else started.log.info(`${signal ?? 'shutdown'} received, shutting down`);
      await metricsServer?.close();
      await started.close();
      await options.afterClose?.();
      started.log.info('shut down');
    },
  );

  await started.listen({ port: config.port, host: config.host });
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const address = started.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  started.log.info(
    `Switchboard is ready on http://${shown}:${port} (database: ${started.database.driver})`,
  );
}
