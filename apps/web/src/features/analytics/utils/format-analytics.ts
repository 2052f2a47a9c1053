import type { AnalyticsRange } from '@switchboard/shared/analytics';
import { formatCountOf } from '@switchboard/shared/format';

// Range dates are calendar days already in the business's zone; reading them as UTC midnights
// and formatting in UTC shows the same day whatever the browser's zone.
const dayFormatter = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});
const fullDayFormatter = new Intl.DateTimeFormat('en-US', {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

function utcMidnight(date: string): Date {
  return new Date(`${date}T00:00:00Z`);
}

/** "2026-03-05" → "Mar 5", for axis labels. */
export function formatDay(date: string): string {
  return dayFormatter.format(utcMidnight(date));
}

/** The days a response covers: "Mar 1 – 30, 2026", or "Mar 5, 2026" for one day. */
export function formatDateRange(range: Pick<AnalyticsRange, 'from' | 'to'>): string {
  if (range.from === range.to) return fullDayFormatter.format(utcMidnight(range.from));
  return fullDayFormatter.formatRange(utcMidnight(range.from), utcMidnight(range.to));
}

/** "1 call", "1,210 calls". */
export function formatCalls(calls: number): string {
  return formatCountOf(calls, 'call', 'calls');
}

/** Hour of the day as a two-digit label: 7 → "07". */
export function formatHour(hour: number): string {
  return String(hour).padStart(2, '0');
}

/** "inbound" → "Inbound". */
export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "A: 1, B: 2", for the spoken summary of a chart. */
export function listFigures(items: readonly { label: string; value: string }[]): string {
  return items.map((item) => `${item.label}: ${item.value}`).join(', ');
}

/** The item with the largest value (the first on a tie), or undefined for an empty list. */
export function peak<T>(items: readonly T[], value: (item: T) => number): T | undefined {
  let best: T | undefined;
  for (const item of items) {
    if (best === undefined || value(item) > value(best)) best = item;
  }
  return best;
}
