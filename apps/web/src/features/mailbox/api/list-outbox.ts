import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { mailQueryKey, type PageParams } from './list-mail';

/** GET /api/admin/mail/outbox?page&limit: every outgoing message and how its sending went. */
export function listOutbox(params: PageParams, signal?: AbortSignal) {
  return api('get', '/admin/mail/outbox', { query: params, signal });
}

export const outboxQueryOptions = (params: PageParams) =>
  queryOptions({
    queryKey: [...mailQueryKey, 'outbox', params],
    queryFn: ({ signal }) => listOutbox(params, signal),
    placeholderData: keepPreviousData,
    refetchInterval: 15_000,
    meta: { errorTitle: 'Could not refresh the outbox' },
  });

export function useOutbox(params: PageParams) {
  return useQuery(outboxQueryOptions(params));
}
