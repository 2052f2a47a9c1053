import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** POST /api/account/sign-out-others: ends every other session of the user. */
export function signOutOthers(): Promise<{ ended: number }> {
  return api('post', '/account/sign-out-others');
}

export function useSignOutOthers() {
  return useMutation({
    mutationFn: signOutOthers,
    onSuccess: ({ ended }) => {
      notifications.show({
        color: 'teal',
        title: 'Other sessions signed out',
        message:
          ended === 0
            ? 'You were not signed in anywhere else.'
            : `${ended} other ${ended === 1 ? 'session' : 'sessions'} ended.`,
      });
    },
  });
}
