import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { enquiriesQueryKey } from './query-keys';

/** GET /api/enquiries/:id/thread: replies, the customer's answers and status changes, oldest first. */
export function getEnquiryThread(id: string, signal?: AbortSignal) {
  return api('get', '/enquiries/{id}/thread', { path: { id }, signal });
}

export const enquiryThreadQueryOptions = (id: string) =>
  queryOptions({
    // Under the enquiries prefix: a reply or a status change refreshes the thread too.
    queryKey: [...enquiriesQueryKey, 'thread', id] as const,
    queryFn: ({ signal }) => getEnquiryThread(id, signal),
    // Customers' answers arrive by mail at any time.
    refetchInterval: 30_000,
    meta: { errorTitle: 'Could not load the conversation' },
  });

export function useEnquiryThread(id: string) {
  return useQuery(enquiryThreadQueryOptions(id));
}
