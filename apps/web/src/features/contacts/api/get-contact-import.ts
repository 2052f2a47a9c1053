import type { ContactImportStatus } from '@switchboard/shared/contact-imports';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { buildUrl, api } from '../../../lib/api-client';

/** Prefix of every import query (history pages and single imports). */
export const contactImportsQueryKey = ['contact-imports'] as const;

/** How often a queued or running import is asked for its progress. */
export const IMPORT_POLL_MS = 1000;

/** Still being worked on: its progress and counts will change. */
export function isImportActive(status: ContactImportStatus): boolean {
  return status === 'queued' || status === 'running';
}

/** GET /api/contacts/imports/:id: status, progress, counts and why it failed. */
export function getContactImport(importId: string, signal?: AbortSignal) {
  return api('get', '/contacts/imports/{id}', { path: { id: importId }, signal });
}

export const contactImportQueryOptions = (importId: string) =>
  queryOptions({
    queryKey: [...contactImportsQueryKey, 'one', importId] as const,
    queryFn: ({ signal }) => getContactImport(importId, signal),
  });

/** One import, asked again every second while it is queued or running. */
export function useContactImport(importId: string) {
  return useQuery({
    ...contactImportQueryOptions(importId),
    refetchInterval: (query) => {
      const status = query.state.data?.status;
      return status && isImportActive(status) ? IMPORT_POLL_MS : false;
    },
  });
}

/** GET /api/contacts/imports/:id/errors.csv: the rows the import could not take (a download). */
export function contactImportErrorsHref(importId: string): string {
  return buildUrl(`/contacts/imports/${encodeURIComponent(importId)}/errors.csv`);
}
