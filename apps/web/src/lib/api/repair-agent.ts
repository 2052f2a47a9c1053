import { notifications } from '@mantine/notifications';
import type { AgentHealth } from '@switchboard/shared/agents';
import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { api } from '../api-client';

/**
 * POST /api/agents/:id/repair: points the agent and its tools at our webhook again. The answer,
 * the agent's health now, replaces the one cached under `healthKey(agentId)` and is told in a
 * notification. The owner's agent screens and the operator's agent table each pass their key.
 */
export function useRepairAgentMutation(healthKey: (agentId: string) => QueryKey) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (agentId: string): Promise<AgentHealth> =>
      api('post', '/agents/{id}/repair', { path: { id: agentId } }),
    onSuccess: (health, agentId) => {
      queryClient.setQueryData(healthKey(agentId), health);
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
