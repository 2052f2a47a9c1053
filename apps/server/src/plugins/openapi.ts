import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';

export const DOCS_PREFIX = '/api/docs';

/** OpenAPI document generated from the routes' zod schemas, with the UI at /api/docs. */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Switchboard API',
        description:
          'HTTP API of Switchboard, the dashboard for businesses that run voice-AI agents. ' +
          'Errors always have the shape {error: {code, message, details?}, requestId} ' +
          '(WireError in packages/shared/src/errors.ts); each route lists the ones it answers.',
        version: '0.1.0',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    // The UI's own policy: like the app's, with inline styles for Swagger UI and no upgrade of
    // plain-HTTP requests (the plugin's default policy would break the UI on http://).
    staticCSP: {
      'default-src': ["'self'"],
      'script-src': ["'self'"],
      'style-src': ["'self'", "'unsafe-inline'"],
      'img-src': ["'self'", 'data:'],
      'font-src': ["'self'", 'data:'],
      'object-src': ["'none'"],
      'frame-ancestors': ["'none'"],
      'base-uri': ["'self'"],
    },
    uiConfig: { docExpansion: 'list', deepLinking: true },
  });
}
