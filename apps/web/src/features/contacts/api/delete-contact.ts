import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { contactQueryKey } from './get-contact';
import { contactsQueryKey } from './list-contacts';

export type DeleteContactVariables = { contactId: string; name: string };

/** DELETE /api/contacts/:id (204). */
export function deleteContact({ contactId }: DeleteContactVariables): Promise<void> {
  return api('delete', '/contacts/{id}', { path: { id: contactId } });
}

export function useDeleteContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteContact,
    // The confirmation shows the failure itself.
    meta: { errorToast: false },
    onSuccess: (_result, { contactId, name }) => {
      notifications.show({ color: 'teal', title: 'Contact deleted', message: name });
      // Its page (if open) is left, not refetched into "not found".
      queryClient.removeQueries({ queryKey: contactQueryKey(contactId) });
      return queryClient.invalidateQueries({ queryKey: contactsQueryKey });
    },
  });
}
