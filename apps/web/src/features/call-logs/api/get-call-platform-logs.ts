import type { PlatformLogLevel, PlatformLogs } from '@switchboard/shared/platform-logs';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { callDetailsQueryKey } from './get-call';

/**
 * GET /api/calls/:id/logs?level=…&level=…: the platform's logs of one call, only the chosen levels
 * (none chosen: every line), with the count of each level in the whole file.
 */
export function getCallPlatformLogs(
  callId: string,
  levels: readonly PlatformLogLevel[],
  signal?: AbortSignal,
): Promise<PlatformLogs> {
  return api('get', '/calls/{id}/logs', {
    path: { id: callId },
    query: { level: [...levels] },
    signal,
  });
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
