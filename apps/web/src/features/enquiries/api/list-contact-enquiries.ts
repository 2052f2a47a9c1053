import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { enquiriesQueryKey } from './query-keys';

export type ContactEnquiriesParams = {
  contactId: string;
  /** The agent the screen is under; undefined lists the contact's enquiries to every agent. */
  agentId?: string;
  page: number;
  limit: number;
};

/** GET /api/contacts/:id/enquiries?page&limit&agentId: newest first. */
export function listContactEnquiries(params: ContactEnquiriesParams, signal?: AbortSignal) {
  return api('get', '/contacts/{id}/enquiries', {
    path: { id: params.contactId },
    query: { page: params.page, limit: params.limit, agentId: params.agentId },
    signal,
  });
}

export const contactEnquiriesQueryOptions = (params: ContactEnquiriesParams) =>
  queryOptions({
    queryKey: [...enquiriesQueryKey, 'contact', params] as const,
    queryFn: ({ signal }) => listContactEnquiries(params, signal),
    meta: { errorTitle: 'Could not refresh the enquiries' },
  });

export function useContactEnquiries(params: ContactEnquiriesParams) {
  // A status or read change refetches the page: the old one stays on screen meanwhile.
  return useQuery({ ...contactEnquiriesQueryOptions(params), placeholderData: keepPreviousData });
}
