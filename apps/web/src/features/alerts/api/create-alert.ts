import { notifications } from '@mantine/notifications';
import type { AlertRule, AlertRuleInput } from '@switchboard/shared/alerts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { alertsQueryKey, type AlertsBase } from './get-alerts';

/** POST /api/alerts (owners), or the operator's on a business. */
export function createAlert(base: AlertsBase, input: AlertRuleInput): Promise<AlertRule> {
  return base === null
    ? api('post', '/alerts', { body: input })
    : api('post', '/admin/businesses/{businessId}/alerts', {
        path: { businessId: base },
        body: input,
      });
}

export function useCreateAlert(base: AlertsBase) {
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
