import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import {
  analyticsQueryKey,
  analyticsSearch,
  isSameAgent,
  rangeKey,
  type AnalyticsQuery,
} from './analytics-query-keys';

/**
 * GET /api/agents/:id/analytics/breakdowns?from&to: the statistics screen's charts (end reasons,
 * call types, daily success rate, cost components, durations, hours of the day).
 */
export function getAgentBreakdowns(agentId: string, range: AnalyticsQuery, signal?: AbortSignal) {
  return api('get', '/agents/{id}/analytics/breakdowns', {
    path: { id: agentId },
    query: analyticsSearch(range),
    signal,
  });
}

export const agentBreakdownsQueryOptions = (agentId: string, range: AnalyticsQuery) =>
  queryOptions({
    queryKey: [...analyticsQueryKey, agentId, 'breakdowns', rangeKey(range)] as const,
    queryFn: ({ signal }) => getAgentBreakdowns(agentId, range, signal),
    placeholderData: (previous, previousQuery) =>
      isSameAgent(previousQuery, agentId) ? previous : undefined,
    meta: { errorTitle: 'Could not refresh the statistics' },
  });

export function useAgentBreakdowns(agentId: string, range: AnalyticsQuery) {
  return useQuery(agentBreakdownsQueryOptions(agentId, range));
}
