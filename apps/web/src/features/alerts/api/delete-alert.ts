import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { alertsQueryKey, type AlertsBase } from './get-alerts';

/** DELETE /api/alerts/:id (owners, or the operator's; 204); its history stays. */
export function deleteAlert(base: AlertsBase, id: string): Promise<void> {
  return base === null
    ? api('delete', '/alerts/{id}', { path: { id } })
    : api('delete', '/admin/businesses/{businessId}/alerts/{id}', {
        path: { businessId: base, id },
      });
}

export function useDeleteAlert(base: AlertsBase) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => deleteAlert(base, id),
    onSuccess: () => {
      notifications.show({ color: 'teal', title: 'Alert deleted', message: 'Its history stays.' });
      return queryClient.invalidateQueries({ queryKey: alertsQueryKey });
    },
  });
}
