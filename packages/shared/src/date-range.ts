import { z } from 'zod';
import {
  addDays,
  dateRangeMessages,
  daysInRange,
  DEFAULT_RANGE_DAYS,
  isIsoDate,
  lastDays,
  MAX_RANGE_DAYS,
  todayIn,
  type DateRange,
} from './calendar-dates';

/** Analytics' date-range query; the calendar rules are in `calendar-dates`, re-exported here. */
export * from './calendar-dates';

export const isoDateSchema = z
  .string({ error: dateRangeMessages.invalidDate })
  .refine(isIsoDate, dateRangeMessages.invalidDate);

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
