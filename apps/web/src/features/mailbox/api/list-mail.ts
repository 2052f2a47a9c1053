import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type PageParams = { page: number; limit: number };

/** GET /api/admin/mail?page&limit: messages delivered to the local mailbox, newest first. */
export function listMail(params: PageParams, signal?: AbortSignal) {
  return api('get', '/admin/mail', { query: params, signal });
}

export const mailQueryKey = ['admin', 'mail'] as const;

export const mailQueryOptions = (params: PageParams) =>
  queryOptions({
    queryKey: [...mailQueryKey, 'inbox', params],
    queryFn: ({ signal }) => listMail(params, signal),
    placeholderData: keepPreviousData,
    // Mail arrives from the outbox worker a moment after the action that sent it.
    refetchInterval: 15_000,
    meta: { errorTitle: 'Could not refresh the mailbox' },
  });

export function useMail(params: PageParams) {
  return useQuery(mailQueryOptions(params));
}
