import type { AlertRule } from '@switchboard/shared/alerts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { alertsQueryKey } from './get-alerts';

export type UpdateAlertVariables = { id: string; enabled: boolean };

/** PATCH /api/alerts/:id (owners): on or off. */
export function updateAlert({ id, enabled }: UpdateAlertVariables): Promise<AlertRule> {
  return apiFetch<AlertRule>(`/alerts/${encodeURIComponent(id)}`, {
    method: 'PATCH',
    body: { enabled },
  });
}

export function useUpdateAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAlert,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: alertsQueryKey }),
  });
}
