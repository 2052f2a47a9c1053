import { notifications } from '@mantine/notifications';
import type {
  StructuredOutput,
  StructuredOutputInput,
  UpdateStructuredOutputInput,
} from '@switchboard/shared/structured-outputs';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export const structuredOutputsQueryKey = ['structured-outputs'] as const;

/** GET /api/structured-outputs: the business's structured outputs. */
export const structuredOutputsQueryOptions = () =>
  queryOptions({
    queryKey: structuredOutputsQueryKey,
    queryFn: async ({ signal }) =>
      (await apiFetch<{ data: StructuredOutput[] }>('/structured-outputs', { signal })).data,
    meta: { errorTitle: 'Could not refresh the structured outputs' },
  });

export function useStructuredOutputs() {
  return useQuery(structuredOutputsQueryOptions());
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: structuredOutputsQueryKey });
}

export function useCreateStructuredOutput() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: StructuredOutputInput) =>
      apiFetch<StructuredOutput>('/structured-outputs', { method: 'POST', body: input }),
    onSuccess: (output) =>
      notifications.show({
        color: 'teal',
        title: 'Structured output created',
        message: `${output.name} is extracted from the calls of the agents it is attached to.`,
      }),
    onSettled: refresh,
  });
}

export function useUpdateStructuredOutput() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, ...input }: UpdateStructuredOutputInput & { id: string }) =>
      apiFetch<StructuredOutput>(`/structured-outputs/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: input,
      }),
    onSuccess: (output) =>
      notifications.show({
        color: 'teal',
        title: 'Structured output saved',
        message: `${output.name} was saved.`,
      }),
    onSettled: refresh,
  });
}

export function useDeleteStructuredOutput() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<void>(`/structured-outputs/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: refresh,
  });
}
