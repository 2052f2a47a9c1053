import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { alertsQueryKey } from './get-alerts';

/** DELETE /api/alerts/:id (owners, or the operator's; 204); its history stays. */
export function deleteAlert(base: string, id: string): Promise<void> {
  return apiFetch<void>(`${base}/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteAlert(base: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteAlert(base, id),
    onSuccess: () => {
      notifications.show({ color: 'teal', title: 'Alert deleted', message: 'Its history stays.' });
      return queryClient.invalidateQueries({ queryKey: alertsQueryKey });
    },
  });
}
