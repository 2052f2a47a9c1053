import type { CreateAccountInput } from '@switchboard/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type CreateAccountResult = { message: string };

/** POST /api/auth/create-account (201). The server mails a link to set the password. */
export function createAccount(input: CreateAccountInput): Promise<CreateAccountResult> {
  return api('post', '/auth/create-account', { body: input });
}

export function useCreateAccount() {
  return useMutation({ mutationFn: createAccount, meta: { errorToast: false } });
}
