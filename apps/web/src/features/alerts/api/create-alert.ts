import { notifications } from '@mantine/notifications';
import type { AlertRule, AlertRuleInput } from '@switchboard/shared/alerts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { alertsQueryKey } from './get-alerts';

/** POST /api/alerts (owners). */
export function createAlert(input: AlertRuleInput): Promise<AlertRule> {
  return apiFetch<AlertRule>('/alerts', { method: 'POST', body: input });
}

export function useCreateAlert() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAlert,
    // The builder shows the server's field messages itself.
    meta: { errorToast: false },
    onSuccess: (rule) => {
      notifications.show({ color: 'teal', title: 'Alert set', message: rule.description });
      return queryClient.invalidateQueries({ queryKey: alertsQueryKey });
    },
  });
}
