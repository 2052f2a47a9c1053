import { z } from 'zod';
import { AGENT_TOOL_NAMES } from './agents';
import { TEST_RESULT_STATUSES, TEST_RUN_STATUSES } from './test-runs';

export {
  TEST_RESULT_STATUSES,
  TEST_RUN_STATUSES,
  isTestRunOver,
  latestRunPerAgent,
  testRunSummary,
  type TestResultStatus,
} from './test-runs';

/**
 * Agent tests (`/tests`): the specification's test suites with tests and runs, on the platform's
 * successor, simulations. A test is a simulated caller (a personality), what the caller wants (the
 * scenario, in words) and what must happen (one expectation, judged after the call). Tests are
 * grouped in suites; a suite runs against an agent and every run is kept.
 */

export const CALLER_PERSONALITIES = ['polite', 'impatient', 'confused'] as const;
export type CallerPersonality = (typeof CALLER_PERSONALITIES)[number];

export const CALLER_PERSONALITY_LABELS: Record<CallerPersonality, string> = {
  polite: 'Polite caller',
  impatient: 'Impatient caller',
  confused: 'Confused caller',
};

/** How each simulated caller behaves (the personality's own prompt on the platform). */
export const CALLER_PERSONALITY_PROMPTS: Record<CallerPersonality, string> = {
  polite:
    'You are a polite, friendly caller. Answer the assistant’s questions clearly and follow the scenario.',
  impatient:
    'You are an impatient caller in a hurry. Keep your answers short, push for a quick result and follow the scenario.',
  confused:
    'You are a confused caller who is unsure of the details. Ask for things to be repeated now and then, and follow the scenario.',
};

export const WEEKDAY_NAMES = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;
export type WeekdayName = (typeof WEEKDAY_NAMES)[number];

export const agentToolNameSchema = z.enum(AGENT_TOOL_NAMES, { error: 'Please choose a tool' });

/** What must happen in the call. */
export const expectationSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('tool-called'),
    tool: agentToolNameSchema,
    /** Only for book_appointment: the booked time falls on this weekday (business's zone). */
    weekday: z.enum(WEEKDAY_NAMES, { error: 'Please choose a weekday' }).nullable().default(null),
  }),
  z.object({ kind: z.literal('tool-not-called'), tool: agentToolNameSchema }),
  z.object({
    kind: z.literal('agent-says'),
    phrase: z
      .string()
      .trim()
      .min(1, { error: 'Please enter what the agent must say' })
      .max(200, { error: 'At most 200 characters' }),
  }),
]);
export type Expectation = z.infer<typeof expectationSchema>;
export type ExpectationInput = z.input<typeof expectationSchema>;
export const EXPECTATION_KINDS = ['tool-called', 'tool-not-called', 'agent-says'] as const;
export type ExpectationKind = (typeof EXPECTATION_KINDS)[number];

export const EXPECTATION_KIND_LABELS: Record<ExpectationKind, string> = {
  'tool-called': 'The agent calls a tool',
  'tool-not-called': 'The agent does not call a tool',
  'agent-says': 'The agent says a phrase',
};

/** "book_appointment is called with a time on a Saturday", for lists and results. */
export function describeExpectation(expectation: Expectation | null): string {
  if (!expectation) return 'A check made outside Switchboard';
  switch (expectation.kind) {
    case 'tool-called':
      return expectation.weekday && expectation.tool === 'book_appointment'
        ? `${expectation.tool} is called with a time on a ${expectation.weekday}`
        : `${expectation.tool} is called`;
    case 'tool-not-called':
      return `${expectation.tool} is not called`;
    case 'agent-says':
      return `The agent says “${expectation.phrase}”`;
  }
}

const nameSchema = z
  .string()
  .trim()
  .min(1, { error: 'Please enter a name' })
  .max(80, { error: 'At most 80 characters' });

/** POST /api/test-suites, PATCH /api/test-suites/:id */
export const testSuiteInputSchema = z.object({ name: nameSchema });
export type TestSuiteInput = z.infer<typeof testSuiteInputSchema>;

/** POST /api/test-suites/:id/tests */
export const agentTestInputSchema = z.object({
  name: nameSchema,
  personality: z.enum(CALLER_PERSONALITIES, { error: 'Please choose a caller' }),
  scenario: z
    .string()
    .trim()
    .min(1, { error: 'Please describe what the caller wants' })
    .max(2000, { error: 'At most 2000 characters' }),
  expectation: expectationSchema,
});
export type AgentTestInput = z.input<typeof agentTestInputSchema>;
export type AgentTestValues = z.output<typeof agentTestInputSchema>;

export const agentTestSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** null: a personality made outside Switchboard. */
  personality: z.enum(CALLER_PERSONALITIES).nullable(),
  scenario: z.string(),
  /** null: a check made outside Switchboard (shown, not editable here). */
  expectation: expectationSchema.nullable(),
  createdAt: z.iso.datetime(),
});
export type AgentTest = z.infer<typeof agentTestSchema>;

export const testSuiteSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  testCount: z.number().int().nonnegative(),
  createdAt: z.iso.datetime(),
});
export type TestSuiteSummary = z.infer<typeof testSuiteSummarySchema>;
export const testSuiteListSchema = z.object({ data: z.array(testSuiteSummarySchema) });

export const testSuiteSchema = testSuiteSummarySchema.extend({ tests: z.array(agentTestSchema) });
export type TestSuite = z.infer<typeof testSuiteSchema>;

/** POST /api/test-suites/:id/runs: run the suite against one of the business's agents. */
export const runTestSuiteSchema = z.object({
  agentId: z.string().trim().min(1, { error: 'Please choose an agent' }),
});
export type RunTestSuiteInput = z.infer<typeof runTestSuiteSchema>;

export const testRunCountsSchema = z.object({
  total: z.number().int().nonnegative(),
  passed: z.number().int().nonnegative(),
  failed: z.number().int().nonnegative(),
  running: z.number().int().nonnegative(),
  queued: z.number().int().nonnegative(),
  canceled: z.number().int().nonnegative(),
});

export const testRunSchema = z.object({
  id: z.string(),
  suiteId: z.string().nullable(),
  suiteName: z.string(),
  agentId: z.string().nullable(),
  agentName: z.string().nullable(),
  /** Run against settings not saved yet (the agent settings form's "Run the tests"). */
  unsavedSettings: z.boolean(),
  status: z.enum(TEST_RUN_STATUSES),
  counts: testRunCountsSchema,
  createdAt: z.iso.datetime(),
  /**
   * When it started, written by the server in the business's zone ("Nov 30, 2026, 19:54"), so
   * the dashboard's card draws it without starting the browser's date formatting (decision 109).
   */
  createdAtText: z.string(),
  endedAt: z.iso.datetime().nullable(),
});
export type TestRun = z.infer<typeof testRunSchema>;
export const testRunListSchema = z.object({ data: z.array(testRunSchema) });

/** GET /api/test-runs query. */
export const testRunQuerySchema = z.object({
  suiteId: z.string().min(1).optional(),
  agentId: z.string().min(1).optional(),
});

export const testResultSchema = z.object({
  id: z.string(),
  testId: z.string(),
  testName: z.string(),
  expectation: z.string(),
  status: z.enum(TEST_RESULT_STATUSES),
  /** Why it failed, in words; null while running and when it passed. */
  reason: z.string().nullable(),
  transcript: z.string().nullable(),
});
export type TestResult = z.infer<typeof testResultSchema>;

export const testRunDetailSchema = testRunSchema.extend({ results: z.array(testResultSchema) });
export type TestRunDetail = z.infer<typeof testRunDetailSchema>;

/** The add-test form's fields (flat, so each has its own message); `toAgentTestInput` sends it. */
export const agentTestFormSchema = z
  .object({
    name: nameSchema,
    personality: z.enum(CALLER_PERSONALITIES, { error: 'Please choose a caller' }),
    scenario: agentTestInputSchema.shape.scenario,
    kind: z.enum(EXPECTATION_KINDS, { error: 'Please choose what must happen' }),
    tool: agentToolNameSchema,
    /** '' = any day. */
    weekday: z.union([z.enum(WEEKDAY_NAMES), z.literal('')]),
    phrase: z.string().max(200, { error: 'At most 200 characters' }),
  })
  .superRefine((form, ctx) => {
    if (form.kind === 'agent-says' && form.phrase.trim() === '') {
      ctx.addIssue({
        code: 'custom',
        path: ['phrase'],
        message: 'Please enter what the agent must say',
      });
    }
  });
export type AgentTestForm = z.infer<typeof agentTestFormSchema>;

export const EMPTY_AGENT_TEST_FORM: AgentTestForm = {
  name: '',
  personality: 'polite',
  scenario: '',
  kind: 'tool-called',
  tool: 'book_appointment',
  weekday: '',
  phrase: '',
};

export function toAgentTestInput(form: AgentTestForm): AgentTestValues {
  const expectation: Expectation =
    form.kind === 'agent-says'
      ? { kind: 'agent-says', phrase: form.phrase.trim() }
      : form.kind === 'tool-not-called'
        ? { kind: 'tool-not-called', tool: form.tool }
        : {
            kind: 'tool-called',
            tool: form.tool,
            weekday: form.tool === 'book_appointment' && form.weekday ? form.weekday : null,
          };
  return {
    name: form.name.trim(),
    personality: form.personality,
    scenario: form.scenario.trim(),
    expectation,
  };
}
