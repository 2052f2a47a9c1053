import { notifications } from '@mantine/notifications';
import type { DigestFrequency, DigestPreference } from '@switchboard/shared/alerts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

const digestQueryKey = ['account', 'digest'] as const;

/** GET /api/account/digest: the signed-in user's digest mail. */
export function getDigest(signal?: AbortSignal): Promise<DigestPreference> {
  return api('get', '/account/digest', { signal });
}

export function useDigest() {
  return useQuery(
    queryOptions({ queryKey: digestQueryKey, queryFn: ({ signal }) => getDigest(signal) }),
  );
}

/** PUT /api/account/digest. */
export function chooseDigest(frequency: DigestFrequency): Promise<DigestPreference> {
  return api('put', '/account/digest', { body: { frequency } });
}

const SAVED: Record<DigestFrequency, string> = {
  off: 'You will get no digest mail.',
  daily: 'A digest of each day arrives at 07:00.',
  weekly: 'A digest of each week arrives on Monday at 07:00.',
};

export function useChooseDigest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: chooseDigest,
    onSuccess: (preference) => {
      queryClient.setQueryData(digestQueryKey, preference);
      notifications.show({
        color: 'teal',
        title: 'Digest saved',
        message: SAVED[preference.frequency],
      });
    },
  });
}
