/**
 * Calendar-day ranges: two calendar dates (YYYY-MM-DD, both inclusive) read in the business's
 * time zone; the server turns them into instants. Calendar arithmetic is done on UTC midnights,
 * so it never crosses a daylight-saving change. No schemas here (they are in `date-range`, which
 * re-exports these): the call log's first screen reads these (decision 106).
 */

export const DEFAULT_RANGE_DAYS = 30;
export const MAX_RANGE_DAYS = 366;

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export const dateRangeMessages = {
  invalidDate: 'Use a date in the form YYYY-MM-DD',
  fromAfterTo: 'The start date must be on or before the end date',
  tooLong: `A date range can span at most ${MAX_RANGE_DAYS} days`,
} as const;

/** True for a real calendar date written YYYY-MM-DD (no 2026-02-30). */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const [, y, m, d] = match;
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  return date.toISOString().slice(0, 10) === value;
}

function toUtcMidnight(date: string): number {
  return Date.parse(`${date}T00:00:00Z`);
}

function fromUtcMidnight(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return fromUtcMidnight(toUtcMidnight(date) + days * DAY_MS);
}

/** Days from `from` to `to`, both counted: the same day is 1. */
export function daysInRange(from: string, to: string): number {
  return Math.round((toUtcMidnight(to) - toUtcMidnight(from)) / DAY_MS) + 1;
}

/** Every date of the range, in order. */
export function eachDay(from: string, to: string): string[] {
  const days: string[] = [];
  for (let ms = toUtcMidnight(from), end = toUtcMidnight(to); ms <= end; ms += DAY_MS) {
    days.push(fromUtcMidnight(ms));
  }
  return days;
}

const todayFormatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar date it is now in the given IANA zone. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  let formatter = todayFormatters.get(timeZone);
  if (!formatter) {
    // en-CA writes dates as YYYY-MM-DD.
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    todayFormatters.set(timeZone, formatter);
  }
  return formatter.format(now);
}

export interface DateRange {
  from: string;
  to: string;
}

/** The last `days` days ending today (today included), in the zone. */
export function lastDays(days: number, timeZone: string, now: Date = new Date()): DateRange {
  const to = todayIn(timeZone, now);
  return { from: addDays(to, -(days - 1)), to };
}
