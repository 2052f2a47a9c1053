import { useDeferredValue } from 'react';

/**
 * A query's data as the screen should draw it (decision 098): when it first arrives, the
 * query's notification only marks it, and the content is drawn in a deferred render that React
 * splits into slices of a few milliseconds, rather than in one long task. Data already there
 * when the component mounts, and later answers, are drawn at once. `undefined` while the first
 * answer is pending or being drawn: show the placeholder (and say the region is busy).
 */
export function useDrawnOnArrival<T>(data: T | undefined): T | undefined {
  const arrived = useDeferredValue(data !== undefined);
  return arrived ? data : undefined;
}
