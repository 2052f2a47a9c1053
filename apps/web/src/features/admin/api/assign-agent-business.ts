import { notifications } from '@mantine/notifications';
import type { AdminAgent, AssignAgentBusinessInput } from '@switchboard/shared/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { agentsQueryKey } from './list-agents';
import { businessesQueryKey } from './list-businesses';

export type AssignAgentBusinessVariables = AssignAgentBusinessInput & {
  agentId: string;
  /** For the optimistic row and the confirmation: the chosen business's name. */
  businessName: string | null;
};

/** PUT /api/admin/agents/:id/business: assigns the agent to a business, or unassigns it (null). */
export function assignAgentBusiness({ agentId, businessId }: AssignAgentBusinessVariables) {
  return api('put', '/admin/agents/{id}/business', {
    path: { id: agentId },
    body: { businessId } satisfies AssignAgentBusinessInput,
  });
}

/**
 * The row changes at once (optimistic); a refusal puts it back and says why (the query
 * client's toast, titled below). Business agent counts change too, so those lists refetch.
 */
export function useAssignAgentBusiness() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: assignAgentBusiness,
    meta: { errorTitle: 'Could not change the assignment' },
    onMutate: async ({ agentId, businessId, businessName }) => {
      await queryClient.cancelQueries({ queryKey: agentsQueryKey });
      const previous = queryClient.getQueryData<AdminAgent[]>(agentsQueryKey);
      queryClient.setQueryData<AdminAgent[]>(agentsQueryKey, (agents) =>
        agents?.map((agent) =>
          agent.id === agentId ? { ...agent, businessId, businessName } : agent,
        ),
      );
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(agentsQueryKey, context.previous);
    },
    onSuccess: (agent) => {
      queryClient.setQueryData<AdminAgent[]>(agentsQueryKey, (agents) =>
        agents?.map((row) => (row.id === agent.id ? agent : row)),
      );
      notifications.show({
        color: 'teal',
        title: agent.businessId ? 'Agent assigned' : 'Agent unassigned',
        message: agent.businessName
          ? `${agent.name} now answers for ${agent.businessName}.`
          : `${agent.name} no longer belongs to a business.`,
      });
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: agentsQueryKey });
      void queryClient.invalidateQueries({ queryKey: businessesQueryKey });
    },
  });
}
