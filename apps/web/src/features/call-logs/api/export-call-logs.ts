import type { BusinessCallLogFilter } from '@switchboard/shared/call-logs';
import { buildUrl } from '../../../lib/api-client';

/**
 * GET /api/agents/:id/calls/export?… (or, with no agent, GET /api/calls/export?… for the
 * business-wide log): a CSV of every call the filter matches (all pages). The browser downloads
 * it from a plain link (the server sends it as an attachment), so nothing is held in memory here
 * and the session cookie goes along as usual.
 */
export function callLogsExportHref(
  agentId: string | undefined,
  filter: BusinessCallLogFilter,
): string {
  const path = agentId ? `/agents/${encodeURIComponent(agentId)}/calls/export` : '/calls/export';
  return buildUrl(path, {
    tab: filter.tab,
    phone: filter.phone,
    from: filter.from,
    to: filter.to,
    q: filter.q,
    endReason: filter.endReason,
    callType: filter.callType,
    minDuration: filter.minDuration,
    maxDuration: filter.maxDuration,
    minCost: filter.minCost,
    maxCost: filter.maxCost,
    includeTest: filter.includeTest ? '1' : undefined,
    ...(agentId ? {} : { agentId: filter.agentId }),
  });
}
