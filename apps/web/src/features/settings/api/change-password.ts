import type { ChangePasswordInput } from '@switchboard/shared/account';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/account/password (204): the user's other sessions end. */
export function changePassword(input: ChangePasswordInput): Promise<void> {
  return api('post', '/account/password', { body: input });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword, meta: { errorToast: false } });
}
