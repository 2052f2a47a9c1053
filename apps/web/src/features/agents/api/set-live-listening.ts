import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { agentsQueryKey } from '../../../lib/api/list-agents';
import { agentHealthQueryKey } from './get-agent-health';

/** PUT /api/agents/:id/live-listening: may the business's people listen to its calls live? */
export function useSetLiveListening() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ agentId, enabled }: { agentId: string; enabled: boolean }) =>
      api('put', '/agents/{id}/live-listening', { path: { id: agentId }, body: { enabled } }),
    onSuccess: (agent, { agentId, enabled }) => {
      void queryClient.invalidateQueries({ queryKey: agentsQueryKey });
      void queryClient.invalidateQueries({ queryKey: agentHealthQueryKey(agentId) });
      notifications.show({
        color: 'teal',
        title: enabled ? 'Listening in turned on' : 'Listening in turned off',
        message: enabled
          ? `Your team can listen to ${agent.name}'s calls as they happen.`
          : `Nobody can listen to ${agent.name}'s calls as they happen; stepping in still works.`,
      });
    },
    meta: { errorTitle: 'Could not change listening in' },
  });
}
