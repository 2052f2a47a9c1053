import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TestFilter } from '@switchboard/shared/test-marks';
import { api } from '../../../lib/api-client';

export type ContactPageParams = { page: number; limit: number; search: string; test: TestFilter };

/** Prefix of every contacts query: invalidate it after a change (form, import, undo). */
export const contactsQueryKey = ['contacts'] as const;

/** GET /api/contacts?page&limit&search: one page of the business's contacts, newest first. */
export function listContacts(params: ContactPageParams, signal?: AbortSignal) {
  return api('get', '/contacts', {
    query: {
      page: params.page,
      limit: params.limit,
      search: params.search || undefined,
      test: params.test === 'include' ? undefined : params.test,
    },
    signal,
  });
}

export const contactPageQueryOptions = (params: ContactPageParams) =>
  queryOptions({
    queryKey: [...contactsQueryKey, 'list', params] as const,
    queryFn: ({ signal }) => listContacts(params, signal),
    meta: { errorTitle: 'Could not refresh the contacts' },
  });

export function useContactPage(params: ContactPageParams) {
  // No placeholder data, as in the call log: another page or search is a new list and shows
  // as loading.
  return useQuery(contactPageQueryOptions(params));
}
