import type { AlertRule } from '@switchboard/shared/alerts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { alertsQueryKey, type AlertsBase } from './get-alerts';

export type UpdateAlertVariables = { id: string; enabled: boolean };

/** PATCH /api/alerts/:id (owners; or the operator's): on or off. */
export function updateAlert(
  base: AlertsBase,
  { id, enabled }: UpdateAlertVariables,
): Promise<AlertRule> {
  return base === null
    ? api('patch', '/alerts/{id}', { path: { id }, body: { enabled } })
    : api('patch', '/admin/businesses/{businessId}/alerts/{id}', {
        path: { businessId: base, id },
        body: { enabled },
      });
}

export function useUpdateAlert(base: AlertsBase) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: UpdateAlertVariables) => updateAlert(base, variables),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertsQueryKey }),
  });
}
