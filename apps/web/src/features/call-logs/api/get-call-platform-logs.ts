import type { PlatformLogLevel, PlatformLogs } from '@switchboard/shared/platform-logs';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { callDetailsQueryKey } from './get-call';

/**
 * GET /api/calls/:id/logs?level=…: the platform's logs of one call, only the chosen levels
 * (none chosen: every line), with the count of each level in the whole file.
 */
export function getCallPlatformLogs(
  callId: string,
  levels: readonly PlatformLogLevel[],
  signal?: AbortSignal,
): Promise<PlatformLogs> {
  const query = levels.length > 0 ? `?${new URLSearchParams({ level: levels.join(',') })}` : '';
  return apiFetch<PlatformLogs>(`/calls/${encodeURIComponent(callId)}/logs${query}`, { signal });
}

export const callPlatformLogsQueryOptions = (callId: string, levels: readonly PlatformLogLevel[]) =>
  queryOptions({
    // Under the call's detail key, so a Refresh marks the logs stale with it.
    queryKey: [...callDetailsQueryKey, callId, 'logs', [...levels].sort()] as const,
    queryFn: ({ signal }) => getCallPlatformLogs(callId, levels, signal),
    // Changing the filter keeps the lines on screen until the new ones arrive.
    placeholderData: keepPreviousData,
    meta: { errorTitle: "Could not refresh the call's logs" },
  });

export function useCallPlatformLogs(callId: string, levels: readonly PlatformLogLevel[]) {
  return useQuery(callPlatformLogsQueryOptions(callId, levels));
}
