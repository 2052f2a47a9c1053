import { notifications } from '@mantine/notifications';
import type { CustomToolInput, UpdateCustomToolInput } from '@switchboard/shared/tools';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const toolsQueryKey = ['tools'] as const;

/** GET /api/tools: Switchboard's managed tools and the business's custom ones. */
export const toolsQueryOptions = () =>
  queryOptions({
    queryKey: toolsQueryKey,
    queryFn: async ({ signal }) => (await api('get', '/tools', { signal })).data,
    meta: { errorTitle: 'Could not refresh the tools' },
  });

export function useTools() {
  return useQuery(toolsQueryOptions());
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: toolsQueryKey });
}

export function useCreateTool() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: CustomToolInput) => api('post', '/tools', { body: input }),
    // The form shows the refusal (under the field it names, else in its alert): no toast too.
    meta: { errorToast: false },
    onSuccess: (tool) =>
      notifications.show({
        color: 'teal',
        title: 'Tool created',
        message: `${tool.name} is ready to attach to an agent.`,
      }),
    onSettled: refresh,
  });
}

export function useUpdateTool() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, ...input }: UpdateCustomToolInput & { id: string }) =>
      api('patch', '/tools/{id}', { path: { id }, body: input }),
    meta: { errorToast: false },
    onSuccess: (tool) =>
      notifications.show({
        color: 'teal',
        title: 'Tool saved',
        message: `${tool.name} was saved.`,
      }),
    onSettled: refresh,
  });
}

export function useDeleteTool() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api('delete', '/tools/{id}', { path: { id } }),
    onSettled: refresh,
  });
}
