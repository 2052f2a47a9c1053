import type { TeamMember, TeamRole } from '@switchboard/shared/account';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { sessionQueryKey } from './session-query-key';
import { teamQueryKey } from './list-team';

export type ChangeRoleVariables = { memberId: string; role: TeamRole };

/** PUT /api/team/members/:id/role */
export function changeRole({ memberId, role }: ChangeRoleVariables): Promise<TeamMember> {
  return api('put', '/team/members/{id}/role', { path: { id: memberId }, body: { role } });
}

export function useChangeRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeRole,
    // The team section says why in place (FormAlert); a toast would say it a second time.
    meta: { errorToast: false },
    onSuccess: () =>
      // An owner who stepped down is a member from now on: the session says so.
      Promise.all([
        queryClient.invalidateQueries({ queryKey: teamQueryKey }),
        queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
      ]),
  });
}
