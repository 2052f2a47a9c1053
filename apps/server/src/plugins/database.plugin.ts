import fp from 'fastify-plugin';
import { noChangeNotices, postgresChangeNotices, type ChangeNotices } from '../db/change-notices';
import { openDatabase, type Database } from '../db/client';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    /** What changed in the database, for the copies held in process (decision 081). */
    changeNotices: ChangeNotices;
  }
}

/** Opens (and migrates) the database. Registered first, so its close runs last (onClose is LIFO). */
export const databasePlugin = fp(
  async (app) => {
    const { database: settings } = app.config;
    const database = await openDatabase(settings);
    app.decorate('database', database);
    app.addHook('onClose', async () => database.close());
    // PostgreSQL: heard on a LISTEN connection of its own. PGlite (one process): nothing held.
    const notices =
      settings.kind === 'postgres'
        ? postgresChangeNotices(settings.url, app.log.child({ component: 'change-notices' }))
        : noChangeNotices;
    app.decorate('changeNotices', notices);
    app.addHook('onReady', async () => notices.ready);
    app.addHook('onClose', async () => notices.close());
  },
  { name: 'database', decorators: { fastify: ['config'] } },
);
