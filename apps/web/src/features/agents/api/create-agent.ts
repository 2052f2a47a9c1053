import { notifications } from '@mantine/notifications';
import type { Agent, AgentSettings } from '@switchboard/shared/agents';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { agentsQueryKey } from '../../../lib/api/list-agents';

/** POST /api/agents (201): creates the assistant on the voice platform and answers the agent. */
export function createAgent(settings: AgentSettings): Promise<Agent> {
  return api('post', '/agents', { body: settings });
}

export function useCreateAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAgent,
    // The form shows the failure in its alert (and field messages under the fields).
    meta: { errorToast: false },
    onSuccess: (agent) => {
      notifications.show({
        color: 'teal',
        title: 'Agent created',
        message: `${agent.name} is ready. It appears in your agent list.`,
      });
      return queryClient.invalidateQueries({ queryKey: agentsQueryKey });
    },
  });
}
