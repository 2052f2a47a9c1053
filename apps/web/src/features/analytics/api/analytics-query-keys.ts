import { queryOptions } from '@tanstack/react-query';
import type { DateRangeQuery } from '@switchboard/shared/date-range';

/** Prefix of every analytics query: ['analytics', agentId, 'overview' | 'breakdowns', range]. */
export const analyticsQueryKey = ['analytics'] as const;

/** What an analytics screen asks for: a range, and whether test calls ("Talk to agent") count. */
export type AnalyticsQuery = DateRangeQuery & { includeTest?: boolean };

/** The range part of a key; a range left to the server's default is its own entry. */
export function rangeKey(range: AnalyticsQuery) {
  return {
    from: range.from ?? null,
    to: range.to ?? null,
    includeTest: range.includeTest ?? false,
  };
}

/** The query string of an analytics request. */
export function analyticsSearch(range: AnalyticsQuery) {
  return {
    from: range.from,
    to: range.to,
    includeTest: range.includeTest ? ('1' as const) : undefined,
  };
}

/**
 * For `placeholderData`: `keepPreviousData`, within one agent. A new range keeps the figures on
 * screen while it loads, but going to another agent's screen must never show the last agent's
 * figures under the new agent's name (the route component stays mounted across agents).
 */
export function isSameAgent(
  previousQuery: { queryKey: readonly unknown[] } | undefined,
  agentId: string,
): boolean {
  return previousQuery?.queryKey[1] === agentId;
}

/**
 * The options of one analytics read (`view` names it in the key). `fetch` makes the request with
 * the range's query string. A new range keeps the current figures on screen until its own arrive.
 */
export function analyticsQueryOptions<T>(options: {
  agentId: string;
  range: AnalyticsQuery;
  view: 'overview' | 'breakdowns';
  errorTitle: string;
  fetch: (query: ReturnType<typeof analyticsSearch>, signal: AbortSignal) => Promise<T>;
}) {
  const { agentId, range, view, errorTitle, fetch } = options;
  return queryOptions({
    queryKey: [...analyticsQueryKey, agentId, view, rangeKey(range)] as const,
    queryFn: ({ signal }) => fetch(analyticsSearch(range), signal),
    placeholderData: (previous, previousQuery) =>
      isSameAgent(previousQuery, agentId) ? previous : undefined,
    meta: { errorTitle },
  });
}
