import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { RETRY_AFTER_SECONDS } from '../../plugins/error-handler';

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.object({
    status: z.enum(['up', 'down']),
    driver: z.enum(['postgres', 'pglite']),
    latencyMs: z.number().optional(),
    error: z.string().optional(),
  }),
  uptimeSeconds: z.number(),
});

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Liveness and database status',
        response: { 200: healthSchema, 503: healthSchema },
      },
    },
    async (_request, reply) => {
      const started = performance.now();
      const uptimeSeconds = Math.round(process.uptime());
      try {
        await app.database.ping();
        return {
          status: 'ok' as const,
          database: {
            status: 'up' as const,
            driver: app.database.driver,
            latencyMs: Math.round((performance.now() - started) * 100) / 100,
          },
          uptimeSeconds,
        };
      } catch {
        return reply
          .status(503)
          .header('retry-after', String(RETRY_AFTER_SECONDS))
          .send({
            status: 'degraded',
            database: {
              status: 'down',
              driver: app.database.driver,
              error: 'The database is unreachable',
            },
            uptimeSeconds,
          });
      }
    },
  );
};
