import type { EnquiryList, EnquiryStatus } from '@switchboard/shared/enquiries';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { enquiriesQueryKey } from './query-keys';

export type EnquiryInboxParams = {
  status: EnquiryStatus | null;
  unread: boolean;
  agentId: string | null;
  page: number;
  limit: number;
};

/** GET /api/enquiries?status&unread&agentId&page&limit: the business's inbox, newest first. */
export function listEnquiries(params: EnquiryInboxParams, signal?: AbortSignal) {
  return apiFetch<EnquiryList>('/enquiries', {
    query: {
      page: params.page,
      limit: params.limit,
      status: params.status,
      unread: params.unread ? 'true' : undefined,
      agentId: params.agentId,
    },
    signal,
  });
}

export const enquiryInboxQueryOptions = (params: EnquiryInboxParams) =>
  queryOptions({
    queryKey: [...enquiriesQueryKey, 'inbox', params] as const,
    queryFn: ({ signal }) => listEnquiries(params, signal),
    meta: { errorTitle: 'Could not refresh the enquiries' },
  });

export function useEnquiryInbox(params: EnquiryInboxParams) {
  return useQuery(enquiryInboxQueryOptions(params));
}
