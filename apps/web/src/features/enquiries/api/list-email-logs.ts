import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { emailLogsQueryKey } from './query-keys';

export type EmailLogsParams = { enquiryId: string; page: number; limit: number };

/** GET /api/email-logs/enquiry/:id?page&limit: an enquiry's replies, newest first. */
export function listEmailLogs(params: EmailLogsParams, signal?: AbortSignal) {
  return api('get', '/email-logs/enquiry/{id}', {
    path: { id: params.enquiryId },
    query: { page: params.page, limit: params.limit },
    signal,
  });
}

export const emailLogsQueryOptions = (params: EmailLogsParams) =>
  queryOptions({
    queryKey: [...emailLogsQueryKey, params] as const,
    queryFn: ({ signal }) => listEmailLogs(params, signal),
    meta: { errorTitle: 'Could not refresh the email log' },
  });

/** While a reply is on its way (queued or sending), the log looks again every few seconds. */
export function useEmailLogs(params: EmailLogsParams) {
  return useQuery({
    ...emailLogsQueryOptions(params),
    refetchInterval: (query) =>
      query.state.data?.data.some((log) => log.status === 'queued' || log.status === 'sending')
        ? 3000
        : false,
  });
}
