import type { AlertOverview } from '@switchboard/shared/alerts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export const alertsQueryKey = ['alerts'] as const;

/** GET /api/alerts: the business's alerts and the newest times they fired or cleared. */
export function getAlerts(signal?: AbortSignal): Promise<AlertOverview> {
  return apiFetch<AlertOverview>('/alerts', { signal });
}

export const alertsQueryOptions = () =>
  queryOptions({
    queryKey: alertsQueryKey,
    queryFn: ({ signal }) => getAlerts(signal),
    // Alerts are evaluated on the server's schedule: an open tab follows them without a reload
    // (one indexed read every 5 s, and only while the tab is shown).
    refetchInterval: 5_000,
  });

export function useAlerts() {
  return useQuery(alertsQueryOptions());
}
