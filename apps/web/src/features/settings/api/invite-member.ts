import type { InviteMemberInput, TeamMember } from '@switchboard/shared/account';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { teamQueryKey } from './list-team';

/** POST /api/team/invitations: the join link goes by mail. */
export function inviteMember(input: InviteMemberInput): Promise<TeamMember> {
  return api('post', '/team/invitations', { body: input });
}

export function useInviteMember() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: inviteMember,
    meta: { errorToast: false },
    onSuccess: (member) => {
      notifications.show({
        color: 'teal',
        title: 'Invitation sent',
        message: `${member.email} can join with the link in their mail.`,
      });
      return queryClient.invalidateQueries({ queryKey: teamQueryKey });
    },
  });
}
