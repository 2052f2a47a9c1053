import { notifications } from '@mantine/notifications';
import type { UpdateCallingRulesInput } from '@switchboard/shared/dialing';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { businessesQueryKey } from './list-businesses';

/** GET /api/admin/businesses/:id/calling-rules (admin only). */
export function getCallingRules(businessId: string, signal?: AbortSignal) {
  return api('get', '/admin/businesses/{id}/calling-rules', { path: { id: businessId }, signal });
}

export const callingRulesQueryOptions = (businessId: string) =>
  queryOptions({
    queryKey: [...businessesQueryKey, 'calling-rules', businessId],
    queryFn: ({ signal }) => getCallingRules(businessId, signal),
  });

export function useCallingRules(businessId: string | null) {
  return useQuery({
    ...callingRulesQueryOptions(businessId ?? ''),
    enabled: businessId !== null,
  });
}

/** PUT /api/admin/businesses/:id/calling-rules. */
export function useSaveCallingRules(businessId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rules: UpdateCallingRulesInput) =>
      api('put', '/admin/businesses/{id}/calling-rules', { path: { id: businessId }, body: rules }),
    onSuccess: (saved) => {
      queryClient.setQueryData(callingRulesQueryOptions(businessId).queryKey, saved);
      notifications.show({
        color: 'teal',
        title: 'Calling rules saved',
        message: `${saved.businessName}: the platform dials only what these rules allow.`,
      });
    },
  });
}
