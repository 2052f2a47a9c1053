import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { alertsQueryKey } from './get-alerts';

/** DELETE /api/alerts/:id (owners, 204); its history stays. */
export function deleteAlert(id: string): Promise<void> {
  return apiFetch<void>(`/alerts/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function useDeleteAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAlert,
    onSuccess: () => {
      notifications.show({ color: 'teal', title: 'Alert deleted', message: 'Its history stays.' });
      return queryClient.invalidateQueries({ queryKey: alertsQueryKey });
    },
  });
}
