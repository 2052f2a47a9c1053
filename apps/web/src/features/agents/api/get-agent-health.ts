import type { AgentHealth } from '@switchboard/shared/agents';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { agentsQueryKey } from '../../../lib/api/list-agents';

/**
 * GET /api/agents/:id/health: whether the voice platform reaches us for this agent (its server
 * and tools point at our webhook with our secret) and when a webhook last arrived.
 */
export function getAgentHealth(agentId: string, signal?: AbortSignal): Promise<AgentHealth> {
  return api('get', '/agents/{id}/health', { path: { id: agentId }, signal });
}

export const agentHealthQueryKey = (agentId: string) =>
  [...agentsQueryKey, 'health', agentId] as const;

export const agentHealthQueryOptions = (agentId: string) =>
  queryOptions({
    queryKey: agentHealthQueryKey(agentId),
    queryFn: ({ signal }) => getAgentHealth(agentId, signal),
    meta: { errorTitle: 'Could not check the agent’s connection' },
  });

export function useAgentHealth(agentId: string) {
  return useQuery(agentHealthQueryOptions(agentId));
}
