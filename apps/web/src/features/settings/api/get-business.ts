import type { Business } from '@switchboard/shared/account';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const businessQueryKey = ['business'] as const;

/** GET /api/business: the signed-in user's business. */
export function getBusiness(): Promise<Business> {
  return api('get', '/business');
}

export const businessQueryOptions = () =>
  queryOptions({ queryKey: businessQueryKey, queryFn: getBusiness });

export function useBusiness() {
  return useQuery(businessQueryOptions());
}
