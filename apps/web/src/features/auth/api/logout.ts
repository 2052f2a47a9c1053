import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/auth/logout: the server revokes the session and clears the cookie (204). */
export function logout(): Promise<void> {
  return api('post', '/auth/logout');
}

export function useLogout() {
  return useMutation({ mutationFn: logout, meta: { errorTitle: 'Could not sign you out' } });
}
