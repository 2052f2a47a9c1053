import type { AlertOverview } from '@switchboard/shared/alerts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export const alertsQueryKey = ['alerts'] as const;

/**
 * Whose alerts: the signed-in user's business (`/alerts`), or the operator's own on a business
 * (`/admin/businesses/:id/alerts`).
 */
export function alertsBase(businessId: string | null): string {
  return businessId === null
    ? '/alerts'
    : `/admin/businesses/${encodeURIComponent(businessId)}/alerts`;
}

/** GET /api/alerts (or the operator's): the alerts and the newest times they fired or cleared. */
export function getAlerts(base: string, signal?: AbortSignal): Promise<AlertOverview> {
  return apiFetch<AlertOverview>(base, { signal });
}

export const alertsQueryOptions = (base: string) =>
  queryOptions({
    queryKey: [...alertsQueryKey, base] as const,
    queryFn: ({ signal }) => getAlerts(base, signal),
    // Alerts are evaluated on the server's schedule: an open tab follows them without a reload
    // (one indexed read every 5 s, and only while the tab is shown).
    refetchInterval: 5_000,
  });

export function useAlerts(base: string) {
  return useQuery(alertsQueryOptions(base));
}
