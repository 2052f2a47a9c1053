import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';

/** A contact as the appointment form offers it. */
export type ContactOption = {
  id: string;
  name: string;
  phone: string | null;
  email: string | null;
};

/** How the screen finds contacts to book for (the route hands in the contacts feature's search). */
export type SearchContacts = (search: string, signal?: AbortSignal) => Promise<ContactOption[]>;

export const contactOptionsQueryOptions = (search: string, searchContacts: SearchContacts) =>
  queryOptions({
    queryKey: ['appointments', 'contact-options', search] as const,
    queryFn: ({ signal }) => searchContacts(search, signal),
    placeholderData: keepPreviousData,
    meta: { errorTitle: 'Could not search the contacts' },
  });

export function useContactOptions(search: string, searchContacts: SearchContacts) {
  return useQuery(contactOptionsQueryOptions(search, searchContacts));
}
