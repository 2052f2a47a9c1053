import type { LoginInput, SessionUser } from '@switchboard/shared/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { startSession } from './get-session';

/** POST /api/auth/login: sets the session cookie and answers the signed-in user. */
export async function login(input: LoginInput): Promise<SessionUser> {
  const { user } = await api('post', '/auth/login', { body: input });
  return user;
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => startSession(queryClient, user),
    // The form shows the failure in its alert, so no toast as well.
    meta: { errorToast: false },
  });
}
