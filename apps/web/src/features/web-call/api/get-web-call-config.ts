import type { WebCallConfig } from '@switchboard/shared/web-call';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** GET /api/web-call/config: the platform mode, whether web calls can start, and where the SDK sends POST /call/web. */
export function getWebCallConfig(signal?: AbortSignal): Promise<WebCallConfig> {
  return api('get', '/web-call/config', { signal });
}

export const webCallConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['web-call', 'config'],
    queryFn: ({ signal }) => getWebCallConfig(signal),
    // Fixed for the server's lifetime.
    staleTime: Infinity,
  });

export function useWebCallConfig() {
  return useQuery(webCallConfigQueryOptions());
}
