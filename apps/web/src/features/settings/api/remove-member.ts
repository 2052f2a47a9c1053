import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { teamQueryKey } from './list-team';

export type RemoveMemberVariables = { memberId: string; email: string };

/** DELETE /api/team/members/:id (204). */
export function removeMember({ memberId }: RemoveMemberVariables): Promise<void> {
  return api('delete', '/team/members/{id}', { path: { id: memberId } });
}

export function useRemoveMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeMember,
    onSuccess: (_result, { email }) => {
      notifications.show({ color: 'teal', title: 'Removed from the team', message: email });
      return queryClient.invalidateQueries({ queryKey: teamQueryKey });
    },
  });
}
