import { notifications } from '@mantine/notifications';
import type { ContactImport } from '@switchboard/shared/contact-imports';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { contactsQueryKey } from './list-contacts';
import { contactImportsQueryKey } from './get-contact-import';

/** POST /api/contacts/imports/:id/undo: deletes what a completed import created. */
export function undoContactImport(importId: string): Promise<ContactImport> {
  return api('post', '/contacts/imports/{id}/undo', { path: { id: importId } });
}

export function useUndoContactImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: undoContactImport,
    // The confirmation shows the failure itself.
    meta: { errorToast: false },
    onSuccess: (row) => {
      notifications.show({
        color: 'teal',
        title: 'Import undone',
        message: `The contacts ${row.fileName} added are removed, and those it filled in are restored.`,
      });
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: contactImportsQueryKey }),
        queryClient.invalidateQueries({ queryKey: contactsQueryKey }),
      ]);
    },
  });
}
