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
  const built: { app?: App } = {};
  let metricsServer: MetricsServer | undefined;
  if (config.metricsPort !== undefined) {
    try {
      metricsServer = await startMetricsServer(() => built.app?.metrics, {
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

  const app = await buildOrExit(config);
  built.app = app;
  if (metricsServer) {
    app.log.info(
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
        app.log.error(`The shutdown did not finish within ${graceMs / 1000} s; exiting anyway`),
    },
    async ({ signal, err }) => {
      if (err) app.log.error({ err }, 'shutting down after an error');
      else app.log.info(`${signal ?? 'shutdown'} received, shutting down`);
      await metricsServer?.close();
      await app.close();
      await options.afterClose?.();
      app.log.info('shut down');
    },
  );

  await app.listen({ port: config.port, host: config.host });
  const shown = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  app.log.info(
    `Switchboard is ready on http://${shown}:${port} (database: ${app.database.driver})`,
  );
}

type App = Awaited<ReturnType<typeof buildApp>>;

/** The app, or the process stopped with a message for the failures a user can mend. */
async function buildOrExit(config: Config): Promise<App> {
  try {
    // Without a platform key the sandbox platform runs: a build that has none stops now, before
    // the database is opened (the app's own start imports the same module again, at no cost).
    if (!config.platform.apiKey) await loadSandbox();
    return await buildApp(config);
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
}
