import type { CallLogFilter } from '@switchboard/shared/call-logs';
import { buildUrl } from '../../../lib/api-client';

/**
 * GET /api/agents/:id/calls/export?tab&phone&from&to&q: a CSV of every call the filter matches
 * (all pages). The browser downloads it from a plain link (the server sends it as an
 * attachment), so nothing is held in memory here and the session cookie goes along as usual.
 */
export function callLogsExportHref(agentId: string, filter: CallLogFilter): string {
  return buildUrl(`/agents/${encodeURIComponent(agentId)}/calls/export`, {
    tab: filter.tab,
    phone: filter.phone,
    from: filter.from,
    to: filter.to,
    q: filter.q,
  });
}
