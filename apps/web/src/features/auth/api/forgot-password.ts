import type { ForgotPasswordInput } from '@switchboard/shared/auth';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/auth/forgot-password: the same answer whether or not the account exists. */
export function requestPasswordReset(input: ForgotPasswordInput): Promise<{ message: string }> {
  return api('post', '/auth/forgot-password', { body: input });
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset, meta: { errorToast: false } });
}
