import { notifications } from '@mantine/notifications';
import type { SquadInput } from '@switchboard/shared/squads';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { squadsQueryKey } from '../../../lib/api/list-squads';

function useRefresh() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: squadsQueryKey });
}

export function useCreateSquad() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: SquadInput) => api('post', '/squads', { body: input }),
    onSuccess: (squad) =>
      notifications.show({
        color: 'teal',
        title: 'Squad created',
        message: `${squad.name} is ready: talk to it here or let it answer a phone number.`,
      }),
    onSettled: refresh,
  });
}

export function useUpdateSquad() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, ...input }: SquadInput & { id: string }) =>
      api('put', '/squads/{id}', { path: { id }, body: input }),
    onSuccess: (squad) =>
      notifications.show({
        color: 'teal',
        title: 'Squad saved',
        message: `${squad.name} was saved.`,
      }),
    onSettled: refresh,
  });
}

export function useDeleteSquad() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api('delete', '/squads/{id}', { path: { id } }),
    onSettled: refresh,
  });
}
