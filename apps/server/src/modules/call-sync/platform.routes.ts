import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { platformStatusSchema, type PlatformSync } from '@switchboard/shared/platform';
import type { CallSync, SyncStatus } from './call-sync';
import type { PlatformRuntime } from '../../platform/platform-runtime';

function toWire(state: SyncStatus | undefined, runningHere: boolean): PlatformSync {
  // A run of another instance of the fleet shows in the shared state.
  const running = runningHere || state?.status === 'running';
  const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
  return {
    status: running
      ? 'running'
      : ((state?.status as 'idle' | 'running' | 'failed' | undefined) ?? 'never'),
    running,
    lastStartedAt: iso(state?.lastStartedAt),
    lastSuccessAt: iso(state?.lastSuccessAt),
    lastError: state?.lastError ?? null,
    consecutiveFailures: state?.consecutiveFailures ?? 0,
    nextRunAt: iso(state?.nextRunAt),
    progress: {
      pages: state?.pagesFetched ?? 0,
      callsFetched: state?.rowsFetched ?? 0,
      callsWritten: state?.rowsWritten ?? 0,
    },
  };
}

export const platformRoutes =
  (deps: { platform: PlatformRuntime; sync: CallSync }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/platform/status',
      {
        config: { access: 'member' },
        schema: {
          tags: ['platform'],
          summary: 'Which voice platform is connected, and how the copy of its calls is doing',
          response: { 200: platformStatusSchema },
        },
      },
      async () => ({
        mode: deps.platform.client.mode,
        sync: toWire(await deps.sync.status(), deps.sync.isRunning),
      }),
    );

    app.post(
      '/platform/sync',
      {
        // Any signed-in user may ask for fresh data (the Refresh button); the sync is global
        // and idempotent, and a request while one runs joins it.
        config: { access: 'member' },
        schema: {
          tags: ['platform'],
          summary: 'Asks for a sync with the platform now; answers at once with its progress',
          response: { 202: platformStatusSchema },
        },
      },
      async (_request, reply) => {
        void deps.sync.runNow();
        return reply.status(202).send({
          mode: deps.platform.client.mode,
          sync: toWire(await deps.sync.status(), true),
        });
      },
    );
  };
