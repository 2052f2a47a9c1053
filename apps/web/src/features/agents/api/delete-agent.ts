import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { agentQueryOptions } from './get-agent';
import { agentSettingsQueryKey } from './get-agent-settings';
import { agentListQueryOptions } from '../../../lib/api/list-agents';

export type DeleteAgentVariables = {
  agentId: string;
  /** For the confirmation toast. */
  name: string;
};

/** DELETE /api/agents/:id (204): removes the assistant from the voice platform. */
export function deleteAgent({ agentId }: DeleteAgentVariables): Promise<void> {
  return api('delete', '/agents/{id}', { path: { id: agentId } });
}

export function useDeleteAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteAgent,
    // The confirmation step shows the failure itself.
    meta: { errorToast: false },
    onSuccess: (_result, { agentId, name }) => {
      // The agent is gone: asking for its details or settings again could only answer 404.
      // The settings dialog may still be open (observing its settings query) while it closes,
      // so that query is only cancelled, never refetched; it is dropped once nobody watches it.
      void queryClient.cancelQueries({ queryKey: agentSettingsQueryKey(agentId) });
      queryClient.removeQueries({ queryKey: agentQueryOptions(agentId).queryKey });
      notifications.show({
        color: 'teal',
        title: 'Agent deleted',
        message: `${name} was deleted. Its call history is kept.`,
      });
      return queryClient.invalidateQueries({ queryKey: agentListQueryOptions().queryKey });
    },
  });
}
