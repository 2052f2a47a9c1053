import type { AgentSettingsResponse } from '@switchboard/shared/agents';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { agentsQueryKey } from '../../../lib/api/list-agents';

/**
 * GET /api/agents/:id/settings: the editable fields as the voice platform holds them now. When
 * the platform fails, the server answers 502 with "Failed to fetch agent: <reason>".
 */
export function getAgentSettings(
  agentId: string,
  signal?: AbortSignal,
): Promise<AgentSettingsResponse> {
  return api('get', '/agents/{id}/settings', { path: { id: agentId }, signal });
}

export const agentSettingsQueryKey = (agentId: string) =>
  [...agentsQueryKey, 'settings', agentId] as const;

export const agentSettingsQueryOptions = (agentId: string) =>
  queryOptions({
    queryKey: agentSettingsQueryKey(agentId),
    queryFn: ({ signal }) => getAgentSettings(agentId, signal),
    meta: { errorTitle: 'Could not refresh the agent settings' },
  });

export function useAgentSettings(agentId: string) {
  return useQuery(agentSettingsQueryOptions(agentId));
}
