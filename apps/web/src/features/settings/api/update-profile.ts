import type { ProfileInput } from '@switchboard/shared/account';
import type { SessionUser } from '@switchboard/shared/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { sessionQueryKey } from './session-query-key';

/** PUT /api/account/profile: answers the signed-in user as they are now. */
export async function updateProfile(input: ProfileInput): Promise<SessionUser> {
  const { user } = await api('put', '/account/profile', { body: input });
  return user;
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    meta: { errorToast: false },
    onSuccess: (user) => {
      queryClient.setQueryData(sessionQueryKey, user);
      return queryClient.invalidateQueries({ queryKey: ['team'] });
    },
  });
}
