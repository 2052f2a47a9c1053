import type { Agent } from '@switchboard/shared/agents';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';

/** GET /api/agents: the agents the user may see, with their last-7-days figures. */
export async function listAgents(signal?: AbortSignal): Promise<Agent[]> {
  const { data } = await api('get', '/agents', { signal });
  return data;
}

/** Prefix of every agent query (list, one agent, settings): invalidate it after a change. */
export const agentsQueryKey = ['agents'] as const;

export const agentListQueryOptions = () =>
  queryOptions({
    queryKey: [...agentsQueryKey, 'list'] as const,
    queryFn: ({ signal }) => listAgents(signal),
  });

export function useAgentList() {
  return useQuery(agentListQueryOptions());
}
