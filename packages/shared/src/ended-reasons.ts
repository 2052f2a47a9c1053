/**
 * The platform's end reasons (several hundred machine names, platform-reference §2.4) in plain
 * words for the call detail. Common reasons are named one by one; the provider-error matrix is
 * described by its pattern; anything else falls back to the name made readable.
 */
const REASONS: Record<string, string> = {
  'customer-ended-call': 'The caller hung up.',
  'assistant-ended-call': 'The agent ended the call.',
  'assistant-said-end-call-phrase': 'The agent said an end-call phrase and hung up.',
  'assistant-ended-call-with-hangup-task': 'The agent ended the call with its hang-up task.',
  'assistant-ended-call-after-message-spoken': 'The agent hung up after its closing message.',
  'assistant-forwarded-call': 'The agent transferred the call.',
  'exceeded-max-duration': 'The call reached its maximum length.',
  'silence-timed-out': 'Nobody spoke for too long, so the call ended.',
  voicemail: 'The call reached voicemail.',
  'manually-canceled': 'The call was cancelled by hand.',
  'customer-busy': 'The line was busy.',
  'customer-did-not-answer': 'Nobody answered.',
  'customer-did-not-give-microphone-permission': 'The caller did not allow the microphone.',
  'assistant-join-timed-out': 'The agent could not join the call in time.',
  'call.in-progress.twilio-completed-call': 'The phone provider completed the call.',
  'call.in-progress.sip-completed-call': 'The SIP provider completed the call.',
  'vonage-completed': 'The phone provider completed the call.',
  'twilio-failed-to-connect-call': 'The phone provider could not connect the call.',
  'twilio-reported-customer-misdialed': 'The caller dialled a wrong number.',
  'call.forwarding.operator-busy': 'The transfer target was busy.',
  'call.forwarding.no-answer': 'The transfer target did not answer.',
  'call.in-progress.error-transfer-failed': 'The transfer failed.',
  'customer-ended-call-during-transfer': 'The caller hung up during the transfer.',
  'customer-ended-call-before-warm-transfer': 'The caller hung up before the transfer.',
  'customer-ended-call-after-warm-transfer-attempt': 'The caller hung up after a transfer attempt.',
  'assistant-not-found': 'The agent no longer existed.',
  'assistant-not-valid': 'The agent was not set up correctly.',
  'call-deleted': 'The call was deleted.',
  'scheduled-call-deleted': 'The scheduled call was deleted.',
  'worker-shutdown': 'The platform restarted while the call was running.',
  'phone-call-provider-closed-websocket': 'The phone provider closed the connection.',
  // An inbound call to a number with no agent: the platform asks which agent takes it.
  'assistant-request-returned-error': 'No agent takes calls on this number: the caller was told.',
  'assistant-request-returned-unspeakable-error': 'No agent takes calls on this number.',
  'assistant-request-returned-no-assistant': 'No agent was chosen for this number.',
  'assistant-request-returned-invalid-assistant': 'The agent chosen for this number was not valid.',
  'assistant-request-returned-forwarding-phone-number':
    'The call was forwarded to the number’s fallback.',
  'assistant-request-failed': 'No agent could be chosen for this number in time.',
};

/**
 * A few words for a table cell or a badge ("Caller hung up"); the sentence above is the
 * explanation that goes with it (a tooltip, the call detail). Same keys as REASONS.
 */
const LABELS: Record<string, string> = {
  'customer-ended-call': 'Caller hung up',
  'assistant-ended-call': 'Agent ended the call',
  'assistant-said-end-call-phrase': 'Agent said goodbye',
  'assistant-ended-call-with-hangup-task': 'Agent hung up',
  'assistant-ended-call-after-message-spoken': 'Agent hung up after closing',
  'assistant-forwarded-call': 'Agent transferred the call',
  'exceeded-max-duration': 'Reached time limit',
  'silence-timed-out': 'Silence',
  voicemail: 'Voicemail',
  'manually-canceled': 'Cancelled',
  'customer-busy': 'Line busy',
  'customer-did-not-answer': 'No answer',
  'customer-did-not-give-microphone-permission': 'No microphone',
  'assistant-join-timed-out': 'Agent did not join',
  'call.in-progress.twilio-completed-call': 'Phone provider ended it',
  'call.in-progress.sip-completed-call': 'SIP provider ended it',
  'vonage-completed': 'Phone provider ended it',
  'twilio-failed-to-connect-call': 'Could not connect',
  'twilio-reported-customer-misdialed': 'Wrong number',
  'call.forwarding.operator-busy': 'Transfer busy',
  'call.forwarding.no-answer': 'Transfer not answered',
  'call.in-progress.error-transfer-failed': 'Transfer failed',
  'customer-ended-call-during-transfer': 'Hung up in transfer',
  'customer-ended-call-before-warm-transfer': 'Hung up before transfer',
  'customer-ended-call-after-warm-transfer-attempt': 'Hung up after transfer try',
  'assistant-not-found': 'Agent missing',
  'assistant-not-valid': 'Agent set up wrongly',
  'call-deleted': 'Call deleted',
  'scheduled-call-deleted': 'Scheduled call deleted',
  'worker-shutdown': 'Platform restarted',
  'phone-call-provider-closed-websocket': 'Phone provider disconnected',
  'assistant-request-returned-error': 'No agent for this number',
  'assistant-request-returned-unspeakable-error': 'No agent for this number',
  'assistant-request-returned-no-assistant': 'No agent for this number',
  'assistant-request-returned-invalid-assistant': 'Number’s agent not valid',
  'assistant-request-returned-forwarding-phone-number': 'Forwarded to fallback',
  'assistant-request-failed': 'No agent chosen in time',
};

/** The end reasons named one by one above: the ones a filter offers as you type. */
export const KNOWN_ENDED_REASONS: readonly string[] = Object.keys(REASONS);

function readable(reason: string): string {
  const words = reason
    .replace(/^call\.[a-z-]+\./, '')
    .replace(/[._-]+/g, ' ')
    .trim();
  return words ? `${words.charAt(0).toUpperCase()}${words.slice(1)}.` : 'Unknown.';
}

/** "customer-ended-call" → "The caller hung up."; unknown or missing → a readable fallback. */
export function describeEndedReason(reason: string | null | undefined): string {
  // "Unknown" is the formatted row's fallback for a missing reason.
  if (!reason || reason === 'Unknown') return 'The platform did not say why the call ended.';
  const known = REASONS[reason];
  if (known) return known;
  const provider = /^pipeline-error-([a-z0-9]+(?:-[a-z]+)?)/.exec(reason);
  if (provider) return `A provider failed during the call (${reason}).`;
  if (reason.includes('error-vapifault')) return `The voice platform failed (${reason}).`;
  if (reason.includes('error-providerfault')) return `A provider failed (${reason}).`;
  if (reason.startsWith('call.start.')) return `The call could not start (${reason}).`;
  return readable(reason);
}

/**
 * "customer-ended-call" → "Caller hung up": the short label a call table shows, with
 * describeEndedReason's sentence as its explanation. The platform's provider and start errors
 * get a label by kind; an unknown reason its readable words; none (the formatted row's
 * "Unknown" fallback included) "Unknown".
 */
export function endedReasonLabel(reason: string | null | undefined): string {
  if (!reason || reason === 'Unknown') return 'Unknown';
  const known = LABELS[reason];
  if (known) return known;
  if (reason.startsWith('pipeline-error-') || reason.includes('error-providerfault'))
    return 'Provider error';
  if (reason.includes('error-vapifault')) return 'Platform error';
  if (reason.startsWith('call.start.')) return 'Could not start';
  return readable(reason).replace(/\.$/, '');
}

/** End reasons that are the platform's or a provider's failure, whatever their detail. */
const PLATFORM_FAILURES = new Set([
  'worker-shutdown',
  'phone-call-provider-closed-websocket',
  'assistant-join-timed-out',
  'twilio-failed-to-connect-call',
]);

/**
 * Whether a call ended because the platform or one of its providers failed (not the caller, the
 * agent or the business's own transfer target): `pipeline-error-…`, `…error-vapifault…`,
 * `…error-providerfault…`, `call.start.error-…`, SIP and pipeline errors during the call, and the
 * named failures above. What the "calls failing with platform errors" alert counts.
 */
export function isPlatformErrorReason(reason: string | null | undefined): boolean {
  if (!reason) return false;
  if (PLATFORM_FAILURES.has(reason)) return true;
  if (reason.startsWith('pipeline-error-')) return true;
  if (reason.includes('error-vapifault') || reason.includes('error-providerfault')) return true;
  if (reason.startsWith('call.start.error-')) return true;
  return /^call\.[a-z-]+\.error-(sip|pipeline)/.test(reason);
}
