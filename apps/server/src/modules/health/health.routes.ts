import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readBundledMigrations, readMigrationState } from '../../db/migration-state';
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
  reason: z.string().optional(),
});

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
        summary: 'Readiness: the database answers and holds this build’s migrations',
        response: { 200: readySchema, 503: readySchema },
      },
    },
    async (_request, reply) => {
      const driver = app.database.driver;
      let migrations;
      try {
        migrations = await withTimeout(
          readMigrationState(app.database.db, bundled),
          READY_TIMEOUT_MS,
        );
      } catch (error) {
        return reply.status(503).send({
          status: 'not-ready',
          database: { status: 'down', driver },
          reason:
            error instanceof ProbeTimeout
              ? `The database did not answer within ${READY_TIMEOUT_MS / 1000} s`
              : 'The database is unreachable',
        });
      }
      if (!migrations.upToDate) {
        return reply.status(503).send({
          status: 'not-ready',
          database: { status: 'up', driver },
          migrations,
          reason: 'The database migrations are not all applied',
        });
      }
      return { status: 'ready' as const, database: { status: 'up' as const, driver }, migrations };
    },
  );
};
