import type { AdminBusinessUser } from '@switchboard/shared/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { businessesQueryKey } from './list-businesses';

/** GET /api/admin/businesses/:id/users (admin only). */
export function listBusinessUsers(businessId: string): Promise<{ data: AdminBusinessUser[] }> {
  return api('get', '/admin/businesses/{id}/users', { path: { id: businessId } });
}

export const businessUsersQueryOptions = (businessId: string) =>
  queryOptions({
    queryKey: [...businessesQueryKey, 'users', businessId],
    queryFn: () => listBusinessUsers(businessId),
  });

export function useBusinessUsers(businessId: string | null) {
  return useQuery({ ...businessUsersQueryOptions(businessId ?? ''), enabled: businessId !== null });
}
