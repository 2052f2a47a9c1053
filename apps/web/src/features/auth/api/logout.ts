import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** POST /api/auth/logout: the server revokes the session and clears the cookie (204). */
export function logout(): Promise<void> {
  return apiFetch<void>('/auth/logout', { method: 'POST' });
}

export function useLogout() {
  return useMutation({ mutationFn: logout, meta: { errorTitle: 'Could not sign you out' } });
}
