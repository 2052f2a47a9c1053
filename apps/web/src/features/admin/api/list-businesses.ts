import type { AdminBusiness } from '@switchboard/shared/admin';
import { MAX_PAGE_LIMIT } from '@switchboard/shared/pagination';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type PageParams = { page: number; limit: number };

/** GET /api/admin/businesses?page&limit (admin only). */
export function listBusinesses(params: PageParams, signal?: AbortSignal) {
  return api('get', '/admin/businesses', { query: params, signal });
}

export const businessesQueryKey = ['admin', 'businesses'] as const;

export const businessesQueryOptions = (params: PageParams) =>
  queryOptions({
    queryKey: [...businessesQueryKey, 'page', params],
    queryFn: ({ signal }) => listBusinesses(params, signal),
    // The table keeps the page on screen while the next one loads.
    placeholderData: keepPreviousData,
    meta: { errorTitle: 'Could not refresh the businesses' },
  });

export function useBusinesses(params: PageParams) {
  return useQuery(businessesQueryOptions(params));
}

/** Every business (page after page), for pickers such as the agent assignment. */
export async function listAllBusinesses(signal?: AbortSignal): Promise<AdminBusiness[]> {
  const all: AdminBusiness[] = [];
  for (let page = 1; ; page += 1) {
    const { data, meta } = await listBusinesses({ page, limit: MAX_PAGE_LIMIT }, signal);
    all.push(...data);
    if (!meta.hasNext) return all;
  }
}

export const allBusinessesQueryOptions = () =>
  queryOptions({
    queryKey: [...businessesQueryKey, 'all'],
    queryFn: ({ signal }) => listAllBusinesses(signal),
    meta: { errorTitle: 'Could not refresh the businesses' },
  });

export function useAllBusinesses() {
  return useQuery(allBusinessesQueryOptions());
}
