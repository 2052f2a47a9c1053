import type { CallLogFilter, CallLogPage } from '@switchboard/shared/call-logs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export type CallLogPageParams = CallLogFilter & { page: number; limit: number };

/** Prefix of every call-log page of every agent. */
export const callLogsQueryKey = ['call-logs'] as const;

/** Prefix of one agent's call-log pages (what Refresh refetches). */
export const agentCallLogsQueryKey = (agentId: string) => [...callLogsQueryKey, agentId] as const;

/**
 * GET /api/agents/:id/calls?tab&phone&from&to&q&page&limit: one page of the agent's calls, rows
 * formatted by the server in the business's zone.
 */
export function listCallLogs(agentId: string, params: CallLogPageParams, signal?: AbortSignal) {
  return apiFetch<CallLogPage>(`/agents/${encodeURIComponent(agentId)}/calls`, {
    query: {
      tab: params.tab,
      phone: params.phone,
      from: params.from,
      to: params.to,
      q: params.q,
      page: params.page,
      limit: params.limit,
    },
    signal,
  });
}

export const callLogPageQueryOptions = (agentId: string, params: CallLogPageParams) =>
  queryOptions({
    queryKey: [...agentCallLogsQueryKey(agentId), params] as const,
    queryFn: ({ signal }) => listCallLogs(agentId, params, signal),
    // No placeholder data on purpose: another filter or page is a new list, and shows as loading
    // (seed §4); only a refresh of the same page keeps its rows on screen.
    meta: { errorTitle: 'Could not refresh the call logs' },
  });

export function useCallLogPage(agentId: string, params: CallLogPageParams) {
  return useQuery(callLogPageQueryOptions(agentId, params));
}
