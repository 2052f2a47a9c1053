import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  agentAnalyticsQuerySchema,
  agentAnalyticsSchema,
  agentBreakdownsSchema,
} from '@switchboard/shared/analytics';
import { sendAnswer } from '../../http/answer-cache';
import { agentScopeOf } from '../agents/agent-scope';
import type { AnalyticsService } from './analytics.service';

// Any string: an id that is not one of the caller's agents is simply not found (404).
const params = z.object({ id: z.string().min(1) });

/**
 * An agent's analytics, under the agent's path and tag. Registered right after agentRoutes, so
 * the API document lists them where it did when they were part of it.
 */
export const analyticsRoutes =
  (deps: { analytics: AnalyticsService }): FastifyPluginAsyncZod =>
  async (app) => {
    const config = { access: 'member' } as const;
    const tags = ['agents'];

    app.get(
      '/agents/:id/analytics',
      {
        config,
        schema: {
          tags,
          summary:
            "The agent's four figures and daily series for a date range (default: the last 30 days), in its business's time zone",
          params,
          querystring: agentAnalyticsQuerySchema,
          response: { 200: agentAnalyticsSchema },
        },
      },
      // A finished answer, from the cache when nothing it reads changed (decision 073).
      async (request, reply) =>
        sendAnswer(
          deps.analytics.answers,
          request,
          reply,
          await deps.analytics.agentAnalyticsAnswer(
            agentScopeOf(request),
            request.params.id,
            request.query,
          ),
        ),
    );

    app.get(
      '/agents/:id/analytics/breakdowns',
      {
        config,
        schema: {
          tags,
          summary:
            'End reasons, call types, success rate by day, cost components, durations and hours of the day for a date range',
          params,
          querystring: agentAnalyticsQuerySchema,
          response: { 200: agentBreakdownsSchema },
        },
      },
      async (request, reply) =>
        sendAnswer(
          deps.analytics.answers,
          request,
          reply,
          await deps.analytics.agentBreakdownsAnswer(
            agentScopeOf(request),
            request.params.id,
            request.query,
          ),
        ),
    );
  };
