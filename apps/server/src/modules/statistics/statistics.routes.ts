import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboardStatisticsSchema } from '@switchboard/shared/analytics';
import { requireBusinessId, requireUser } from '../../plugins/auth';
import type { AnalyticsService } from '../analytics/analytics.service';

/** GET /api/statistics/dashboard: the dashboard's cards in one round trip. */
export const statisticsRoutes =
  (deps: { analytics: AnalyticsService }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/statistics/dashboard',
      {
        config: { access: 'member' },
        schema: {
          tags: ['statistics'],
          summary:
            "The business's figures for today and the last 7 days, in its time zone (admins: every agent, in UTC)",
          response: { 200: dashboardStatisticsSchema },
        },
      },
      async (request) => {
        const user = requireUser(request);
        const timeZone = user.business?.timezone ?? 'UTC';
        const calls = await deps.analytics.callStatistics({
          businessId: user.role === 'admin' ? null : requireBusinessId(request),
          timeZone,
        });
        return { timeZone, calls };
      },
    );
  };
