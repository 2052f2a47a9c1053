import Fastify from 'fastify';
import type { SandboxConfig } from './config';

/**
 * The offline voice-platform emulator. For now it only answers its health check; the
 * platform API (assistants, calls, analytics, phone numbers) is added by the platform issue.
 */
export function buildSandbox(config: SandboxConfig) {
  const app = Fastify({ logger: { level: config.logLevel } });

  app.get('/health', () => ({ status: 'ok', service: 'switchboard-sandbox-platform' }));

  // The platform answers unknown routes with a JSON body; so do we (the SDK needs JSON errors).
  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({
      message: `Cannot ${request.method} ${request.url.split('?')[0]}`,
      error: 'Not Found',
      statusCode: 404,
    }),
  );
  return app;
}
