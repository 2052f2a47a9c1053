import type { BusinessCallLogFilter } from '@switchboard/shared/call-logs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export type CallLogPageParams = BusinessCallLogFilter & { page: number; limit: number };

/** Prefix of every call-log page of every agent (and of the business-wide log). */
export const callLogsQueryKey = ['call-logs'] as const;

/** Prefix of one agent's call-log pages (what Refresh refetches). */
export const agentCallLogsQueryKey = (agentId: string) => [...callLogsQueryKey, agentId] as const;

/** Prefix of the business-wide log's pages (every agent). */
export const businessCallLogsQueryKey = [...callLogsQueryKey, '*business'] as const;

/** The query string of a call-log request: the filter, then page and size. */
function callLogQuery(params: CallLogPageParams, withAgent: boolean) {
  return {
    tab: params.tab,
    phone: params.phone,
    from: params.from,
    to: params.to,
    q: params.q,
    endReason: params.endReason,
    callType: params.callType,
    minDuration: params.minDuration,
    maxDuration: params.maxDuration,
    minCost: params.minCost,
    maxCost: params.maxCost,
    // Left out when off: the server's default.
    includeTest: params.includeTest ? ('1' as const) : undefined,
    ...(withAgent ? { agentId: params.agentId } : {}),
    page: params.page,
    limit: params.limit,
  };
}

/**
 * GET /api/agents/:id/calls?…: one page of the agent's calls; with no agent, GET /api/calls?…:
 * one page of the business's calls across its agents (narrowed by `agentId` when set). Rows are
 * formatted by the server in the business's zone.
 */
export function listCallLogs(
  agentId: string | undefined,
  params: CallLogPageParams,
  signal?: AbortSignal,
) {
  return agentId
    ? api('get', '/agents/{id}/calls', {
        path: { id: agentId },
        query: callLogQuery(params, false),
        signal,
      })
    : api('get', '/calls', { query: callLogQuery(params, true), signal });
}

export const callLogPageQueryOptions = (agentId: string | undefined, params: CallLogPageParams) =>
  queryOptions({
    queryKey: [
      ...(agentId ? agentCallLogsQueryKey(agentId) : businessCallLogsQueryKey),
      params,
    ] as const,
    queryFn: ({ signal }) => listCallLogs(agentId, params, signal),
    // No placeholder data on purpose: another filter or page is a new list, and shows as loading
    // (the call log's paging rule); only a refresh of the same page keeps its rows on screen.
    meta: { errorTitle: 'Could not refresh the call logs' },
  });

export function useCallLogPage(agentId: string | undefined, params: CallLogPageParams) {
  return useQuery(callLogPageQueryOptions(agentId, params));
}

/**
 * GET /api/agents/:id/calls/count?… (or GET /api/calls/count?… for the business-wide log): how
 * many calls match the filter. A transcript search's page answers before its matches are
 * counted (`counting`); this asks for the total once the page is there.
 */
export function countCallLogs(
  agentId: string | undefined,
  params: CallLogPageParams,
  signal?: AbortSignal,
) {
  const { page: _page, limit: _limit, ...filter } = callLogQuery(params, !agentId);
  return agentId
    ? api('get', '/agents/{id}/calls/count', { path: { id: agentId }, query: filter, signal })
    : api('get', '/calls/count', { query: filter, signal });
}

/** The total of a page that is still `counting` (nothing is asked for otherwise). */
export function useCallLogCount(
  agentId: string | undefined,
  params: CallLogPageParams,
  enabled: boolean,
) {
  const { page: _page, limit: _limit, ...filter } = params;
  return useQuery({
    queryKey: [
      ...(agentId ? agentCallLogsQueryKey(agentId) : businessCallLogsQueryKey),
      'count',
      filter,
    ] as const,
    queryFn: ({ signal }) => countCallLogs(agentId, params, signal),
    enabled,
    meta: { errorTitle: 'Could not count the matching calls' },
  });
}
