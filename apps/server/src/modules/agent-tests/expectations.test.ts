import { describe, expect, it } from 'vitest';
import type { Expectation } from '@switchboard/shared/agent-tests';
import { evaluationOf, expectationOf, failureReason } from './expectations';

const EXPECTATIONS: Expectation[] = [
  { kind: 'tool-called', tool: 'book_appointment', weekday: 'Saturday' },
  { kind: 'tool-called', tool: 'book_appointment', weekday: null },
  { kind: 'tool-called', tool: 'create_enquiry', weekday: null },
  { kind: 'tool-not-called', tool: 'create_enquiry' },
  { kind: 'agent-says', phrase: 'Dr. Lee (on call) costs $40?' },
];

describe('agent test expectations on the platform', () => {
  it.each(EXPECTATIONS)('reads back what it wrote: %j', (expectation) => {
    expect(expectationOf(evaluationOf(expectation))).toEqual(expectation);
  });

  it('writes the phrase as an escaped, case-blind regex over the agent’s lines', () => {
    const evaluation = evaluationOf({ kind: 'agent-says', phrase: 'costs $40?' });
    const regex = evaluation.structuredOutput?.regex ?? '';
    const [, body, flags] = /^\/(.*)\/([a-z]*)$/s.exec(regex)!;
    const pattern = new RegExp(body!, flags);
    expect(pattern.test('User: hi\nAI: It COSTS $40? Yes.')).toBe(true);
    expect(pattern.test('User: costs $40?\nAI: no')).toBe(false);
  });

  it('knows nothing of evaluations made elsewhere', () => {
    expect(expectationOf(undefined)).toBeNull();
    expect(
      expectationOf({
        structuredOutput: { name: 'sentiment', schema: { type: 'string' } },
        comparator: '=',
        value: 'positive',
      }),
    ).toBeNull();
  });

  it('says why a test failed', () => {
    const weekday: Expectation = {
      kind: 'tool-called',
      tool: 'book_appointment',
      weekday: 'Sunday',
    };
    const failed = (extractedValue: unknown, error?: string) => ({
      status: 'failed' as const,
      results: {
        passed: false,
        evaluations: [
          {
            structuredOutputId: 'inline',
            name: 'book_appointment weekday',
            extractedValue,
            expectedValue: 'Sunday',
            comparator: '=' as const,
            passed: false,
            required: true,
            ...(error ? { error } : {}),
          },
        ],
      },
    });
    expect(failureReason(failed('Saturday') as never, weekday)).toBe(
      'book_appointment was called with a time on a Saturday, not a Sunday',
    );
    expect(failureReason(failed('none') as never, weekday)).toBe('book_appointment was not called');
    expect(failureReason(failed(7, 'bad output') as never, null)).toBe(
      'book_appointment weekday: expected "Sunday", got 7 (bad output)',
    );
    expect(failureReason({ status: 'failed', failureReason: 'Call dropped' }, null)).toBe(
      'Call dropped',
    );
    expect(failureReason({ status: 'passed' }, weekday)).toBeNull();
    expect(failureReason({ status: 'canceled' }, weekday)).toBe(
      'The test was canceled before it finished.',
    );
  });
});
