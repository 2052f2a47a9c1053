import type { AdminAgent } from '@switchboard/shared/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/admin/agents: every platform agent and the business it is assigned to (admin only). */
export async function listAgents(signal?: AbortSignal): Promise<AdminAgent[]> {
  const { data } = await api('get', '/admin/agents', { signal });
  return data;
}

export const agentsQueryKey = ['admin', 'agents'] as const;

export const agentsQueryOptions = () =>
  queryOptions({
    queryKey: agentsQueryKey,
    queryFn: ({ signal }) => listAgents(signal),
    meta: { errorTitle: 'Could not refresh the agents' },
  });

export function useAgents() {
  return useQuery(agentsQueryOptions());
}
