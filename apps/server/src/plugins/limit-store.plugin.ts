import fp from 'fastify-plugin';
import { openLimitStore, type LimitStore } from '../http/rate-limits';

declare module 'fastify' {
  interface FastifyInstance {
    /** Redis for the rate limits when REDIS_URL is set; undefined counts in memory. */
    limitStore: LimitStore;
  }
}

/**
 * Opens the rate limits' store before the platform starts, so an unreachable Redis stops the
 * boot before anything (the sandbox, the demo accounts) is started or written.
 */
export const limitStorePlugin = fp(
  async (app) => {
    const limits = await openLimitStore(app.config.redis, app.log);
    app.decorate('limitStore', limits.store);
    app.addHook('onClose', async () => limits.close());
  },
  { name: 'limit-store', decorators: { fastify: ['config'] } },
);
