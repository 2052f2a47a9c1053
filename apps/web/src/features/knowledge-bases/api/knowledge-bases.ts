import { notifications } from '@mantine/notifications';
import type { CreateKnowledgeBaseInput } from '@switchboard/shared/knowledge-bases';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { agentToolChoicesQueryOptions } from '../../../lib/api/get-agent-tool-choices';

export const filesQueryKey = ['files'] as const;
export const knowledgeBasesQueryKey = ['knowledge-bases'] as const;

/** While the platform is still working on something, the lists are read again this often. */
const BUSY_REFRESH_MS = 2000;

/** GET /api/files: the business's documents; re-read while one is still processing. */
export const filesQueryOptions = () =>
  queryOptions({
    queryKey: filesQueryKey,
    queryFn: async ({ signal }) => (await api('get', '/files', { signal })).data,
    meta: { errorTitle: 'Could not refresh the files' },
    refetchInterval: (query) =>
      query.state.data?.some((file) => file.status === 'processing') ? BUSY_REFRESH_MS : false,
  });

/** GET /api/knowledge-bases: with their files; re-read while a file is still indexing. */
export const knowledgeBasesQueryOptions = () =>
  queryOptions({
    queryKey: knowledgeBasesQueryKey,
    queryFn: async ({ signal }) => (await api('get', '/knowledge-bases', { signal })).data,
    meta: { errorTitle: 'Could not refresh the knowledge bases' },
    refetchInterval: (query) =>
      query.state.data?.some((base) => base.files.some((file) => file.status === 'indexing'))
        ? BUSY_REFRESH_MS
        : false,
  });

export function useFiles() {
  return useQuery(filesQueryOptions());
}

export function useKnowledgeBases() {
  return useQuery(knowledgeBasesQueryOptions());
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: filesQueryKey });
    void queryClient.invalidateQueries({ queryKey: knowledgeBasesQueryKey });
    // The agent form's choices list the knowledge bases too.
    void queryClient.invalidateQueries({ queryKey: agentToolChoicesQueryOptions().queryKey });
  };
}

/** Tells the lists a document arrived (the upload itself runs outside react-query). */
export function useFilesChanged() {
  return useRefresh();
}

export function useDeleteFile() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api('delete', '/files/{id}', { path: { id } }),
    onSettled: refresh,
  });
}

/** PATCH /api/files/:id: a document's new name, on the platform and here. */
export function useRenameFile() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      api('patch', '/files/{id}', { path: { id }, body: { name } }),
    onSuccess: refresh,
  });
}

/** PATCH /api/knowledge-bases/:id: a knowledge base's new name. */
export function useRenameKnowledgeBase() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, name }: { id: string; name: string }) =>
      api('patch', '/knowledge-bases/{id}', { path: { id }, body: { name } }),
    onSuccess: refresh,
  });
}

/** POST /api/knowledge-bases/:id/files/:fileId/retry: reads a failed document again. */
export function useRetryKnowledgeBaseFile() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ baseId, fileId }: { baseId: string; fileId: string }) =>
      api('post', '/knowledge-bases/{id}/files/{fileId}/retry', { path: { id: baseId, fileId } }),
    onSettled: refresh,
  });
}

export function useCreateKnowledgeBase() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: CreateKnowledgeBaseInput) =>
      api('post', '/knowledge-bases', { body: input }),
    onSuccess: (base) =>
      notifications.show({
        color: 'teal',
        title: 'Knowledge base created',
        message: `${base.name} is ready to attach to an agent in its settings.`,
      }),
    onSettled: refresh,
  });
}

export function useDeleteKnowledgeBase() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: string) => api('delete', '/knowledge-bases/{id}', { path: { id } }),
    onSettled: refresh,
  });
}
