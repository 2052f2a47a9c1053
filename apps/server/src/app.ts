import { randomUUID } from 'node:crypto';
import Fastify from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { databasePlugin } from './plugins/database.plugin';
import { jobsPlugin } from './plugins/jobs.plugin';
import { limitStorePlugin } from './plugins/limit-store.plugin';
import { modulesPlugin } from './plugins/modules.plugin';
import { notificationsPlugin } from './plugins/notifications.plugin';
import { observabilityPlugin } from './plugins/observability.plugin';
import { platformPlugin } from './plugins/platform.plugin';
import { publicUrlPlugin } from './plugins/public-url.plugin';
import { securityPlugin } from './plugins/security.plugin';
import type { Config } from './config';
import { loggerOptions } from './lib/log-format';
import { registerCompression } from './http/compression';
import { registerConnectionDrain } from './plugins/connection-drain';
import { registerErrorHandler } from './http/error-handler';
import { registerOpenApi } from './plugins/openapi';
import { registerSpa } from './plugins/spa';
import { registerTextCheck } from './http/text-check';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
  }
}

/** What buildApp takes besides the configuration. */
export type AppOptions = {
  /** The clock of the sign-in limits, in ms since the epoch (default: Date.now). */
  now?: () => number;
};

/**
 * Builds the whole server: database (opened and migrated), plugins, API modules, the SPA.
 * main.ts and every integration test call this same function; the caller listens (or
 * injects), which finishes booting the plugins. The order is the dependency order, and it is
 * also the hooks' order: onRequest/onSend hooks run in it, onClose hooks in reverse (background
 * work stops, then the platform, the limit store, the database). Each `plugins/*.plugin.ts`
 * is wrapped in fastify-plugin, so its decorations and hooks are the whole app's.
 */
export async function buildApp(config: Config, options: AppOptions = {}) {
  const app = Fastify({
    logger: loggerOptions(config),
    trustProxy: config.trustProxy,
    genReqId: () => randomUUID(),
    // Fastify gives each plugin 10 s to start. Opening PGlite, migrating it and loading the demo
    // data can take longer on two busy cores (the e2e servers failed to start so), and
    // PostgreSQL's wait is already bounded by DATABASE_CONNECT_TIMEOUT_MS: a plugin that is
    // still working is not stuck, so the ceiling is two minutes.
    pluginTimeout: 120_000,
    // Requests that arrive while closing get our 503 with Retry-After (plugins/connection-drain.ts).
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerTextCheck(app);
  registerConnectionDrain(app);
  app.decorate('config', config);

  try {
    await app.register(databasePlugin);
    await app.register(observabilityPlugin);
    await app.register(publicUrlPlugin);
    await app.register(limitStorePlugin);
    await app.register(platformPlugin);
    await app.register(jobsPlugin);
    await app.register(securityPlugin);
    // Before every route, the SPA's static files included: its hook is added to each route.
    await registerCompression(app);
    await registerOpenApi(app);
    await app.register(modulesPlugin, options);
    await app.register(notificationsPlugin);
    await registerSpa(app, config.webDistDir);
  } catch (error) {
    await app.close();
    throw error;
  }
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
