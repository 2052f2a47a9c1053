import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Metrics } from './metrics';

/** The metrics for a signed-in admin (scrapers without a session use METRICS_PORT). */
export const metricsRoutes =
  (deps: { metrics: Metrics }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/admin/metrics',
      {
        config: { access: 'admin' },
        schema: {
          tags: ['admin'],
          summary: 'Prometheus metrics (text exposition format)',
        },
      },
      async (_request, reply) => {
        const { contentType, body } = await deps.metrics.expose();
        return reply.header('cache-control', 'no-store').type(contentType).send(body);
      },
    );
  };
