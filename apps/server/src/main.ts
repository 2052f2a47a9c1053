import { ConfigError, loadConfig, type Config } from './config';

// The entry point. Tracing must be in place before fastify, pg, http and undici are first
// loaded, so this file imports nothing that loads them (config.ts is zod only): it reads the
// configuration, starts tracing when it is configured, and only then imports the server. With
// tracing off, the OpenTelemetry SDK is never imported at all (decision 046).

function readConfig(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

const config = readConfig();
const tracing = config.tracing;
const stopTracing = tracing
  ? await import('./tracing').then(({ startTracing }) => startTracing(tracing))
  : undefined;
const { startServer } = await import('./start-server');
await startServer(config, { afterClose: stopTracing });
