import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { callDetailsQueryKey } from './get-call';
import { callLogsQueryKey } from './list-call-logs';

/**
 * POST /api/calls/:id/erase: the recording, transcript and caller erased here and on the
 * platform (owners and managers). The answer is the call as it now is; the logs that showed its
 * caller or matched its words are read again.
 */
export function useEraseCall(callId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('post', '/calls/{id}/erase', { path: { id: callId } }),
    onSuccess: async (call) => {
      queryClient.setQueryData([...callDetailsQueryKey, callId], call);
      await queryClient.invalidateQueries({ queryKey: callLogsQueryKey });
    },
  });
}
