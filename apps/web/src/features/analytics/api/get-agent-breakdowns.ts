import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { analyticsQueryOptions, type AnalyticsQuery } from './analytics-query-keys';

/**
 * GET /api/agents/:id/analytics/breakdowns?from&to: the statistics screen's charts (end reasons,
 * call types, daily success rate, cost components, durations, hours of the day).
 */
export const agentBreakdownsQueryOptions = (agentId: string, range: AnalyticsQuery) =>
  analyticsQueryOptions({
    agentId,
    range,
    view: 'breakdowns',
    errorTitle: 'Could not refresh the statistics',
    fetch: (query, signal) =>
      api('get', '/agents/{id}/analytics/breakdowns', { path: { id: agentId }, query, signal }),
  });

export function useAgentBreakdowns(agentId: string, range: AnalyticsQuery) {
  return useQuery(agentBreakdownsQueryOptions(agentId, range));
}
