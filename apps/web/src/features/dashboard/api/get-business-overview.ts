import type { BusinessOverview } from '@switchboard/shared/analytics';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/statistics/businesses: the operator's overview, one row per business. */
export async function getBusinessOverview(signal?: AbortSignal): Promise<BusinessOverview[]> {
  return (await api('get', '/statistics/businesses', { signal })).data;
}

export const businessOverviewQueryOptions = () =>
  queryOptions({
    queryKey: ['statistics', 'businesses'] as const,
    queryFn: ({ signal }) => getBusinessOverview(signal),
    meta: { errorTitle: 'Could not refresh the overview' },
  });

export function useBusinessOverview() {
  return useQuery(businessOverviewQueryOptions());
}
