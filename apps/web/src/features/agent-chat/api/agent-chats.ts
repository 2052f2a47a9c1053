import type { SendChatMessageInput } from '@switchboard/shared/chats';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const agentChatsQueryKey = (agentId: string) => ['agent-chats', agentId] as const;

/** GET /api/agents/:id/chats: the agent's conversations, newest first. */
export const agentChatsQueryOptions = (agentId: string) =>
  queryOptions({
    queryKey: agentChatsQueryKey(agentId),
    queryFn: async ({ signal }) =>
      (await api('get', '/agents/{id}/chats', { path: { id: agentId }, signal })).data,
    meta: { errorTitle: 'Could not refresh the chats' },
  });

export function useAgentChats(agentId: string) {
  return useQuery(agentChatsQueryOptions(agentId));
}

/** POST /api/agents/:id/chats: one message, answered by the agent's reply. */
export function useSendChatMessage(agentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SendChatMessageInput) =>
      api('post', '/agents/{id}/chats', { path: { id: agentId }, body: input }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: agentChatsQueryKey(agentId) }),
    // The panel shows the failure beside the message.
    meta: { errorToast: false },
  });
}
