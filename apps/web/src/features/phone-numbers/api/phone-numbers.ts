import { notifications } from '@mantine/notifications';
import type {
  CreatePhoneNumberInput,
  UpdatePhoneNumberInput,
} from '@switchboard/shared/phone-numbers';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { agentsQueryKey } from '../../../lib/api/list-agents';

export const phoneNumbersQueryKey = ['phone-numbers'] as const;

/** GET /api/phone-numbers: the business's numbers and what answers each. */
export const phoneNumbersQueryOptions = () =>
  queryOptions({
    queryKey: phoneNumbersQueryKey,
    queryFn: async ({ signal }) => (await api('get', '/phone-numbers', { signal })).data,
    meta: { errorTitle: 'Could not refresh the phone numbers' },
  });

export function usePhoneNumbers() {
  return useQuery(phoneNumbersQueryOptions());
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: phoneNumbersQueryKey });
    // An agent's number shows in the agent lists.
    void queryClient.invalidateQueries({ queryKey: agentsQueryKey });
  };
}

/** POST /api/phone-numbers: buy a platform number, or import a Twilio or Vonage one. */
export function useCreatePhoneNumber() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: CreatePhoneNumberInput) => api('post', '/phone-numbers', { body: input }),
    onSuccess: (phone) => {
      notifications.show({
        color: 'teal',
        title: phone.provider === 'vapi' ? 'Number added' : 'Number imported',
        message: `${phone.number ?? 'The number'} is now one of your numbers.`,
      });
    },
    onSettled: refresh,
  });
}

/** PATCH /api/phone-numbers/:id: name, agent or squad, fallback. */
export function useUpdatePhoneNumber() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, ...input }: UpdatePhoneNumberInput & { id: string }) =>
      api('patch', '/phone-numbers/{id}', { path: { id }, body: input }),
    onSuccess: (phone) => {
      notifications.show({
        color: 'teal',
        title: 'Number updated',
        message: phone.agent
          ? `${phone.number ?? 'The number'} is answered by ${phone.agent.name}.`
          : `${phone.number ?? 'The number'} was saved.`,
      });
    },
    onSettled: refresh,
  });
}

/** DELETE /api/phone-numbers/:id: release the number on the platform. */
export function useReleasePhoneNumber() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api('delete', '/phone-numbers/{id}', { path: { id } }),
    onSettled: refresh,
  });
}
