import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { analyticsQueryOptions, type AnalyticsQuery } from './analytics-query-keys';

/**
 * GET /api/agents/:id/analytics?from&to: the overview's four figures, its daily series and the
 * pass/fail split. Without from/to the server answers the last 30 days in the business's zone
 * and says which days it took (`range`).
 */
export const agentAnalyticsQueryOptions = (agentId: string, range: AnalyticsQuery) =>
  analyticsQueryOptions({
    agentId,
    range,
    view: 'overview',
    errorTitle: 'Could not refresh the analytics',
    fetch: (query, signal) =>
      api('get', '/agents/{id}/analytics', { path: { id: agentId }, query, signal }),
  });

export function useAgentAnalytics(agentId: string, range: AnalyticsQuery) {
  return useQuery(agentAnalyticsQueryOptions(agentId, range));
}
