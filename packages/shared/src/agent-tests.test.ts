import { describe, expect, it } from 'vitest';
import {
  EMPTY_AGENT_TEST_FORM,
  agentTestFormSchema,
  agentTestInputSchema,
  describeExpectation,
  latestRunPerAgent,
  testRunSummary,
  toAgentTestInput,
  type TestRun,
} from './agent-tests';

const run = (over: Partial<TestRun>): TestRun => ({
  id: 'r',
  suiteId: 's',
  suiteName: 'Suite',
  agentId: 'a',
  agentName: 'Agent',
  unsavedSettings: false,
  status: 'ended',
  counts: { total: 2, passed: 2, failed: 0, running: 0, queued: 0, canceled: 0 },
  createdAt: '2026-11-25T10:00:00.000Z',
  createdAtText: 'Nov 25, 2026, 10:00',
  endedAt: '2026-11-25T10:00:05.000Z',
  ...over,
});

describe('agent tests', () => {
  it('turns the form into the request, keeping a weekday only for bookings', () => {
    const base = {
      ...EMPTY_AGENT_TEST_FORM,
      name: ' Saturday ',
      scenario: ' Asks for a Saturday slot ',
    };
    expect(toAgentTestInput({ ...base, weekday: 'Saturday' })).toEqual({
      name: 'Saturday',
      personality: 'polite',
      scenario: 'Asks for a Saturday slot',
      expectation: { kind: 'tool-called', tool: 'book_appointment', weekday: 'Saturday' },
    });
    expect(
      toAgentTestInput({ ...base, tool: 'create_enquiry', weekday: 'Saturday' }).expectation,
    ).toEqual({ kind: 'tool-called', tool: 'create_enquiry', weekday: null });
    expect(
      toAgentTestInput({ ...base, kind: 'tool-not-called', tool: 'create_enquiry' }).expectation,
    ).toEqual({ kind: 'tool-not-called', tool: 'create_enquiry' });
    expect(
      toAgentTestInput({ ...base, kind: 'agent-says', phrase: ' Riley ' }).expectation,
    ).toEqual({
      kind: 'agent-says',
      phrase: 'Riley',
    });
  });

  it('asks for the phrase only when the agent must say one, and for a scenario always', () => {
    const says = agentTestFormSchema.safeParse({
      ...EMPTY_AGENT_TEST_FORM,
      name: 'x',
      scenario: 'y',
      kind: 'agent-says',
    });
    expect(says.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['phrase', 'Please enter what the agent must say'],
    ]);
    const blank = agentTestInputSchema.safeParse({
      name: 'x',
      personality: 'polite',
      scenario: '   ',
      expectation: { kind: 'tool-called', tool: 'book_appointment' },
    });
    expect(blank.error?.issues.map((i) => i.message)).toEqual([
      'Please describe what the caller wants',
    ]);
  });

  it('describes expectations and runs in words', () => {
    expect(
      describeExpectation({ kind: 'tool-called', tool: 'book_appointment', weekday: 'Saturday' }),
    ).toBe('book_appointment is called with a time on a Saturday');
    expect(describeExpectation({ kind: 'tool-not-called', tool: 'create_enquiry' })).toBe(
      'create_enquiry is not called',
    );
    expect(describeExpectation(null)).toBe('A check made outside Switchboard');
    expect(testRunSummary(run({}))).toBe('2 of 2 passed');
    expect(testRunSummary(run({ status: 'running' }))).toBe('Running…');
    expect(
      testRunSummary(
        run({ counts: { total: 3, passed: 1, failed: 1, running: 0, queued: 0, canceled: 1 } }),
      ),
    ).toBe('1 of 3 passed (1 canceled)');
  });

  it('picks each agent’s newest run of saved settings for the dashboard', () => {
    const runs = [
      run({ id: 'draft', agentId: 'a', unsavedSettings: true }),
      run({ id: 'a2', agentId: 'a' }),
      run({ id: 'b1', agentId: 'b' }),
      run({ id: 'a1', agentId: 'a' }),
      run({ id: 'gone', agentId: null }),
    ];
    expect(latestRunPerAgent(runs).map((r) => r.id)).toEqual(['a2', 'b1']);
  });
});
