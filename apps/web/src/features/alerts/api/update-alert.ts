import type { AlertRule } from '@switchboard/shared/alerts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { alertsQueryKey } from './get-alerts';

export type UpdateAlertVariables = { id: string; enabled: boolean };

/** PATCH /api/alerts/:id (owners; or the operator's): on or off. */
export function updateAlert(
  base: string,
  { id, enabled }: UpdateAlertVariables,
): Promise<AlertRule> {
  return apiFetch<AlertRule>(`${base}/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: { enabled },
  });
}

export function useUpdateAlert(base: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: UpdateAlertVariables) => updateAlert(base, variables),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertsQueryKey }),
  });
}
