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
 * GET /api/agents/:id/analytics?from&to: the overview's four figures, its daily series and the
 * pass/fail split. Without from/to the server answers the last 30 days in the business's zone
 * and says which days it took (`range`).
 */
export function getAgentAnalytics(agentId: string, range: AnalyticsQuery, signal?: AbortSignal) {
  return api('get', '/agents/{id}/analytics', {
    path: { id: agentId },
    query: analyticsSearch(range),
    signal,
  });
}

export const agentAnalyticsQueryOptions = (agentId: string, range: AnalyticsQuery) =>
  queryOptions({
    queryKey: [...analyticsQueryKey, agentId, 'overview', rangeKey(range)] as const,
    queryFn: ({ signal }) => getAgentAnalytics(agentId, range, signal),
    // A new range keeps the current figures on screen until its own arrive.
    placeholderData: (previous, previousQuery) =>
      isSameAgent(previousQuery, agentId) ? previous : undefined,
    meta: { errorTitle: 'Could not refresh the analytics' },
  });

export function useAgentAnalytics(agentId: string, range: AnalyticsQuery) {
  return useQuery(agentAnalyticsQueryOptions(agentId, range));
}
