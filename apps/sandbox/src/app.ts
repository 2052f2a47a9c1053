import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { endUnusedConnectionsOnClose } from '@switchboard/shared/unused-connections';
import type { SandboxContext } from './context';
import { requireKey } from './http/auth';
import { errorBody, PlatformError } from './http/errors';
import { analyticsRoutes } from './routes/analytics.routes';
import { assistantRoutes } from './routes/assistants.routes';
import { callRoutes, webCallRoutes } from './routes/calls.routes';
import { chatRoutes } from './routes/chat.routes';
import { consoleRoutes } from './routes/console.routes';
import { knowledgeRoutes } from './routes/knowledge.routes';
import { simulationRunRoutes } from './routes/simulation-runs.routes';
import { phoneNumberRoutes } from './routes/phone-numbers.routes';
import {
  recordingDownloadRoutes,
  recordingRoutes,
  webCallRoomRoutes,
} from './routes/recordings.routes';
import { toolRoutes } from './routes/tools.routes';
import { monitorRoutes } from './routes/monitor.routes';

// The HTTP face of the sandbox platform: the platform's routes, its auth (private key on the
// API, public key on POST /call/web), its NestJS error bodies, and CORS for the browser.

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

export interface AppOptions {
  logLevel?: LogLevel;
  /** An existing logger to use instead of a new one. */
  logger?: FastifyBaseLogger;
}

export function createFastify(options: AppOptions): FastifyInstance {
  // Per-request logs are written at debug level by an onResponse hook instead.
  const logController = new LogController({ disableRequestLogging: true });
  const app = options.logger
    ? Fastify({ loggerInstance: options.logger, logController })
    : Fastify({ logger: { level: options.logLevel ?? 'info' }, logController });
  // A connection that never carried a request does not hold the close (decision 108).
  endUnusedConnectionsOnClose(app);
  return app;
}

export async function registerPlatform(app: FastifyInstance, ctx: SandboxContext): Promise<void> {
  // Request logs at debug: the product polls the platform and would drown its own log.
  app.addHook('onResponse', async (request, reply) => {
    request.log.debug(
      {
        method: request.method,
        url: request.url,
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      'sandbox request',
    );
  });

  // Bodies: the SDK sends `Content-Type: application/json` on DELETE with `{}` or nothing at all.
  const defaultJsonParser = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    void defaultJsonParser(request, text, done);
  });

  // CORS: the web SDK calls POST /call/web from the product's origin; recordings play anywhere.
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('access-control-allow-origin', '*');
    reply.header('access-control-expose-headers', 'content-length, content-range');
    return payload;
  });
  app.options('/*', async (request, reply) => {
    const requested = request.headers['access-control-request-headers'];
    return reply
      .status(204)
      .header('access-control-allow-methods', 'GET, HEAD, POST, PATCH, DELETE, OPTIONS')
      .header('access-control-allow-headers', requested ?? 'authorization, content-type')
      .header('access-control-max-age', '600')
      .send();
  });

  app.setErrorHandler((error, request, reply) => {
    if (error instanceof PlatformError) {
      return reply.status(error.statusCode).type('application/json').send(error.body);
    }
    const status =
      typeof (error as { statusCode?: unknown }).statusCode === 'number'
        ? (error as { statusCode: number }).statusCode
        : 500;
    if (status >= 400 && status < 500) {
      const message = error instanceof Error ? error.message : 'Bad Request';
      return reply.status(status).type('application/json').send(errorBody(status, message));
    }
    request.log.error({ err: error }, 'sandbox request failed');
    return reply.status(500).type('application/json').send(errorBody(500, 'Internal server error'));
  });

  app.setNotFoundHandler((request, reply) =>
    reply
      .status(404)
      .type('application/json')
      .send(errorBody(404, `Cannot ${request.method} ${request.url.split('?')[0] ?? request.url}`)),
  );

  app.get('/health', async () => ({ status: 'ok', service: 'switchboard-sandbox-platform' }));

  await app.register(async (scope) => {
    scope.addHook('onRequest', requireKey(ctx.privateKey));
    await assistantRoutes(scope, ctx);
    await callRoutes(scope, ctx);
    await phoneNumberRoutes(scope, ctx);
    await consoleRoutes(scope, ctx);
    await chatRoutes(scope, ctx);
    await simulationRunRoutes(scope, ctx, { stepMs: 100 });
    await toolRoutes(scope, ctx);
    await knowledgeRoutes(scope, ctx);
    await analyticsRoutes(scope, ctx);
    await recordingDownloadRoutes(scope, ctx);
  });
  await app.register(async (scope) => {
    scope.addHook('onRequest', requireKey(ctx.publicKey));
    await webCallRoutes(scope, ctx);
  });
  await app.register(async (scope) => {
    await recordingRoutes(scope, ctx);
    await webCallRoomRoutes(scope, ctx);
    // The live call monitor: the URL is the secret, or the public key when the plan says so.
    await monitorRoutes(scope, ctx);
  });
}
