import type { LoginInput } from '@switchboard/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** POST /api/auth/login. The answer's shape belongs to the server; the form only needs success. */
export function login(input: LoginInput): Promise<unknown> {
  return apiFetch<unknown>('/auth/login', { method: 'POST', body: input });
}

export function useLogin() {
  // The form shows the failure next to the fields, so no toast as well.
  return useMutation({ mutationFn: login, meta: { errorToast: false } });
}
