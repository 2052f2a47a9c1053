import { notifications } from '@mantine/notifications';
import type { AgentHealth } from '@switchboard/shared/agents';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { agentHealthQueryKey } from './get-agent-health';

/** POST /api/agents/:id/repair: points the agent and its tools at our webhook again. */
export function repairAgent(agentId: string): Promise<AgentHealth> {
  return api('post', '/agents/{id}/repair', { path: { id: agentId } });
}

export function useRepairAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: repairAgent,
    onSuccess: (health, agentId) => {
      queryClient.setQueryData(agentHealthQueryKey(agentId), health);
      notifications.show({
        color: health.ok ? 'teal' : 'yellow',
        title: health.ok ? 'Agent repaired' : 'Agent still needs attention',
        message: health.ok
          ? 'Its calls and tool calls are sent to Switchboard again.'
          : health.problems.join(' '),
      });
    },
  });
}
