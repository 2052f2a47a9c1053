import type { CallOutcome, CallOutcomeInput } from './calls';

// The seed's success and transfer rules as tables of cases. The pure functions in calls.ts and
// the SQL that derives the same columns in the call store are both tested against these, so the
// two cannot drift apart.

export const CALL_OUTCOME_CASES: [label: string, input: CallOutcomeInput, expected: CallOutcome][] =
  [
    // Evaluation present: it alone decides.
    [
      'evaluation "true"',
      { successEvaluation: 'true', endedReason: 'silence-timed-out', durationSeconds: 5 },
      'pass',
    ],
    [
      'evaluation "TRUE"',
      { successEvaluation: 'TRUE', endedReason: null, durationSeconds: null },
      'pass',
    ],
    [
      'evaluation " True "',
      { successEvaluation: ' True ', endedReason: null, durationSeconds: null },
      'pass',
    ],
    [
      'evaluation boolean true',
      { successEvaluation: true, endedReason: null, durationSeconds: null },
      'pass',
    ],
    [
      'evaluation "false" despite customer-ended-call and 100 s',
      { successEvaluation: 'false', endedReason: 'customer-ended-call', durationSeconds: 100 },
      'fail',
    ],
    [
      'evaluation boolean false despite the heuristic',
      { successEvaluation: false, endedReason: 'customer-ended-call', durationSeconds: 100 },
      'fail',
    ],
    [
      'evaluation from another rubric ("Excellent")',
      { successEvaluation: 'Excellent', endedReason: 'customer-ended-call', durationSeconds: 100 },
      'fail',
    ],
    [
      'evaluation numeric 10',
      { successEvaluation: 10, endedReason: 'customer-ended-call', durationSeconds: 100 },
      'fail',
    ],
    [
      'evaluation "yes"',
      { successEvaluation: 'yes', endedReason: 'customer-ended-call', durationSeconds: 100 },
      'fail',
    ],
    // Evaluation absent: customer-ended-call and strictly more than 30 s.
    [
      'absent, customer-ended-call, 31 s',
      { successEvaluation: undefined, endedReason: 'customer-ended-call', durationSeconds: 31 },
      'pass',
    ],
    [
      'absent, customer-ended-call, 30.5 s',
      { successEvaluation: undefined, endedReason: 'customer-ended-call', durationSeconds: 30.5 },
      'pass',
    ],
    [
      'absent, customer-ended-call, exactly 30 s',
      { successEvaluation: undefined, endedReason: 'customer-ended-call', durationSeconds: 30 },
      'fail',
    ],
    [
      'absent, customer-ended-call, 5 s',
      { successEvaluation: undefined, endedReason: 'customer-ended-call', durationSeconds: 5 },
      'fail',
    ],
    [
      'absent, customer-ended-call, unknown duration',
      { successEvaluation: undefined, endedReason: 'customer-ended-call', durationSeconds: null },
      'fail',
    ],
    [
      'absent, assistant-ended-call, 100 s',
      { successEvaluation: undefined, endedReason: 'assistant-ended-call', durationSeconds: 100 },
      'fail',
    ],
    [
      'absent, Customer-Ended-Call (not the exact reason), 100 s',
      { successEvaluation: undefined, endedReason: 'Customer-Ended-Call', durationSeconds: 100 },
      'fail',
    ],
    [
      'absent, no end reason, 100 s',
      { successEvaluation: undefined, endedReason: undefined, durationSeconds: 100 },
      'fail',
    ],
    [
      'null evaluation counts as absent',
      { successEvaluation: null, endedReason: 'customer-ended-call', durationSeconds: 100 },
      'pass',
    ],
    [
      'blank evaluation counts as absent',
      { successEvaluation: '  ', endedReason: 'customer-ended-call', durationSeconds: 100 },
      'pass',
    ],
  ];

export const CALL_TRANSFER_CASES: [endedReason: string | null | undefined, transferred: boolean][] =
  [
    ['assistant-forwarded-call', true],
    ['call.in-progress.error-transfer-failed', true],
    ['escalation-requested', true],
    ['customer-ended-call-during-transfer', true],
    ['call.ringing.hook-executed-transfer', true],
    ['ASSISTANT-FORWARDED-CALL', true],
    ['Escalated', true],
    ['customer-ended-call', false],
    ['assistant-ended-call', false],
    // "forwarding" does not contain "forwarded": the seed's rule, taken literally.
    ['call.forwarding.operator-busy', false],
    ['', false],
    [null, false],
    [undefined, false],
  ];

/**
 * A call's length: endedAt − startedAt. Each case is a fragment of a platform Call payload;
 * `duration` is not a field of the platform's Call, so a payload carrying one is measured by its
 * timestamps all the same (callDurationSeconds and the store's generated column agree on it).
 */
export type CallDurationCase = [
  label: string,
  payload: { startedAt?: string | null; endedAt?: string | null; duration?: number },
  seconds: number | null,
];

export const CALL_DURATION_CASES: CallDurationCase[] = [
  [
    'endedAt − startedAt',
    { startedAt: '2026-03-05T14:07:00Z', endedAt: '2026-03-05T14:09:05Z' },
    125,
  ],
  [
    'with milliseconds',
    { startedAt: '2026-03-05T14:07:00.000Z', endedAt: '2026-03-05T14:07:30.500Z' },
    30.5,
  ],
  ['zero length', { startedAt: '2026-03-05T14:07:00Z', endedAt: '2026-03-05T14:07:00Z' }, 0],
  ['not started', { endedAt: '2026-03-05T14:09:05Z' }, null],
  ['not ended', { startedAt: '2026-03-05T14:07:00Z' }, null],
  ['nulls', { startedAt: null, endedAt: null }, null],
  ['an unparseable date', { startedAt: 'soon', endedAt: '2026-03-05T14:09:05Z' }, null],
  [
    'ended before it started',
    { startedAt: '2026-03-05T14:09:05Z', endedAt: '2026-03-05T14:07:00Z' },
    null,
  ],
  ['a duration field alone is not read', { duration: 42 }, null],
  [
    'a duration field does not override the timestamps',
    { duration: 42, startedAt: '2026-03-05T14:07:00Z', endedAt: '2026-03-05T14:09:05Z' },
    125,
  ],
];
