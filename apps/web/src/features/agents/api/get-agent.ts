import type { Agent } from '@switchboard/shared/agents';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { agentsQueryKey } from '../../../lib/api/list-agents';

/** GET /api/agents/:id: one agent (404 when it is not one of the user's). */
export function getAgent(agentId: string, signal?: AbortSignal): Promise<Agent> {
  return api('get', '/agents/{id}', { path: { id: agentId }, signal });
}

export const agentQueryOptions = (agentId: string) =>
  queryOptions({
    queryKey: [...agentsQueryKey, 'detail', agentId] as const,
    queryFn: ({ signal }) => getAgent(agentId, signal),
  });

export function useAgent(agentId: string) {
  return useQuery(agentQueryOptions(agentId));
}
