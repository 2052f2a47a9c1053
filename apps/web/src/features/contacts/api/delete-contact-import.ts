import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { contactImportsQueryKey } from './get-contact-import';

/** DELETE /api/contacts/imports/:id (204): drops an import that was never started. */
export function deleteContactImport(importId: string): Promise<void> {
  return api('delete', '/contacts/imports/{id}', { path: { id: importId } });
}

export function useDeleteContactImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContactImport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: contactImportsQueryKey }),
  });
}
