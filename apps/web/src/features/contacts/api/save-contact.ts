import { notifications } from '@mantine/notifications';
import type { Contact, ContactInput } from '@switchboard/shared/contacts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { contactsQueryKey } from './list-contacts';

export type SaveContactVariables = {
  /** null adds a contact; an id replaces that contact's fields. */
  contactId: string | null;
  input: ContactInput;
};

/** POST /api/contacts (201) or PATCH /api/contacts/:id: answers the saved contact. */
export function saveContact({ contactId, input }: SaveContactVariables): Promise<Contact> {
  return contactId === null
    ? api('post', '/contacts', { body: input })
    : api('patch', '/contacts/{id}', { path: { id: contactId }, body: input });
}

export function useSaveContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveContact,
    // The form shows the failure in its alert (and field messages under the fields).
    meta: { errorToast: false },
    onSuccess: (contact, { contactId }) => {
      notifications.show({
        color: 'teal',
        title: contactId === null ? 'Contact added' : 'Contact saved',
        message: contactId === null ? `${contact.name} is in your contacts.` : contact.name,
      });
      return queryClient.invalidateQueries({ queryKey: contactsQueryKey });
    },
  });
}
