import { notifications } from '@mantine/notifications';
import type { AdminPlatformResourceQuery, PlatformResourceKind } from '@switchboard/shared/console';
import { PLATFORM_RESOURCE_LABELS } from '@switchboard/shared/console';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const platformResourcesQueryKey = ['admin', 'platform-resources'] as const;

/** GET /api/admin/platform-resources?kind&assigned (admin only). */
export const platformResourcesQueryOptions = (filter: AdminPlatformResourceQuery) =>
  queryOptions({
    queryKey: [...platformResourcesQueryKey, filter],
    queryFn: async ({ signal }) =>
      (await api('get', '/admin/platform-resources', { query: filter, signal })).data,
    placeholderData: keepPreviousData,
    meta: { errorTitle: 'Could not refresh the platform resources' },
  });

export function usePlatformResources(filter: AdminPlatformResourceQuery) {
  return useQuery(platformResourcesQueryOptions(filter));
}

/** PUT /api/admin/platform-resources/:id/business. */
export function useAssignPlatformResource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, businessId }: { id: string; businessId: string | null }) =>
      api('put', '/admin/platform-resources/{id}/business', { path: { id }, body: { businessId } }),
    meta: { errorTitle: 'Could not change the assignment' },
    onSuccess: (resource) =>
      notifications.show({
        color: 'teal',
        title: resource.businessId ? 'Assigned' : 'Unassigned',
        message: resource.businessName
          ? `${resource.name || resource.platformId} now belongs to ${resource.businessName}.`
          : `${resource.name || resource.platformId} no longer belongs to a business.`,
      }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: platformResourcesQueryKey }),
  });
}

/** POST /api/admin/platform-resources/discover. */
export function useDiscoverPlatformResources() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (kind: PlatformResourceKind | undefined) =>
      api('post', '/admin/platform-resources/discover', { body: kind ? { kind } : {} }),
    meta: { errorTitle: 'Could not look on the platform' },
    onSuccess: (result) => {
      const added = result.kinds.reduce((sum, k) => sum + k.added, 0);
      notifications.show({
        color: 'teal',
        title: added ? `${added} new on the platform` : 'Nothing new on the platform',
        message: result.kinds
          .map((k) => `${PLATFORM_RESOURCE_LABELS[k.kind].many}: ${k.found} (${k.added} new)`)
          .join(' · '),
      });
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: platformResourcesQueryKey }),
  });
}
