import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { contactsQueryKey } from './list-contacts';

/** PUT /api/contacts/:id/do-not-call: campaigns never call a contact marked so. */
export function useSetContactDoNotCall(contactId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (doNotCall: boolean) =>
      api('put', '/contacts/{id}/do-not-call', { path: { id: contactId }, body: { doNotCall } }),
    onSuccess: (contact) => {
      notifications.show({
        color: 'teal',
        title: contact.doNotCall ? 'Marked do-not-call' : 'Do-not-call cleared',
        message: contact.doNotCall
          ? `Campaigns will not call ${contact.name}.`
          : `${contact.name} may be called by campaigns again.`,
      });
      return queryClient.invalidateQueries({ queryKey: contactsQueryKey });
    },
  });
}
