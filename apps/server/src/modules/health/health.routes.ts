import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readBundledMigrations, readMigrationState } from '../../db/migration-state';
import { RETRY_AFTER_SECONDS } from '../../http/error-handler';

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

const liveSchema = z.object({ status: z.literal('ok'), uptimeSeconds: z.number() });

const readySchema = z.object({
  status: z.enum(['ready', 'not-ready']),
  database: z.object({
    status: z.enum(['up', 'down']),
    driver: z.enum(['postgres', 'pglite']),
  }),
  migrations: z
    .object({ bundled: z.number(), applied: z.number(), upToDate: z.boolean() })
    .optional(),
  redis: z
    .object({ status: z.enum(['up', 'down']) })
    .optional()
    .meta({
      description:
        'Only with REDIS_URL: the rate limits’ store, without which sign-in answers 503. Absent when the limits are counted in memory.',
    }),
  reason: z.string().optional().meta({ description: 'What is not ready, part by part' }),
});

type Ready = z.infer<typeof readySchema>;

/**
 * A readiness probe that waits longer than this answers "not ready": a proxy should send
 * traffic elsewhere rather than queue it behind a database that does not answer.
 */
export const READY_TIMEOUT_MS = 2_000;

class ProbeTimeout extends Error {}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ProbeTimeout()), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

const uptimeSeconds = () => Math.round(process.uptime());

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // Read (and hashed) once at boot: the build's migrations do not change while it runs.
  const bundled = readBundledMigrations();

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
      const uptime = uptimeSeconds();
      try {
        await app.database.ping();
        return {
          status: 'ok' as const,
          database: {
            status: 'up' as const,
            driver: app.database.driver,
            latencyMs: Math.round((performance.now() - started) * 100) / 100,
          },
          uptimeSeconds: uptime,
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
            uptimeSeconds: uptime,
          });
      }
    },
  );

  app.get(
    '/health/live',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Liveness: the process answers (the database is not asked)',
        response: { 200: liveSchema },
      },
    },
    // Never touches the database: an embedded database busy with a large import must not get
    // the process restarted.
    async () => ({ status: 'ok' as const, uptimeSeconds: uptimeSeconds() }),
  );

  app.get(
    '/health/ready',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary:
          'Readiness: the database answers and holds this build’s migrations, and Redis answers when REDIS_URL is set',
        response: { 200: readySchema, 503: readySchema },
      },
    },
    async (_request, reply) => {
      // Both at once: the answer never waits more than READY_TIMEOUT_MS for either.
      const [database, redis] = await Promise.all([checkDatabase(), checkRedis()]);
      const reasons = [database.reason, redis?.reason].filter((reason) => reason !== undefined);
      const answer: Ready = {
        status: reasons.length === 0 ? 'ready' : 'not-ready',
        database: { status: database.status, driver: app.database.driver },
        ...(database.migrations ? { migrations: database.migrations } : {}),
        ...(redis ? { redis: { status: redis.status } } : {}),
        ...(reasons.length > 0 ? { reason: reasons.join('; ') } : {}),
      };
      return reply.status(reasons.length === 0 ? 200 : 503).send(answer);
    },
  );

  type Check = { status: 'up' | 'down'; reason?: string };

  /** The database answers and holds this build's newest migration. */
  async function checkDatabase(): Promise<Check & { migrations?: Ready['migrations'] }> {
    let migrations;
    try {
      migrations = await withTimeout(
        readMigrationState(app.database.db, bundled),
        READY_TIMEOUT_MS,
      );
    } catch (error) {
      return {
        status: 'down',
        reason:
          error instanceof ProbeTimeout
            ? `The database did not answer within ${READY_TIMEOUT_MS / 1000} s`
            : 'The database is unreachable',
      };
    }
    return migrations.upToDate
      ? { status: 'up', migrations }
      : { status: 'up', migrations, reason: 'The database migrations are not all applied' };
  }

  /**
   * With REDIS_URL, the rate limits' Redis answers a PING; undefined when there is none. A
   * client that is not connected (ioredis is reconnecting) is down at once, without queueing a
   * command behind the reconnection.
   */
  async function checkRedis(): Promise<Check | undefined> {
    const redis = app.limitStore;
    if (!redis) return undefined;
    if (redis.status !== 'ready') {
      return { status: 'down', reason: 'Redis (REDIS_URL) is unreachable' };
    }
    try {
      await withTimeout(redis.ping(), READY_TIMEOUT_MS);
      return { status: 'up' };
    } catch (error) {
      return {
        status: 'down',
        reason:
          error instanceof ProbeTimeout
            ? `Redis (REDIS_URL) did not answer within ${READY_TIMEOUT_MS / 1000} s`
            : 'Redis (REDIS_URL) is unreachable',
      };
    }
  }
};
