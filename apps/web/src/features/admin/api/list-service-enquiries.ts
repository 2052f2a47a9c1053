import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { PageParams } from './list-businesses';

/** GET /api/admin/service-enquiries?page&limit (admin only): the landing page's enquiries. */
export function listServiceEnquiries(params: PageParams, signal?: AbortSignal) {
  return api('get', '/admin/service-enquiries', { query: params, signal });
}

export const serviceEnquiriesQueryKey = ['admin', 'service-enquiries'] as const;

export const serviceEnquiriesQueryOptions = (params: PageParams) =>
  queryOptions({
    queryKey: [...serviceEnquiriesQueryKey, 'page', params],
    queryFn: ({ signal }) => listServiceEnquiries(params, signal),
    placeholderData: keepPreviousData,
    meta: { errorTitle: 'Could not refresh the service enquiries' },
  });

export function useServiceEnquiries(params: PageParams) {
  return useQuery(serviceEnquiriesQueryOptions(params));
}
