import { notifications } from '@mantine/notifications';
import type { CustomToolInput, Tool, UpdateCustomToolInput } from '@switchboard/shared/tools';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export const toolsQueryKey = ['tools'] as const;

/** GET /api/tools: Switchboard's managed tools and the business's custom ones. */
export const toolsQueryOptions = () =>
  queryOptions({
    queryKey: toolsQueryKey,
    queryFn: async ({ signal }) => (await apiFetch<{ data: Tool[] }>('/tools', { signal })).data,
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
    mutationFn: (input: CustomToolInput) =>
      apiFetch<Tool>('/tools', { method: 'POST', body: input }),
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
      apiFetch<Tool>(`/tools/${encodeURIComponent(id)}`, { method: 'PATCH', body: input }),
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
    mutationFn: (id: string) =>
      apiFetch<void>(`/tools/${encodeURIComponent(id)}`, { method: 'DELETE' }),
    onSettled: refresh,
  });
}
