import type { AgentToolChoices } from '@switchboard/shared/agents';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import { agentsQueryKey } from './list-agents';

/** GET /api/agent-tools: the business's own tools an agent may attach. */
export function getAgentToolChoices(signal?: AbortSignal): Promise<AgentToolChoices> {
  return api('get', '/agent-tools', { signal });
}

export const agentToolChoicesQueryOptions = () =>
  queryOptions({
    queryKey: [...agentsQueryKey, 'tool-choices'] as const,
    queryFn: ({ signal }) => getAgentToolChoices(signal),
    meta: { errorTitle: 'Could not load your tools' },
  });

export function useAgentToolChoices() {
  return useQuery(agentToolChoicesQueryOptions());
}
