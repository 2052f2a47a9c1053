import { z } from 'zod';
import { callDurationSeconds, type CallTiming } from './calls';

/**
 * Rounds to 2 decimals, half away from zero, on the decimal value a person would write:
 * 1.005 → 1.01 although 1.005 * 100 is 100.49999999999999 in binary. Trimming the scaled value
 * to 15 significant digits (what a double holds reliably) removes that representation error
 * at any magnitude, which a fixed Number.EPSILON nudge does not.
 */
export function roundTo2(n: number): number {
  if (!Number.isFinite(n)) return n;
  const scaled = Number((Math.abs(n) * 100).toPrecision(15));
  const rounded = (Math.sign(n) * Math.round(scaled)) / 100;
  // Math.sign keeps -0 for tiny negatives; nobody wants to see "-0".
  return rounded === 0 ? 0 : rounded;
}

export function secondsToMinutes(seconds: number): number {
  return roundTo2(seconds / 60);
}

export const analyticsSummarySchema = z.object({
  totalCallMinutes: z.number(),
  numberOfCalls: z.number().int().nonnegative(),
  totalSpent: z.number(),
  averageCostPerCall: z.number(),
});
export type AnalyticsSummary = z.infer<typeof analyticsSummarySchema>;

/** What the fallback reads of a call: the platform Call, or a stored row shaped like one. */
export interface SummarizableCall extends CallTiming {
  status?: string | null | undefined;
  cost?: number | null | undefined;
}

function isFiniteNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

/**
 * The seed's client-side fallback when the analytics query fails: only ended calls that carry
 * both a duration (explicit, or endedAt − startedAt) and a numeric cost count, so an in-progress or unpriced call cannot
 * drag the average down. Rounding happens once, at the end, so the average is taken from the
 * exact total rather than from an already rounded one.
 */
export function summarizeCalls(calls: readonly SummarizableCall[]): AnalyticsSummary {
  let totalSeconds = 0;
  let totalCost = 0;
  let count = 0;
  for (const call of calls) {
    if (call.status !== 'ended') continue;
    const durationSeconds = callDurationSeconds(call);
    if (!isFiniteNumber(durationSeconds) || !isFiniteNumber(call.cost)) continue;
    totalSeconds += durationSeconds;
    totalCost += call.cost;
    count += 1;
  }
  return {
    totalCallMinutes: secondsToMinutes(totalSeconds),
    numberOfCalls: count,
    totalSpent: roundTo2(totalCost),
    averageCostPerCall: count === 0 ? 0 : roundTo2(totalCost / count),
  };
}
