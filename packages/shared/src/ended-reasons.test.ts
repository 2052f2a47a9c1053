import { describe, expect, it } from 'vitest';
import { describeEndedReason } from './ended-reasons';

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
    ['', 'The platform did not say why the call ended.'],
  ])('%j → %j', (reason, expected) => {
    expect(describeEndedReason(reason)).toBe(expected);
  });
});
