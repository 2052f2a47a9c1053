import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/admin/users/:id/set-password-link: a fresh 24-hour link by mail. */
export function sendSetPasswordLink(userId: string): Promise<{ to: string }> {
  return api('post', '/admin/users/{id}/set-password-link', { path: { id: userId } });
}

export function useSendSetPasswordLink() {
  return useMutation({
    mutationFn: sendSetPasswordLink,
    onSuccess: ({ to }) => {
      notifications.show({ color: 'teal', title: 'Set-password link sent', message: to });
    },
  });
}
