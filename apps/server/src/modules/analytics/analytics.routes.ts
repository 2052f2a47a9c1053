import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  agentAnalyticsQuerySchema,
  agentAnalyticsSchema,
  agentBreakdownsSchema,
} from '@switchboard/shared/analytics';
import { answerHandler } from '../../http/answer-cache';
import { idParams as params, routeGroup } from '../../http/routes';
import { agentScopeOf } from '../agents/agent-scope';
import type { AnalyticsService } from './analytics.service';

/**
 * An agent's analytics, under the agent's path and tag. Registered right after agentRoutes, so
 * the API document lists them where it did when they were part of it.
 */
export const analyticsRoutes =
  (deps: { analytics: AnalyticsService }): FastifyPluginAsyncZod =>
  async (app) => {
    const route = routeGroup(app, { tags: ['agents'], access: 'member' });
    const answered = answerHandler(deps.analytics.answers);
    const views = [
      {
        path: '',
        summary:
          "The agent's four figures and daily series for a date range (default: the last 30 days), in its business's time zone",
        response: agentAnalyticsSchema,
        answer: deps.analytics.agentAnalyticsAnswer.bind(deps.analytics),
      },
      {
        path: '/breakdowns',
        summary:
          'End reasons, call types, success rate by day, cost components, durations and hours of the day for a date range',
        response: agentBreakdownsSchema,
        answer: deps.analytics.agentBreakdownsAnswer.bind(deps.analytics),
      },
    ];
    for (const view of views) {
      route.get(
        `/agents/:id/analytics${view.path}`,
        {
          summary: view.summary,
          params,
          querystring: agentAnalyticsQuerySchema,
          response: { 200: view.response },
        },
        // A finished answer, from the cache when nothing it reads changed (decision 073).
        answered((request) => view.answer(agentScopeOf(request), request.params.id, request.query)),
      );
    }
  };
