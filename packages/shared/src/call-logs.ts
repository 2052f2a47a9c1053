import { z } from 'zod';
import { callStructuredOutputSchema } from './structured-outputs';
import { CALL_LOG_PAGE_SIZE, CALL_LOG_TABS, CALL_OUTCOMES, CALL_TYPES } from './calls';
import { dateRangeMessages, isoDateSchema } from './date-range';
import { MAX_PAGE_LIMIT, paginatedSchema } from './pagination';
import { includeTestQuerySchema } from './web-call';
import { callActionSchema } from './live-calls';
import {
  callLogMessages,
  MAX_COST_FILTER_USD,
  MAX_DURATION_FILTER_SECONDS,
  phoneFilterDigits,
} from './call-log-rules';

/**
 * The call log (`/agent/:agentId/call-logs`) and its API, GET /api/agents/:id/calls. The
 * seed's state — tab, phone filter, start and end date, page (from 1), limit 50 — is the query
 * string, on the screen and on the wire alike.
 */

export {
  CALL_COUNT_CAP,
  CALL_COUNT_EXAMINE,
  CALL_STATUSES_IN_PROGRESS,
  callLogMessages,
  callLogsErrorMessage,
  ERASE_CALL_WORDS,
  isCallInProgress,
  MATCH_END,
  MATCH_START,
  MAX_COST_FILTER_USD,
  MAX_DURATION_FILTER_SECONDS,
  phoneFilterDigits,
} from './call-log-rules';

/** A whole number of seconds in the filter's bounds (from the query string's text). */
const durationBound = z.coerce
  .number({ error: callLogMessages.durationBounds })
  .int(callLogMessages.durationBounds)
  .min(0, callLogMessages.durationBounds)
  .max(MAX_DURATION_FILTER_SECONDS, callLogMessages.durationBounds)
  .optional();

/** Dollars in the filter's bounds, cents at most. */
const costBound = z.coerce
  .number({ error: callLogMessages.costBounds })
  .min(0, callLogMessages.costBounds)
  .max(MAX_COST_FILTER_USD, callLogMessages.costBounds)
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, callLogMessages.costBounds)
  .optional();

/** One of the call log's tabs. */
export const callLogTabSchema = z.enum(CALL_LOG_TABS);

const filterShape = {
  tab: callLogTabSchema.default('all'),
  /** Matches calls whose customer number contains these digits (punctuation ignored). */
  phone: z
    .string()
    .trim()
    .max(40)
    .optional()
    .refine((phone) => !phone || phoneFilterDigits(phone).length > 0, callLogMessages.phoneDigits),
  /** Calendar dates in the business's zone, both included; either may be left out. */
  from: isoDateSchema.optional(),
  to: isoDateSchema.optional(),
  /** Words to find in the transcript (beyond the seed). */
  q: z.string().trim().max(200, callLogMessages.queryTooLong).optional(),
  /** The platform's end reason, exactly (e.g. customer-ended-call). */
  endReason: z
    .string()
    .trim()
    .max(120, callLogMessages.endReason)
    .regex(/^[A-Za-z0-9._-]+$/, callLogMessages.endReason)
    .optional(),
  callType: z.enum(CALL_TYPES, { error: 'callType must be inbound, outbound or web' }).optional(),
  /** Duration in whole seconds, both bounds included (a call without a duration never matches). */
  minDuration: durationBound,
  maxDuration: durationBound,
  /** Cost in USD, both bounds included. */
  minCost: costBound,
  maxCost: costBound,
  /** Calls started from "Talk to agent" are left out unless `includeTest=1` (as the analytics). */
  includeTest: includeTestQuerySchema,
};

/** GET /api/calls: the same filters over every agent of the business, or one (`agentId`). */
const businessFilterShape = {
  ...filterShape,
  agentId: z.string().trim().min(1).max(200).optional(),
};

type Bounds = {
  from?: string | undefined;
  to?: string | undefined;
  minDuration?: number | undefined;
  maxDuration?: number | undefined;
  minCost?: number | undefined;
  maxCost?: number | undefined;
};

// A log range may be open-ended and as long as the history: only from ≤ to is checked; so are
// the duration and cost bounds.
function checkRange(range: Bounds, ctx: z.RefinementCtx) {
  if (range.from && range.to && range.from > range.to) {
    ctx.addIssue({ code: 'custom', path: ['from'], message: dateRangeMessages.fromAfterTo });
  }
  const pairs = [
    ['minDuration', range.minDuration, range.maxDuration],
    ['minCost', range.minCost, range.maxCost],
  ] as const;
  for (const [path, min, max] of pairs) {
    if (min !== undefined && max !== undefined && min > max) {
      ctx.addIssue({ code: 'custom', path: [path], message: callLogMessages.minAboveMax });
    }
  }
}

const pageShape = {
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_LIMIT).default(CALL_LOG_PAGE_SIZE),
};

/** GET /api/agents/:id/calls/export: the same filter, every page. */
export const callLogFilterSchema = z.object(filterShape).superRefine(checkRange);
export type CallLogFilter = z.output<typeof callLogFilterSchema>;

/** GET /api/agents/:id/calls. */
export const callLogQuerySchema = z
  .object({ ...filterShape, ...pageShape })
  .superRefine(checkRange);
export type CallLogQuery = z.output<typeof callLogQuerySchema>;

/** GET /api/calls/export: every agent of the business (or `agentId`), every page. */
export const businessCallLogFilterSchema = z.object(businessFilterShape).superRefine(checkRange);
export type BusinessCallLogFilter = z.output<typeof businessCallLogFilterSchema>;

/** GET /api/calls: one page of the business's calls across its agents. */
export const businessCallLogQuerySchema = z
  .object({ ...businessFilterShape, ...pageShape })
  .superRefine(checkRange);
export type BusinessCallLogQuery = z.output<typeof businessCallLogQuerySchema>;

/** One row of the call log: the seed's formatted call row, without the raw call. */
export const callLogRowSchema = z.object({
  id: z.string(),
  /** First 8 characters of the id and "…". */
  displayId: z.string(),
  /** Falls back to "Unknown Assistant". */
  assistant: z.string(),
  assistantId: z.string().nullable(),
  /** "-" when unknown. */
  assistantPhone: z.string(),
  /** "-" when missing. */
  customerPhone: z.string(),
  callType: z.enum(CALL_TYPES),
  /** Falls back to "Unknown". */
  endReason: z.string(),
  successEvaluation: z.enum(CALL_OUTCOMES),
  /** en-US, business zone: "Mar 5, 2026, 14:07". */
  startTime: z.string(),
  /** "Nm Ns", "Ns" or "-". */
  duration: z.string(),
  /** "$x.xx", "$0.00" when missing. */
  cost: z.string(),
  status: z.string().nullable(),
  transferred: z.boolean(),
  /** Started from Switchboard's "Talk to agent" panel. */
  isTest: z.boolean(),
  /** Not ended yet (queued, ringing, in progress, forwarding): shown as "In progress". */
  inProgress: z.boolean(),
  createdAt: z.iso.datetime(),
  /** With `q`: a piece of the transcript, the matching words between MATCH_START and MATCH_END. */
  transcriptMatch: z.string().nullable(),
});
export type CallLogRow = z.infer<typeof callLogRowSchema>;

export const callLogPageSchema = paginatedSchema(callLogRowSchema).extend({
  /** The zone the start times are written in. */
  timeZone: z.string(),
  /**
   * True for a transcript search (`q`): the page answers before its calls are counted, so
   * `meta.total` and `meta.totalPages` are only what this page shows (and `hasNext` whether
   * another page follows); the total is GET …/calls/count with the same filter (decision 072).
   */
  counting: z.boolean().optional(),
});
export type CallLogPage = z.infer<typeof callLogPageSchema>;

/**
 * GET /api/agents/:id/calls/count and GET /api/calls/count: how many calls match a filter;
 * with `more`, at least `total` do (the count stopped before the end).
 */
export const callLogCountSchema = z.object({
  total: z.number().int().nonnegative(),
  more: z.boolean(),
});
export type CallLogCount = z.infer<typeof callLogCountSchema>;

/** A transcript line of the call detail. */
export const transcriptLineSchema = z.object({
  speaker: z.enum(['assistant', 'customer', 'tool']),
  text: z.string(),
  /** Seconds from the start of the call (what the recording seeks to). */
  secondsFromStart: z.number().nullable(),
});
export type TranscriptLine = z.infer<typeof transcriptLineSchema>;

/** GET /api/calls/:id: one call for the detail panel. */
export const callDetailSchema = z.object({
  row: callLogRowSchema,
  agent: z.object({ id: z.string(), name: z.string() }).nullable(),
  timeZone: z.string(),
  startedAt: z.iso.datetime().nullable(),
  endedAt: z.iso.datetime().nullable(),
  durationSeconds: z.number().nullable(),
  costUsd: z.number().nullable(),
  summary: z.string().nullable(),
  /** The raw successEvaluation ("true", "false", a score…), null when absent. */
  successEvaluationRaw: z.string().nullable(),
  structuredData: z.record(z.string(), z.unknown()).nullable(),
  /** The end reason in plain words. */
  endReasonText: z.string(),
  transcript: z.array(transcriptLineSchema),
  /** Our own address for the recording (proxied), null when the call has none. */
  recordingUrl: z.string().nullable(),
  costBreakdown: z.array(z.object({ label: z.string(), cost: z.number() })),
  /** Where the call was transferred to, when it was. */
  transfer: z
    .object({
      number: z.string().nullable(),
      name: z.string().nullable(),
      status: z.string().nullable(),
    })
    .nullable(),
  customerNumber: z.string().nullable(),
  /** The results of the agent's structured outputs (the platform's artifact.structuredOutputs). */
  structuredOutputs: z.array(callStructuredOutputSchema),
  /** What people did while the call was in progress (say, whisper, mute, transfer, end). */
  actions: z.array(callActionSchema).optional(),
  /**
   * When and by whom the recording, transcript and caller were erased (decision 069); null or
   * absent when they were not.
   */
  erased: z.object({ at: z.iso.datetime(), by: z.string() }).nullable().optional(),
});
export type CallDetail = z.infer<typeof callDetailSchema>;
