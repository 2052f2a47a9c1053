import type {
  ContactImport,
  ContactImportMapping,
  ContactImportOptions,
} from '@switchboard/shared/contact-imports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { contactImportQueryOptions, contactImportsQueryKey } from './get-contact-import';

export type CommitContactImportVariables = {
  importId: string;
  mapping: ContactImportMapping;
  /** ISO code of the country national phone numbers are read in; left out: the business's. */
  country?: string;
  /** "Last, First" flipped, and what a row matching a contact does; left out: the defaults. */
  options?: ContactImportOptions;
};

/** POST /api/contacts/imports/:id/commit (202): queues the import with the mapping. */
export function commitContactImport({
  importId,
  mapping,
  country,
  options,
}: CommitContactImportVariables): Promise<ContactImport> {
  return apiFetch<ContactImport>(`/contacts/imports/${encodeURIComponent(importId)}/commit`, {
    method: 'POST',
    body: {
      mapping,
      ...(country === undefined ? {} : { country }),
      ...(options === undefined ? {} : { options }),
    },
  });
}

export function useCommitContactImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: commitContactImport,
    meta: { errorToast: false },
    onSuccess: (row) => {
      queryClient.setQueryData(contactImportQueryOptions(row.id).queryKey, row);
      return queryClient.invalidateQueries({ queryKey: [...contactImportsQueryKey, 'list'] });
    },
  });
}
