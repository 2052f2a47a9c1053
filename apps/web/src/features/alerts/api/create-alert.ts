import { notifications } from '@mantine/notifications';
import type { AlertRule, AlertRuleInput } from '@switchboard/shared/alerts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { alertsQueryKey } from './get-alerts';

/** POST /api/alerts (owners), or the operator's on a business. */
export function createAlert(base: string, input: AlertRuleInput): Promise<AlertRule> {
  return apiFetch<AlertRule>(base, { method: 'POST', body: input });
}

export function useCreateAlert(base: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AlertRuleInput) => createAlert(base, input),
    // The builder shows the server's field messages itself.
    meta: { errorToast: false },
    onSuccess: (rule) => {
      notifications.show({ color: 'teal', title: 'Alert set', message: rule.description });
      return queryClient.invalidateQueries({ queryKey: alertsQueryKey });
    },
  });
}
