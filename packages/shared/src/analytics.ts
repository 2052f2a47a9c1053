import { z } from 'zod';
import { callDurationSeconds, type CallTiming } from './calls';
import { isoDateSchema, refineDateRange } from './date-range';
import { includeTestQuerySchema } from './web-call';

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
 * both a duration (endedAt − startedAt) and a numeric cost count, so an in-progress or unpriced call cannot
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

/** The range an analytics answer covers: calendar dates in the zone, and the instants they mean. */
export const analyticsRangeSchema = z.object({
  from: z.string(),
  to: z.string(),
  timeZone: z.string(),
  /** Inclusive start and exclusive end, as instants. */
  start: z.iso.datetime(),
  end: z.iso.datetime(),
});
export type AnalyticsRange = z.infer<typeof analyticsRangeSchema>;

/** One calendar day of an agent's ended calls (zero-filled: every day of the range is there). */
export const analyticsDaySchema = z.object({
  date: z.string(),
  calls: z.number().int().nonnegative(),
  minutes: z.number(),
  spend: z.number(),
  passed: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
});
export type AnalyticsDay = z.infer<typeof analyticsDaySchema>;

/** GET /api/agents/:id/analytics: the overview's four figures and its charts. */
export const agentAnalyticsSchema = z.object({
  range: analyticsRangeSchema,
  summary: analyticsSummarySchema,
  daily: z.array(analyticsDaySchema),
  outcomes: z.object({
    passed: z.number().int().nonnegative(),
    failed: z.number().int().nonnegative(),
  }),
});
export type AgentAnalytics = z.infer<typeof agentAnalyticsSchema>;

/** The cost components of the platform's costBreakdown, in the order charts show them. */
export const COST_COMPONENTS = [
  { key: 'transport', label: 'Transport' },
  { key: 'stt', label: 'Speech-to-text' },
  { key: 'llm', label: 'Model' },
  { key: 'tts', label: 'Voice' },
  { key: 'vapi', label: 'Platform' },
] as const;
export type CostComponent = (typeof COST_COMPONENTS)[number]['key'];

/** End reasons shown by name on the statistics screen; the rest are summed as "Other". */
export const TOP_END_REASONS = 8;

/** Duration histogram buckets, in seconds: [from, to), the last one open-ended. */
export const DURATION_BUCKETS = [
  { label: '< 30s', from: 0, to: 30 },
  { label: '30s–1m', from: 30, to: 60 },
  { label: '1–2m', from: 60, to: 120 },
  { label: '2–3m', from: 120, to: 180 },
  { label: '3–5m', from: 180, to: 300 },
  { label: '5–10m', from: 300, to: 600 },
  { label: '10m+', from: 600, to: null },
] as const;

/** GET /api/agents/:id/analytics/breakdowns: the statistics screen's charts. */
export const agentBreakdownsSchema = z.object({
  range: analyticsRangeSchema,
  /** Ended calls in the range (every chart below counts these). */
  totalCalls: z.number().int().nonnegative(),
  /** The most frequent end reasons, most frequent first. */
  endedReasons: z.array(z.object({ reason: z.string(), calls: z.number().int().nonnegative() })),
  /** Calls whose end reason is not among `endedReasons`, and how many reasons that is. */
  otherEndedReasons: z.object({
    calls: z.number().int().nonnegative(),
    reasons: z.number().int().nonnegative(),
  }),
  callTypes: z.array(
    z.object({
      type: z.enum(['inbound', 'outbound', 'web']),
      calls: z.number().int().nonnegative(),
    }),
  ),
  /** Per day: the share of passed calls in percent (2 decimals), null on a day without calls. */
  successRate: z.array(
    z.object({
      date: z.string(),
      calls: z.number().int().nonnegative(),
      passed: z.number().int().nonnegative(),
      rate: z.number().nullable(),
    }),
  ),
  costComponents: z.array(
    z.object({
      component: z.enum(['transport', 'stt', 'llm', 'tts', 'vapi']),
      label: z.string(),
      cost: z.number(),
    }),
  ),
  durations: z.array(
    z.object({
      label: z.string(),
      fromSeconds: z.number(),
      toSeconds: z.number().nullable(),
      calls: z.number().int().nonnegative(),
    }),
  ),
  /** Calls by the hour of the day they were created (business time), all 24 hours. */
  hours: z.array(
    z.object({ hour: z.number().int().min(0).max(23), calls: z.number().int().nonnegative() }),
  ),
});
export type AgentBreakdowns = z.infer<typeof agentBreakdownsSchema>;

/** Passed calls as a percentage with 2 decimals; null when there were no calls. */
export function successRatePercent(passed: number, calls: number): number | null {
  return calls === 0 ? null : roundTo2((passed / calls) * 100);
}

/** Calls, minutes, spend and success rate of a period (GET /api/statistics/dashboard). */
export const callFiguresSchema = z.object({
  calls: z.number().int().nonnegative(),
  minutes: z.number(),
  spend: z.number(),
  successRate: z.number().nullable(),
});
export type CallFigures = z.infer<typeof callFiguresSchema>;

/**
 * GET /api/statistics/dashboard: every figure of the dashboard's cards in one round trip.
 * Today and the last 7 days (today and the 6 days before) in the business's time zone.
 */
export const dashboardStatisticsSchema = z.object({
  timeZone: z.string(),
  calls: z.object({ today: callFiguresSchema, last7Days: callFiguresSchema }),
  /** Every contact, and those added in the last 7 days (today and the 6 days before). */
  contacts: z.object({
    total: z.number().int().nonnegative(),
    newLast7Days: z.number().int().nonnegative(),
  }),
  /** Open = not yet resolved or closed (status open or pending); unread = not marked read. */
  enquiries: z.object({
    open: z.number().int().nonnegative(),
    unread: z.number().int().nonnegative(),
  }),
  /** Not cancelled and starting today; scheduled and not started yet. */
  appointments: z.object({
    today: z.number().int().nonnegative(),
    upcoming: z.number().int().nonnegative(),
  }),
});
export type DashboardStatistics = z.infer<typeof dashboardStatisticsSchema>;

/**
 * GET /api/statistics/businesses, one row: the operator's overview of a business — its
 * dashboard figures in its own time zone, its agents, and what needs looking at.
 */
export const businessOverviewSchema = z.object({
  businessId: z.string(),
  businessName: z.string(),
  agents: z.number().int().nonnegative(),
  statistics: dashboardStatisticsSchema,
  /** What needs the operator's attention, a sentence each (empty when nothing does). */
  attention: z.array(z.string()),
});
export type BusinessOverview = z.infer<typeof businessOverviewSchema>;
export const businessOverviewListSchema = z.object({ data: z.array(businessOverviewSchema) });
export type BusinessOverviewList = z.infer<typeof businessOverviewListSchema>;

/** A success rate under this over the last 7 days is one of a business's open problems. */
export const LOW_SUCCESS_RATE_PERCENT = 50;
/** The operator's overview lists this many businesses, the most active first. */
export const BUSINESS_OVERVIEW_LIMIT = 200;

/**
 * ?from&to&includeTest of the agent analytics routes: a date range, and whether calls started
 * from "Talk to agent" (test calls) count (default: they are left out).
 */
export const agentAnalyticsQuerySchema = z
  .object({
    from: isoDateSchema.optional(),
    to: isoDateSchema.optional(),
    includeTest: includeTestQuerySchema,
  })
  .superRefine(refineDateRange);
export type AgentAnalyticsQuery = z.infer<typeof agentAnalyticsQuerySchema>;
