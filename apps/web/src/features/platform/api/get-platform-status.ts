import type { PlatformStatus } from '@switchboard/shared/platform';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export function getPlatformStatus(): Promise<PlatformStatus> {
  return api('get', '/platform/status');
}

export const platformStatusQueryOptions = () =>
  queryOptions({
    queryKey: ['platform', 'status'],
    queryFn: getPlatformStatus,
    // Cheap, and it tells the user when the data may be stale: keep it fresh-ish.
    refetchInterval: 60_000,
  });

export function usePlatformStatus() {
  return useQuery(platformStatusQueryOptions());
}
