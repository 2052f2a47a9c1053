import type { AgentHealth } from '@switchboard/shared/agents';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { useRepairAgentMutation } from '../../../lib/api/repair-agent';
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

/** Repairs any platform assistant (admins); the agent table's health check shows the answer. */
export function useRepairAgent() {
  return useRepairAgentMutation((assistantId) => agentHealthQueryOptions(assistantId).queryKey);
}
