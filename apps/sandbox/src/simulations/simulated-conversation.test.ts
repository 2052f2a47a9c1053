import { describe, expect, it } from 'vitest';
import { DENTAL } from '../demo/profiles';
import {
  callerIntent,
  closedWeekdays,
  compare,
  judge,
  simulateConversation,
  type SimulatedCallInput,
} from './simulated-conversation';

// Wednesday 25 November 2026, 15:00 UTC (10:00 in New York).
const AT = Date.parse('2026-11-25T15:00:00.000Z');

const input = (over: Partial<SimulatedCallInput> = {}): SimulatedCallInput => ({
  instructions: 'You want to book a cleaning on a Saturday morning.',
  personalityName: 'Polite caller',
  personalityPrompt: '',
  assistant: {
    firstMessage: 'Thank you for calling Bright Smile Dental, this is Riley.',
    systemPrompt: DENTAL.systemPrompt,
    endCallMessage: 'Goodbye!',
    tools: new Set(['book_appointment', 'create_enquiry']),
  },
  profile: DENTAL,
  toolMocks: [{ toolName: 'book_appointment', result: 'Booked (mock).' }],
  atMs: AT,
  toolCallId: 'call_1',
  ...over,
});

const weekdayOutput = {
  type: 'ai' as const,
  name: 'book_appointment weekday',
  description: 'The weekday of the time passed to the book_appointment tool, or "none".',
  schema: { type: 'string' as const },
};

describe('the sandbox simulation of a test call', () => {
  it('reads what the caller wants from the scenario', () => {
    expect(callerIntent('Book a cleaning on Saturdays at 11am')).toEqual({
      kind: 'book',
      weekday: 6,
      hour: 11,
    });
    expect(callerIntent('You want a check-up on Tuesday afternoon')).toEqual({
      kind: 'book',
      weekday: 2,
      hour: 14,
    });
    expect(callerIntent('Ask them to call you back about your bill').kind).toBe('enquiry');
    expect(callerIntent('Ask whether they take new patients').kind).toBe('question');
    expect([...closedWeekdays('We are closed on Saturdays and Sundays.')].sort()).toEqual([0, 6]);
    expect([...closedWeekdays('Closed weekends.')].sort()).toEqual([0, 6]);
    expect(closedWeekdays(DENTAL.systemPrompt).size).toBe(0);
  });

  it('books the asked weekday in the business zone, answering with the mock, and the judge reads it', () => {
    const call = simulateConversation(input());
    expect(call.toolCalls).toHaveLength(1);
    const [booking] = call.toolCalls;
    expect(booking).toMatchObject({ name: 'book_appointment', result: 'Booked (mock).' });
    // Saturday 28 November, 09:00 in New York (the asked morning) = 14:00 UTC.
    expect(booking!.arguments.startsAt).toBe('2026-11-28T14:00:00.000Z');
    expect(call.transcript).toContain('AI: I can offer Saturday, November 28 at 9:00 AM.');
    expect(call.messages.some((m) => m.role === 'tool' && m.content === 'Booked (mock).')).toBe(
      true,
    );

    const saturday = judge(
      [{ structuredOutput: weekdayOutput, comparator: '=', value: 'Saturday' }],
      call,
      new Set(['book_appointment']),
      () => undefined,
    );
    expect(saturday).toMatchObject({
      passed: true,
      evaluations: [{ extractedValue: 'Saturday', passed: true }],
    });
    const sunday = judge(
      [{ structuredOutput: weekdayOutput, comparator: '=', value: 'Sunday' }],
      call,
      new Set(['book_appointment']),
      () => undefined,
    );
    expect(sunday).toMatchObject({
      passed: false,
      evaluations: [{ extractedValue: 'Saturday', expectedValue: 'Sunday', passed: false }],
    });
  });

  it('moves off a day the prompt closes, and calls nothing it does not carry', () => {
    const closed = simulateConversation(
      input({ assistant: { ...input().assistant, systemPrompt: 'We are closed on Saturdays.' } }),
    );
    expect(closed.transcript).toContain(
      "We're closed on Saturdays. The first opening is Sunday, November 29",
    );
    const withoutTool = simulateConversation(
      input({ assistant: { ...input().assistant, tools: new Set(['create_enquiry']) } }),
    );
    expect(withoutTool.toolCalls).toEqual([]);
    const called = {
      type: 'ai' as const,
      name: 'book_appointment called',
      schema: { type: 'boolean' as const },
    };
    expect(
      judge(
        [{ structuredOutput: called, comparator: '=', value: true }],
        withoutTool,
        new Set(['create_enquiry', 'book_appointment']),
        () => undefined,
      ).passed,
    ).toBe(false);
  });

  it('judges regex outputs on the transcript and refuses what it cannot answer', () => {
    const call = simulateConversation(
      input({ instructions: 'Ask whether they take new patients.' }),
    );
    const says = (regex: string) =>
      judge(
        [
          {
            structuredOutput: { type: 'regex', name: 'says', regex, schema: { type: 'boolean' } },
            comparator: '=',
            value: true,
          },
        ],
        call,
        new Set(),
        () => undefined,
      ).passed;
    expect(says('/AI:[^\\n]*this is riley/i')).toBe(true);
    expect(says('/AI:[^\\n]*this is morgan/i')).toBe(false);
    const vague = judge(
      [
        {
          structuredOutput: {
            type: 'ai',
            name: 'mood',
            description: 'Was the caller happy?',
            schema: { type: 'boolean' },
          },
          comparator: '=',
          value: true,
        },
      ],
      call,
      new Set(['book_appointment']),
      () => undefined,
    );
    expect(vague.passed).toBe(false);
    expect(vague.evaluations[0]).toMatchObject({ extractedValue: null });
    expect(String(vague.evaluations[0]?.error)).toContain('sandbox');
    expect(compare(3, '>=', 2)).toBe(true);
    expect(compare(null, '!=', 2)).toBe(false);
  });
});
