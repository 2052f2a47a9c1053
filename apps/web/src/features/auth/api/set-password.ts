import type { SessionUser, SetPasswordInput } from '@switchboard/shared/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { startSession } from './get-session';

/** POST /api/auth/set-password: uses up the mailed token, sets the password and signs in. */
export async function setPassword(input: SetPasswordInput): Promise<SessionUser> {
  const { user } = await api('post', '/auth/set-password', { body: input });
  return user;
}

export function useSetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPassword,
    onSuccess: (user) => startSession(queryClient, user),
    meta: { errorToast: false },
  });
}
