import type { EnquiryPriority, EnquiryStatus } from '@switchboard/shared/enquiries';
import type { TestFilter } from '@switchboard/shared/test-marks';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { enquiriesQueryKey } from './query-keys';

export type EnquiryInboxParams = {
  status: EnquiryStatus | null;
  unread: boolean;
  agentId: string | null;
  priority: EnquiryPriority | null;
  /** Words looked for in the subject, message and contact. */
  q: string;
  test: TestFilter;
  page: number;
  limit: number;
};

/** GET /api/enquiries?status&unread&agentId&priority&q&test&page&limit: newest first. */
export function listEnquiries(params: EnquiryInboxParams, signal?: AbortSignal) {
  return api('get', '/enquiries', {
    query: {
      page: params.page,
      limit: params.limit,
      status: params.status,
      unread: params.unread ? 'true' : undefined,
      agentId: params.agentId,
      priority: params.priority,
      q: params.q || undefined,
      test: params.test === 'include' ? undefined : params.test,
    },
    signal,
  });
}

export const enquiryInboxQueryOptions = (params: EnquiryInboxParams) =>
  queryOptions({
    queryKey: [...enquiriesQueryKey, 'inbox', params] as const,
    queryFn: ({ signal }) => listEnquiries(params, signal),
    // The list stays on screen while a search or filter loads the next one.
    placeholderData: keepPreviousData,
    meta: { errorTitle: 'Could not refresh the enquiries' },
  });

export function useEnquiryInbox(params: EnquiryInboxParams) {
  return useQuery(enquiryInboxQueryOptions(params));
}
