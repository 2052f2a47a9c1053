import { describe, expect, it } from 'vitest';
import {
  describeEndedReason,
  endedReasonLabel,
  isPlatformErrorReason,
  KNOWN_ENDED_REASONS,
} from './ended-reasons';

describe('describeEndedReason', () => {
  it.each([
    ['customer-ended-call', 'The caller hung up.'],
    ['assistant-forwarded-call', 'The agent transferred the call.'],
    ['call.forwarding.operator-busy', 'The transfer target was busy.'],
    [
      'assistant-request-returned-error',
      'No agent takes calls on this number: the caller was told.',
    ],
    ['assistant-request-failed', 'No agent could be chosen for this number in time.'],
    [
      'pipeline-error-openai-llm-failed',
      'A provider failed during the call (pipeline-error-openai-llm-failed).',
    ],
    [
      'call.in-progress.error-vapifault-worker-died',
      'The voice platform failed (call.in-progress.error-vapifault-worker-died).',
    ],
    [
      'call.start.error-subscription-frozen',
      'The call could not start (call.start.error-subscription-frozen).',
    ],
    ['call.ringing.hook-executed-say', 'Hook executed say.'],
    ['some-new-reason', 'Some new reason.'],
    [null, 'The platform did not say why the call ended.'],
    ['Unknown', 'The platform did not say why the call ended.'],
    ['', 'The platform did not say why the call ended.'],
  ])('%j → %j', (reason, expected) => {
    expect(describeEndedReason(reason)).toBe(expected);
  });
});

describe('endedReasonLabel', () => {
  it.each([
    ['customer-ended-call', 'Caller hung up'],
    ['assistant-said-end-call-phrase', 'Agent said goodbye'],
    ['silence-timed-out', 'Silence'],
    ['pipeline-error-openai-llm-failed', 'Provider error'],
    ['call.in-progress.error-providerfault-deepgram-transcriber-failed', 'Provider error'],
    ['call.in-progress.error-vapifault-worker-died', 'Platform error'],
    ['call.start.error-subscription-frozen', 'Could not start'],
    ['some-new-reason', 'Some new reason'],
    ['Unknown', 'Unknown'],
    [null, 'Unknown'],
  ])('%j → %j', (reason, expected) => {
    expect(endedReasonLabel(reason)).toBe(expected);
  });

  it('names every reason the filter offers in a few words, none of them a platform code', () => {
    for (const reason of KNOWN_ENDED_REASONS) {
      const label = endedReasonLabel(reason);
      expect(label, reason).not.toMatch(/[-_.]|^[a-z]/);
      expect(label.split(' ').length, reason).toBeLessThanOrEqual(5);
    }
  });
});

describe('isPlatformErrorReason', () => {
  it.each([
    ['pipeline-error-openai-llm-failed', true],
    ['call.in-progress.error-vapifault-openai-llm-failed', true],
    ['call.in-progress.error-providerfault-deepgram-returning-500', true],
    ['call.start.error-get-assistant', true],
    ['call.in-progress.error-sip-telephony-provider-failed-to-connect-call', true],
    ['worker-shutdown', true],
    ['customer-ended-call', false],
    ['assistant-ended-call', false],
    ['call.in-progress.error-transfer-failed', false],
    ['customer-did-not-answer', false],
    ['silence-timed-out', false],
    [null, false],
  ])('%s → %s', (reason, expected) => {
    expect(isPlatformErrorReason(reason)).toBe(expected);
  });
});
