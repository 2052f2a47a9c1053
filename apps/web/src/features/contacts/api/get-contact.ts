import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { contactsQueryKey } from './list-contacts';

/** Under the contacts prefix, so a save, an import or an undo refreshes it too. */
export const contactQueryKey = (contactId: string) =>
  [...contactsQueryKey, 'detail', contactId] as const;

/**
 * GET /api/contacts/:id: the contact with its recent calls, enquiries and appointments and how
 * many of each. Another business's contact answers 404, like one that does not exist.
 */
export function getContact(contactId: string, signal?: AbortSignal) {
  return api('get', '/contacts/{id}', { path: { id: contactId }, signal });
}

export const contactQueryOptions = (contactId: string) =>
  queryOptions({
    queryKey: contactQueryKey(contactId),
    queryFn: ({ signal }) => getContact(contactId, signal),
    meta: { errorTitle: 'Could not refresh the contact' },
  });

export function useContact(contactId: string) {
  return useQuery(contactQueryOptions(contactId));
}
