import type { PlatformStatus } from '@switchboard/shared/platform';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { callDetailsQueryKey } from './get-call';
import { agentCallLogsQueryKey, businessCallLogsQueryKey } from './list-call-logs';

/** POST /api/platform/sync (202): asks the server to sync with the platform now. */
export function requestPlatformSync(): Promise<PlatformStatus> {
  return api('post', '/platform/sync');
}

/** GET /api/platform/status: whether a sync is still running. */
function getPlatformStatus(signal?: AbortSignal): Promise<PlatformStatus> {
  return api('get', '/platform/status', { signal });
}

export type WaitForSyncOptions = {
  /** How often to ask. */
  intervalMs?: number;
  /** The longest a Refresh waits before showing what is there. */
  timeoutMs?: number;
  getStatus?: () => Promise<PlatformStatus>;
  sleep?: (ms: number) => Promise<void>;
};

const sleepFor = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Resolves once the sync has finished, or after `timeoutMs` at most: the status is asked at
 * once, then every `intervalMs`. It answers the last status read (undefined when none could be
 * read). It never rejects: a status that cannot be read ends the wait, since the refetch that
 * follows shows whatever is there anyway.
 */
export async function waitForPlatformSync({
  intervalMs = 500,
  timeoutMs = 5000,
  getStatus = () => getPlatformStatus(),
  sleep = sleepFor,
}: WaitForSyncOptions = {}): Promise<PlatformStatus | undefined> {
  for (let waited = 0; ; waited += intervalMs) {
    let status: PlatformStatus;
    try {
      status = await getStatus();
    } catch {
      return undefined;
    }
    if (!status.sync.running) return status;
    if (waited + intervalMs > timeoutMs) return status;
    await sleep(intervalMs);
  }
}

/**
 * Why the finished sync failed, as the server recorded it (e.g. the seed's "Failed to fetch
 * calls: <reason>"), or null when it did not fail or is still running.
 */
export function syncFailure(status: PlatformStatus | undefined): string | null {
  if (!status || status.sync.running || status.sync.status !== 'failed') return null;
  return status.sync.lastError ?? 'The sync with the voice platform failed.';
}

/**
 * Refresh: ask for a sync, wait until it has finished (5 s at most — the sync answers at once and
 * runs in the background), then fetch the agent's (or the business-wide) call-log page again in place. The page is
 * refetched even when the sync cannot be asked for or fails; that failure is then a toast
 * ("Failed to fetch calls: <reason>" when the platform's call list could not be read).
 */
export function useRefreshCallLogs(agentId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await requestPlatformSync();
        // A failed sync is said (its toast), and the page is still fetched from the store.
        const failure = syncFailure(await waitForPlatformSync());
        if (failure) throw new Error(failure);
      } finally {
        void queryClient.invalidateQueries({ queryKey: callDetailsQueryKey, refetchType: 'none' });
        // The page on screen is fetched again (its rows stay meanwhile); other pages and filters
        // of this agent are marked stale and fetched when next shown.
        await queryClient.invalidateQueries({
          queryKey: agentId ? agentCallLogsQueryKey(agentId) : businessCallLogsQueryKey,
        });
      }
    },
    meta: { errorTitle: 'Could not sync with the voice platform' },
  });
}
