import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { emailLogsQueryKey } from './query-keys';

/** POST /api/email-logs/:id/retry: a failed reply goes back in the mail queue. */
export function retryEmailLog(emailLogId: string) {
  return api('post', '/email-logs/{id}/retry', { path: { id: emailLogId } });
}

export function useRetryEmailLog() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: retryEmailLog,
    meta: { errorTitle: 'Could not retry the email' },
    onSettled: () => queryClient.invalidateQueries({ queryKey: emailLogsQueryKey }),
  });
}
