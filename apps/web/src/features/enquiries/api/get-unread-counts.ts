import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { enquiriesQueryKey } from './query-keys';

/** How often the navigation's badges look for enquiries the agents recorded meanwhile. */
const UNREAD_POLL_MS = 30_000;

/** GET /api/enquiries/unread-counts: unread enquiries in total and per agent. */
export function getUnreadCounts(signal?: AbortSignal) {
  return api('get', '/enquiries/unread-counts', { signal });
}

export const unreadCountsQueryOptions = () =>
  queryOptions({
    queryKey: [...enquiriesQueryKey, 'unread-counts'] as const,
    queryFn: ({ signal }) => getUnreadCounts(signal),
    refetchInterval: UNREAD_POLL_MS,
    // A badge that cannot refresh says nothing rather than interrupting with a toast.
    meta: {},
  });

/** The badges: only for a member (an administrator has no business, hence no enquiries). */
export function useUnreadCounts(enabled: boolean) {
  return useQuery({ ...unreadCountsQueryOptions(), enabled });
}
