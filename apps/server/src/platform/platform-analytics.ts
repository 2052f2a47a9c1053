import type { Vapi } from '@vapi-ai/server-sdk';
import {
  roundTo2,
  secondsToMinutes,
  summarizeCalls,
  type AnalyticsSummary,
} from '@switchboard/shared/analytics';
import { fetchFailedMessage } from '@switchboard/shared/fetch-errors';
import { AppError } from '../lib/app-error';
import { describePlatformError, type PlatformClient } from './platform-client';

/**
 * The seed's way to an agent's four figures, straight from the platform: its analytics query
 * first, and when that fails, every call of the range fetched and summed here. The product
 * reads its own store instead (fast, and filterable); this path exists to prove the two agree
 * (reconciliation test) and to measure the difference (bench/analytics.bench.ts).
 */

export type PlatformSummaryWindow = {
  assistantId: string;
  /** Inclusive. */
  start: Date;
  /** Exclusive. */
  end: Date;
};

/** The seed's query names, read back from the result rows by the same names. */
const QUERIES = [
  { name: 'totalCallMinutes', operation: 'sum', column: 'duration' },
  { name: 'numberOfCalls', operation: 'count', column: 'id' },
  { name: 'totalSpent', operation: 'sum', column: 'cost' },
  { name: 'averageCostPerCall', operation: 'avg', column: 'cost' },
] as const;

/**
 * POST /analytics. The platform's query has no filters (platform-reference §2.7), so each query
 * is grouped by assistantId and status and the agent's ended row is picked from the result.
 */
export async function summaryFromPlatformAnalytics(
  client: PlatformClient,
  window: PlatformSummaryWindow,
): Promise<AnalyticsSummary> {
  const results = await client.sdk.analytics.get({
    queries: QUERIES.map((query) => ({
      table: 'call',
      name: query.name,
      operations: [{ operation: query.operation, column: query.column, alias: query.name }],
      groupBy: ['assistantId', 'status'],
      timeRange: { start: window.start.toISOString(), end: window.end.toISOString() },
    })),
  });
  const value = (name: string): number => {
    const result = results.find((entry) => entry.name === name);
    const row = result?.result.find(
      (candidate) => candidate.assistantId === window.assistantId && candidate.status === 'ended',
    );
    const figure = row?.[name];
    return typeof figure === 'number' && Number.isFinite(figure) ? figure : 0;
  };
  return {
    totalCallMinutes: secondsToMinutes(value('totalCallMinutes')),
    numberOfCalls: value('numberOfCalls'),
    totalSpent: roundTo2(value('totalSpent')),
    averageCostPerCall: roundTo2(value('averageCostPerCall')),
  };
}

const PAGE_SIZE = 1000;

/**
 * GET /call for the agent and range, newest first, paging with createdAtLe = the oldest
 * createdAt seen and skipping ids already taken at that instant (the list has no cursor).
 */
export async function fetchCallsInWindow(
  client: PlatformClient,
  window: PlatformSummaryWindow,
): Promise<Vapi.Call[]> {
  const calls: Vapi.Call[] = [];
  let boundary: string | undefined;
  let takenAtBoundary = new Set<string>();
  for (;;) {
    let page: Vapi.Call[];
    try {
      page = await client.sdk.calls.list({
        assistantId: window.assistantId,
        limit: PAGE_SIZE,
        createdAtGe: window.start.toISOString(),
        ...(boundary ? { createdAtLe: boundary } : { createdAtLt: window.end.toISOString() }),
      });
    } catch (error) {
      // The seed's text for a failed call listing.
      throw new AppError(
        'PLATFORM_ERROR',
        fetchFailedMessage('calls', describePlatformError(error)),
        undefined,
        { cause: error },
      );
    }
    const fresh = page.filter((call) => !takenAtBoundary.has(call.id));
    calls.push(...fresh);
    const oldest = page.at(-1)?.createdAt;
    if (page.length < PAGE_SIZE || oldest === undefined || fresh.length === 0) return calls;
    const atOldest = page.filter((call) => call.createdAt === oldest).map((call) => call.id);
    takenAtBoundary = new Set(oldest === boundary ? [...takenAtBoundary, ...atOldest] : atOldest);
    boundary = oldest;
  }
}

/** The seed's fallback: ended calls with a duration and a cost, summed here. */
export async function summaryFromPlatformCalls(
  client: PlatformClient,
  window: PlatformSummaryWindow,
): Promise<AnalyticsSummary> {
  const calls = await fetchCallsInWindow(client, window);
  return summarizeCalls(calls);
}

/** The seed's path: the analytics query, falling back to the call list when it fails. */
export async function summaryFromPlatform(
  client: PlatformClient,
  window: PlatformSummaryWindow,
): Promise<{ summary: AnalyticsSummary; source: 'analytics' | 'calls' }> {
  try {
    return { summary: await summaryFromPlatformAnalytics(client, window), source: 'analytics' };
  } catch {
    return { summary: await summaryFromPlatformCalls(client, window), source: 'calls' };
  }
}
