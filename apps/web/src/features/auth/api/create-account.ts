import type { CreateAccountInput } from '@switchboard/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** POST /api/auth/create-account. The server mails a link to set the password. */
export function createAccount(input: CreateAccountInput): Promise<unknown> {
  return apiFetch<unknown>('/auth/create-account', { method: 'POST', body: input });
}

export function useCreateAccount() {
  return useMutation({ mutationFn: createAccount, meta: { errorToast: false } });
}
