import { z } from 'zod';

/**
 * Calendar-day ranges for analytics. A range is two calendar dates (YYYY-MM-DD, both
 * inclusive) read in the business's time zone; the server turns them into instants. Calendar
 * arithmetic is done on UTC midnights, so it never crosses a daylight-saving change.
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

export const isoDateSchema = z
  .string({ error: dateRangeMessages.invalidDate })
  .refine(isIsoDate, dateRangeMessages.invalidDate);

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

/** ?from&to of an analytics request; either may be left out (the server fills the default). */
export const dateRangeQuerySchema = z
  .object({ from: isoDateSchema.optional(), to: isoDateSchema.optional() })
  .superRefine(refineDateRange);

/** The from ≤ to and length rules of a range query (also for queries that add fields to it). */
export function refineDateRange(
  range: { from?: string | undefined; to?: string | undefined },
  ctx: z.RefinementCtx,
): void {
  if (!range.from || !range.to) return;
  if (range.from > range.to) {
    ctx.addIssue({ code: 'custom', path: ['from'], message: dateRangeMessages.fromAfterTo });
  } else if (daysInRange(range.from, range.to) > MAX_RANGE_DAYS) {
    ctx.addIssue({ code: 'custom', path: ['from'], message: dateRangeMessages.tooLong });
  }
}
export type DateRangeQuery = z.infer<typeof dateRangeQuerySchema>;

/**
 * The range a request asks for, with the defaults filled: both missing → the last 30 days;
 * only `to` → the 30 days ending then; only `from` → from then to today (or, for a `from` in
 * the future, that one day). Throws nothing; an over-long result is the caller's to refuse.
 */
export function resolveDateRange(
  query: DateRangeQuery,
  timeZone: string,
  now: Date = new Date(),
): DateRange {
  if (query.from && query.to) return { from: query.from, to: query.to };
  if (query.to) return { from: addDays(query.to, -(DEFAULT_RANGE_DAYS - 1)), to: query.to };
  if (query.from) {
    const today = todayIn(timeZone, now);
    return { from: query.from, to: query.from > today ? query.from : today };
  }
  return lastDays(DEFAULT_RANGE_DAYS, timeZone, now);
}
