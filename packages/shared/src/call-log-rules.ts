import { fetchFailedMessage } from './fetch-errors';

/**
 * The call log's words, bounds and small rules. No schemas here (they are in `call-logs`, which
 * re-exports these): the call log's first screen reads these and must not bring the schema
 * library with them (decisions 096, 106).
 */

export const callLogMessages = {
  phoneDigits: 'Enter at least one digit of a phone number',
  queryTooLong: 'Search at most 200 characters',
  endReason: 'An end reason is a platform name: letters, digits, dots, hyphens and underscores',
  minAboveMax: 'The minimum is above the maximum',
  durationBounds: `Enter whole seconds from 0 to ${24 * 3600}`,
  costBounds: 'Enter an amount in dollars from 0 to 10000',
} as const;

/** The largest duration filter (seconds) and cost filter (USD) the API takes. */
export const MAX_DURATION_FILTER_SECONDS = 24 * 3600;
export const MAX_COST_FILTER_USD = 10_000;

/** The platform's call statuses before `ended`: such a call is shown as "In progress". */
export const CALL_STATUSES_IN_PROGRESS = [
  'scheduled',
  'queued',
  'ringing',
  'in-progress',
  'forwarding',
] as const;

/** Whether a call's status says it has not ended yet. */
export function isCallInProgress(status: string | null | undefined): boolean {
  return (CALL_STATUSES_IN_PROGRESS as readonly string[]).includes(status ?? '');
}

/** The seed's call-log failure text: with the reason when there is one. */
export function callLogsErrorMessage(reason: string | null | undefined): string {
  return fetchFailedMessage('call logs', reason);
}

/** Only the digits of a phone filter: "+1 (555) 010-22" → "155501022". */
export function phoneFilterDigits(phone: string): string {
  return phone.replace(/\D/g, '');
}

/** Marks around the matching words of a transcript snippet (never in real text). */
export const MATCH_START = '\u0002';
export const MATCH_END = '\u0003';

/**
 * A count (GET …/calls/count) stops at CALL_COUNT_CAP matching calls, two pages of the call
 * log's 50, and reads at most CALL_COUNT_EXAMINE calls, newest first (decisions 081, 084): it
 * costs about the same whatever the store holds, and answers "at least" when it stopped early.
 */
export const CALL_COUNT_CAP = 100;
export const CALL_COUNT_EXAMINE = 2_000;

/** What erasing a call removes and keeps, as the confirmation says it (decision 069). */
export const ERASE_CALL_WORDS = {
  title: 'Erase recording and transcript',
  body: 'The recording, transcript, summary and the caller’s number are deleted here and on the voice platform. The call’s date, length, cost and outcome stay in your figures. This cannot be undone.',
  confirm: 'Erase',
  done: 'Recording and transcript erased',
  inProgress: 'This call is still in progress: erase it once it has ended.',
} as const;
