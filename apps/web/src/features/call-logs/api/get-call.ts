import type { CallDetail } from '@switchboard/shared/call-logs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Prefix of every call detail (a refresh marks them stale). */
export const callDetailsQueryKey = ['calls', 'detail'] as const;

/** GET /api/calls/:id: one call for the detail panel (404 when it is not one of the user's). */
export function getCall(callId: string, signal?: AbortSignal): Promise<CallDetail> {
  return api('get', '/calls/{id}', { path: { id: callId }, signal });
}

export const callQueryOptions = (callId: string) =>
  queryOptions({
    queryKey: [...callDetailsQueryKey, callId] as const,
    queryFn: ({ signal }) => getCall(callId, signal),
    meta: { errorTitle: 'Could not refresh the call' },
  });

export function useCall(callId: string) {
  return useQuery(callQueryOptions(callId));
}
