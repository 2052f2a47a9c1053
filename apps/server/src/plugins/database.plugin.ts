import fp from 'fastify-plugin';
import { openDatabase, type Database } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
  }
}

/** Opens (and migrates) the database. Registered first, so its close runs last (onClose is LIFO). */
export const databasePlugin = fp(
  async (app) => {
    const database = await openDatabase(app.config.database);
    app.decorate('database', database);
    app.addHook('onClose', async () => database.close());
  },
  { name: 'database', decorators: { fastify: ['config'] } },
);
