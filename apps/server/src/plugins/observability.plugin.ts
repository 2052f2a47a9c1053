import fp from 'fastify-plugin';
import { Metrics } from '../modules/metrics/metrics';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

/** Prometheus metrics of every request, and the request id on every answer. */
export const observabilityPlugin = fp(
  async (app) => {
    const metrics = new Metrics({
      db: app.database.db,
      // The call sync is decorated by the jobs plugin, later in the boot.
      lastSyncSuccess: async () =>
        app.hasDecorator('callSync') ? (await app.callSync.status())?.lastSuccessAt : undefined,
      log: app.log.child({ component: 'metrics' }),
    });
    app.decorate('metrics', metrics);
    // Every request, by the route it matched (its pattern), once it is answered.
    app.addHook('onResponse', async (request, reply) => {
      metrics.observeRequest({
        method: request.method,
        route: request.routeOptions.url,
        statusCode: reply.statusCode,
        seconds: reply.elapsedTime / 1000,
      });
    });
    app.addHook('onSend', async (request, reply) => {
      reply.header('x-request-id', request.id);
    });
  },
  { name: 'observability', dependencies: ['database'] },
);
