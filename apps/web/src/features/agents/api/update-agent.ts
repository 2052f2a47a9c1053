import { notifications } from '@mantine/notifications';
import type { Agent, AgentSettings } from '@switchboard/shared/agents';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { agentsQueryKey } from '../../../lib/api/list-agents';

export type UpdateAgentVariables = { agentId: string; settings: AgentSettings };

/** PATCH /api/agents/:id: saves the settings on the voice platform and answers the agent. */
export function updateAgent({ agentId, settings }: UpdateAgentVariables): Promise<Agent> {
  return api('patch', '/agents/{id}', { path: { id: agentId }, body: settings });
}

export function useUpdateAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAgent,
    // The form shows the failure in its alert (and field messages under the fields).
    meta: { errorToast: false },
    onSuccess: (agent) => {
      notifications.show({
        color: 'teal',
        title: 'Agent saved',
        message: `The settings of ${agent.name} are saved.`,
      });
      return queryClient.invalidateQueries({ queryKey: agentsQueryKey });
    },
  });
}
