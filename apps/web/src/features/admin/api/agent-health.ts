import { notifications } from '@mantine/notifications';
import type { AgentHealth } from '@switchboard/shared/agents';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { agentsQueryKey } from './list-agents';

/** GET /api/agents/:id/health for one platform assistant (admins may ask for any). */
export function getAgentHealth(assistantId: string, signal?: AbortSignal): Promise<AgentHealth> {
  return api('get', '/agents/{id}/health', { path: { id: assistantId }, signal });
}

export const agentHealthQueryOptions = (assistantId: string) =>
  queryOptions({
    queryKey: [...agentsQueryKey, 'health', assistantId] as const,
    queryFn: ({ signal }) => getAgentHealth(assistantId, signal),
    meta: { errorTitle: 'Could not check the agent’s connection' },
  });

/** Asked for on demand (one platform read per agent): `enabled` once the operator clicks Check. */
export function useAgentHealth(assistantId: string, enabled: boolean) {
  return useQuery({ ...agentHealthQueryOptions(assistantId), enabled });
}

/** POST /api/agents/:id/repair: points the agent and its tools at our webhook again. */
export function useRepairAgent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (assistantId: string) =>
      api('post', '/agents/{id}/repair', { path: { id: assistantId } }),
    onSuccess: (health, assistantId) => {
      queryClient.setQueryData(agentHealthQueryOptions(assistantId).queryKey, health);
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
