import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { contactImportsQueryKey, IMPORT_POLL_MS, isImportActive } from './get-contact-import';

export type ContactImportPageParams = { page: number; limit: number };

/** GET /api/contacts/imports?page&limit: the business's imports, newest first. */
export function listContactImports(params: ContactImportPageParams, signal?: AbortSignal) {
  return api('get', '/contacts/imports', {
    query: { page: params.page, limit: params.limit },
    signal,
  });
}

export const contactImportPageQueryOptions = (params: ContactImportPageParams) =>
  queryOptions({
    queryKey: [...contactImportsQueryKey, 'list', params] as const,
    queryFn: ({ signal }) => listContactImports(params, signal),
    meta: { errorTitle: 'Could not refresh the import history' },
  });

/** The history, kept fresh while one of its imports is still running (the dialog may be closed). */
export function useContactImportPage(params: ContactImportPageParams) {
  return useQuery({
    ...contactImportPageQueryOptions(params),
    refetchInterval: (query) =>
      query.state.data?.data.some((row) => isImportActive(row.status)) ? IMPORT_POLL_MS * 2 : false,
  });
}
