import {
  PASS_END_REASON,
  PASS_MIN_DURATION_SECONDS,
  type CallOutcome,
} from '@switchboard/shared/calls';

/**
 * What a call's success evaluation means, in words, for the call detail: the platform's verdict
 * when there is one (only "true" passes), the seed's fallback rule when there is none.
 */
export function describeSuccessEvaluation(raw: string | null, outcome: CallOutcome): string {
  const verdict = raw?.trim();
  if (!verdict) {
    return outcome === 'pass'
      ? `The platform gave no evaluation, so the call counts as a pass: the caller ended it (${PASS_END_REASON}) after more than ${PASS_MIN_DURATION_SECONDS} seconds.`
      : `The platform gave no evaluation, so the call counts as a fail: without one, only a call the caller ended (${PASS_END_REASON}) after more than ${PASS_MIN_DURATION_SECONDS} seconds passes.`;
  }
  if (verdict.toLowerCase() === 'true') return 'The platform judged that the call met its goal.';
  if (verdict.toLowerCase() === 'false') {
    return 'The platform judged that the call did not meet its goal.';
  }
  return `The platform's evaluation gave "${verdict}". Only "true" counts as a pass, so the call counts as a ${outcome}.`;
}
