/**
 * The seed's call rules: duration, outcome, transfer, call type, the call log's tabs and the
 * formatted call row. No schemas here (the platform's call is `platform-call`; the call log's
 * query is `call-logs`): the call log's first screen reads these (decision 106).
 */
import type { PlatformCall } from './platform-call';
import { PASS_MIN_DURATION_SECONDS } from './call-success-rule';
import { formatCost, formatDateTime, formatDuration } from './format';

export { CALL_SUCCESS_RULE, PASS_MIN_DURATION_SECONDS } from './call-success-rule';

export type { PlatformCall } from './platform-call';

export type SuccessEvaluation = string | boolean | number | null | undefined;

export interface CallTiming {
  startedAt?: string | null | undefined;
  endedAt?: string | null | undefined;
}

function timestampMs(value: string | null | undefined): number | null {
  if (!value) return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : ms;
}

/**
 * endedAt − startedAt, unrounded (millisecond precision) so the success rule compares the real
 * length against its threshold — display rounding is formatDuration's job. null when the call
 * has not started or ended, or when the clock order is impossible. The platform's Call has no
 * `duration` field (the seed's list names one), so a payload's `duration` is never read: the
 * call store's generated `duration_seconds` column has the same rule, and both are tested
 * against CALL_DURATION_CASES.
 */
export function callDurationSeconds(call: CallTiming): number | null {
  const started = timestampMs(call.startedAt);
  const ended = timestampMs(call.endedAt);
  if (started === null || ended === null || ended < started) return null;
  return (ended - started) / 1000;
}

/** The only end reason that can make an unevaluated call a pass. */
export const PASS_END_REASON = 'customer-ended-call';

export const CALL_OUTCOMES = ['pass', 'fail'] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

/**
 * The one wording of a call's outcome on every screen (badges, call detail, charts): the
 * specification's successEvaluation values, pass and fail. The call log's tabs keep the
 * specification's own names (successful, failed): they are filters, not a call's outcome.
 */
export const CALL_OUTCOME_LABELS: Record<CallOutcome, string> = { pass: 'Pass', fail: 'Fail' };

export interface CallOutcomeInput {
  successEvaluation: SuccessEvaluation;
  endedReason: string | null | undefined;
  durationSeconds: number | null | undefined;
}

function hasEvaluation(value: SuccessEvaluation): value is string | boolean | number {
  // A blank string carries no verdict, so it counts as absent rather than as "not true".
  return value != null && !(typeof value === 'string' && value.trim() === '');
}

function evaluationIsTrue(value: string | boolean | number): boolean {
  return value === true || (typeof value === 'string' && value.trim().toLowerCase() === 'true');
}

export function isCallSuccessful({
  successEvaluation,
  endedReason,
  durationSeconds,
}: CallOutcomeInput): boolean {
  if (hasEvaluation(successEvaluation)) return evaluationIsTrue(successEvaluation);
  return (
    endedReason === PASS_END_REASON &&
    typeof durationSeconds === 'number' &&
    durationSeconds > PASS_MIN_DURATION_SECONDS
  );
}

export function callOutcome(input: CallOutcomeInput): CallOutcome {
  return isCallSuccessful(input) ? 'pass' : 'fail';
}

/**
 * Substrings that mark an end reason as a transfer, matched case-insensitively. Exported so the
 * server's generated `transferred` column (a case-insensitive regular expression) is rendered
 * from the same list. "forwarded" is deliberately not "forward": the seed's rule leaves out e.g.
 * call.forwarding.operator-busy.
 */
export const TRANSFER_REASON_PATTERNS = ['transfer', 'forwarded', 'escalat'] as const;

export function isCallTransferred(endedReason: string | null | undefined): boolean {
  if (!endedReason) return false;
  const reason = endedReason.toLowerCase();
  return TRANSFER_REASON_PATTERNS.some((pattern) => reason.includes(pattern));
}

export const CALL_TYPES = ['inbound', 'outbound', 'web'] as const;
export type CallType = (typeof CALL_TYPES)[number];

export function callTypeOf(type: string | null | undefined): CallType {
  if (type === 'inboundPhoneCall') return 'inbound';
  if (type === 'outboundPhoneCall') return 'outbound';
  return 'web';
}

export const CALL_LOG_TABS = ['all', 'successful', 'failed', 'transferred'] as const;
export type CallLogTab = (typeof CALL_LOG_TABS)[number];
export const CALL_LOG_PAGE_SIZE = 50;

/** Tabs are independent filters: a transferred call also appears under successful or failed. */
export function callMatchesTab(
  row: Pick<FormattedCallRow, 'successEvaluation' | 'endReason'>,
  tab: CallLogTab,
): boolean {
  switch (tab) {
    case 'all':
      return true;
    case 'successful':
      return row.successEvaluation === 'pass';
    case 'failed':
      return row.successEvaluation === 'fail';
    case 'transferred':
      return isCallTransferred(row.endReason);
  }
}

export const UNKNOWN_ASSISTANT = 'Unknown Assistant';
export const UNKNOWN_END_REASON = 'Unknown';
const MISSING = '-';
const DISPLAY_ID_LENGTH = 8;

export interface FormattedCallRow {
  id: string;
  displayId: string;
  assistant: string;
  assistantId: string | null;
  assistantPhone: string;
  customerPhone: string;
  callType: CallType;
  endReason: string;
  successEvaluation: CallOutcome;
  startTime: string;
  duration: string;
  cost: string;
  raw: PlatformCall;
}

/** The seed's rule, literally: the first 8 characters plus an ellipsis, whatever the length. */
export function displayCallId(id: string): string {
  return `${id.slice(0, DISPLAY_ID_LENGTH)}\u2026`;
}

function assistantPhoneOf(phoneNumber: PlatformCall['phoneNumber']): string {
  if (typeof phoneNumber === 'string') return phoneNumber || MISSING;
  return phoneNumber?.number || phoneNumber?.twilioPhoneNumber || MISSING;
}

export function formatCallRow(call: PlatformCall, options: { timeZone: string }): FormattedCallRow {
  const durationSeconds = callDurationSeconds(call);
  return {
    id: call.id,
    displayId: displayCallId(call.id),
    assistant: call.assistant?.name || UNKNOWN_ASSISTANT,
    assistantId: call.assistantId ?? null,
    assistantPhone: assistantPhoneOf(call.phoneNumber),
    customerPhone: call.customer?.number || MISSING,
    callType: callTypeOf(call.type),
    endReason: call.endedReason || UNKNOWN_END_REASON,
    successEvaluation: callOutcome({
      successEvaluation: call.analysis?.successEvaluation,
      endedReason: call.endedReason,
      durationSeconds,
    }),
    startTime: formatDateTime(call.startedAt || call.createdAt, options.timeZone),
    duration: formatDuration(durationSeconds),
    cost: formatCost(call.cost),
    raw: call,
  };
}
