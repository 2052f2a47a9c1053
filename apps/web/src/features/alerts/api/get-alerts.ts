import type { AlertOverview } from '@switchboard/shared/alerts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const alertsQueryKey = ['alerts'] as const;

/**
 * Whose alerts: null for the signed-in user's business (`/alerts`), or a business's id for the
 * operator's own alerts on it (`/admin/businesses/:businessId/alerts`).
 */
export type AlertsBase = string | null;

/** GET /api/alerts (or the operator's): the alerts and the newest times they fired or cleared. */
export function getAlerts(base: AlertsBase, signal?: AbortSignal): Promise<AlertOverview> {
  return base === null
    ? api('get', '/alerts', { signal })
    : api('get', '/admin/businesses/{businessId}/alerts', { path: { businessId: base }, signal });
}

export const alertsQueryOptions = (base: AlertsBase) =>
  queryOptions({
    queryKey: [...alertsQueryKey, base] as const,
    queryFn: ({ signal }) => getAlerts(base, signal),
    // Alerts are evaluated on the server's schedule: an open tab follows them without a reload
    // (one indexed read every 5 s, and only while the tab is shown).
    refetchInterval: 5_000,
  });

export function useAlerts(base: AlertsBase) {
  return useQuery(alertsQueryOptions(base));
}
