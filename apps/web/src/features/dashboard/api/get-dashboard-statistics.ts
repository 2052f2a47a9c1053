import type { DashboardStatistics } from '@switchboard/shared/analytics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/statistics/dashboard: every figure of the dashboard's cards in one answer. */
export function getDashboardStatistics(signal?: AbortSignal): Promise<DashboardStatistics> {
  return api('get', '/statistics/dashboard', { signal });
}

export const dashboardStatisticsQueryKey = ['statistics', 'dashboard'] as const;

export const dashboardStatisticsQueryOptions = () =>
  queryOptions({
    queryKey: dashboardStatisticsQueryKey,
    queryFn: ({ signal }) => getDashboardStatistics(signal),
    meta: { errorTitle: 'Could not refresh the statistics' },
  });

export function useDashboardStatistics() {
  return useQuery(dashboardStatisticsQueryOptions());
}
