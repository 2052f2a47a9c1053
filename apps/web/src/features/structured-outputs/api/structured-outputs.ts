import { notifications } from '@mantine/notifications';
import type {
  StructuredOutput,
  StructuredOutputInput,
  UpdateStructuredOutputInput,
} from '@switchboard/shared/structured-outputs';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const structuredOutputsQueryKey = ['structured-outputs'] as const;

/** GET /api/structured-outputs: the business's structured outputs. */
export const structuredOutputsQueryOptions = () =>
  queryOptions({
    queryKey: structuredOutputsQueryKey,
    queryFn: async ({ signal }) => (await api('get', '/structured-outputs', { signal })).data,
    meta: { errorTitle: 'Could not refresh the structured outputs' },
  });

export function useStructuredOutputs() {
  return useQuery(structuredOutputsQueryOptions());
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: structuredOutputsQueryKey });
}

/** Saved, and said so; saved with no agent, a warning that it extracts nothing. */
function savedNotice(output: StructuredOutput, title: string, message: string) {
  if (output.agentIds.length === 0) {
    return {
      color: 'yellow',
      title: `${title}, but not used by any agent`,
      message: `${output.name} extracts nothing until you attach it to an agent: edit it and choose one.`,
      autoClose: 10_000,
    };
  }
  return { color: 'teal', title, message };
}

export function useCreateStructuredOutput() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: StructuredOutputInput) =>
      api('post', '/structured-outputs', { body: input }),
    onSuccess: (output) =>
      notifications.show(
        savedNotice(
          output,
          'Structured output created',
          `${output.name} is extracted from the calls of the agents it is attached to.`,
        ),
      ),
    onSettled: refresh,
  });
}

export function useUpdateStructuredOutput() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, ...input }: UpdateStructuredOutputInput & { id: string }) =>
      api('patch', '/structured-outputs/{id}', { path: { id }, body: input }),
    onSuccess: (output) =>
      notifications.show(
        savedNotice(output, 'Structured output saved', `${output.name} was saved.`),
      ),
    onSettled: refresh,
  });
}

export function useDeleteStructuredOutput() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api('delete', '/structured-outputs/{id}', { path: { id } }),
    onSettled: refresh,
  });
}
