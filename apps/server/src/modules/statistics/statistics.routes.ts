import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  businessOverviewListSchema,
  dashboardStatisticsSchema,
} from '@switchboard/shared/analytics';
import { requireBusinessId, requireUser } from '../../http/auth';
import type { StatisticsService } from './statistics.service';
import { routeGroup } from '../../http/routes';

/**
 * GET /api/statistics/dashboard: the dashboard's cards in one round trip; GET
 * /api/statistics/businesses: the operator's overview of every business.
 */
export const statisticsRoutes =
  (deps: { statistics: StatisticsService }): FastifyPluginAsyncZod =>
  async (app) => {
    const route = routeGroup(app, { tags: ['statistics'], access: 'member' });
    const admin = route.with({ access: 'admin' });

    route.get(
      '/statistics/dashboard',
      {
        summary:
          "The business's figures for calls, minutes, spend and success rate today and over the last 7 days; contacts (total, new in 7 days), enquiries (open, unread), appointments (today, upcoming) — in its time zone (admins: every business, in UTC)",
        response: { 200: dashboardStatisticsSchema },
      },
      async (request) => {
        const user = requireUser(request);
        const timeZone = user.business?.timezone ?? 'UTC';
        return deps.statistics.dashboard({
          businessId: user.role === 'admin' ? null : requireBusinessId(request),
          timeZone,
        });
      },
    );

    admin.get(
      '/statistics/businesses',
      {
        summary:
          "The operator's overview: every business with its dashboard figures in its own time zone, its agents and what needs attention, busiest first",
        response: { 200: businessOverviewListSchema },
      },
      async () => ({ data: await deps.statistics.businesses() }),
    );
  };
