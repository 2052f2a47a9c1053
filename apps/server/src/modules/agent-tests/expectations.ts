import type { Vapi } from '@vapi-ai/server-sdk';
import { AGENT_TOOL_NAMES, type AgentToolName } from '@switchboard/shared/agents';
import {
  WEEKDAY_NAMES,
  describeExpectation,
  type Expectation,
} from '@switchboard/shared/agent-tests';

// An agent test's expectation on the platform: one evaluation of the scenario, an inline
// structured output compared with the expected value (decision 040). A tool check is an `ai`
// output the platform's model answers from the call (the sandbox answers it by rule); "the agent
// says" is a `regex` output over the transcript's `AI:` lines. Reading them back recognises only
// the shapes written here; anything else is a check made outside Switchboard.

const weekdayDescription = (tool: string) =>
  `The weekday (Monday to Sunday, in the business's time zone) of the date and time the assistant passed to the ${tool} tool, or "none" if it did not call ${tool}.`;
const calledDescription = (tool: string) =>
  `Whether the assistant called the ${tool} tool during the call.`;

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
const unescapeRegex = (text: string) => text.replace(/\\(.)/g, '$1');
const SAYS = /^\/AI:\[\^\\n\]\*(.*)\/i$/s;

export function evaluationOf(expectation: Expectation): Vapi.EvaluationPlanItem {
  switch (expectation.kind) {
    case 'tool-called':
    case 'tool-not-called': {
      const { tool } = expectation;
      const weekday = expectation.kind === 'tool-called' ? expectation.weekday : null;
      if (weekday && tool === 'book_appointment') {
        return {
          structuredOutput: {
            type: 'ai',
            name: `${tool} weekday`,
            description: weekdayDescription(tool),
            schema: { type: 'string', enum: [...WEEKDAY_NAMES, 'none'] },
          },
          comparator: '=',
          value: weekday,
          required: true,
        };
      }
      return {
        structuredOutput: {
          type: 'ai',
          name: `${tool} called`,
          description: calledDescription(tool),
          schema: { type: 'boolean' },
        },
        comparator: '=',
        value: expectation.kind === 'tool-called',
        required: true,
      };
    }
    case 'agent-says':
      return {
        structuredOutput: {
          type: 'regex',
          name: 'agent says',
          description: `Whether the assistant said "${expectation.phrase}".`,
          regex: `/AI:[^\\n]*${escapeRegex(expectation.phrase)}/i`,
          schema: { type: 'boolean' },
        },
        comparator: '=',
        value: true,
        required: true,
      };
  }
}

const isAgentTool = (name: string): name is AgentToolName =>
  (AGENT_TOOL_NAMES as readonly string[]).includes(name);

/** The expectation an evaluation written by `evaluationOf` stands for; null for any other. */
export function expectationOf(evaluation: Vapi.EvaluationPlanItem | undefined): Expectation | null {
  const output = evaluation?.structuredOutput;
  if (!evaluation || !output || evaluation.comparator !== '=') return null;
  const schemaType = (output.schema as { type?: unknown } | undefined)?.type;
  if (output.type === 'regex') {
    const phrase = SAYS.exec(output.regex ?? '')?.[1];
    return phrase && evaluation.value === true
      ? { kind: 'agent-says', phrase: unescapeRegex(phrase) }
      : null;
  }
  const [tool, what] = output.name.split(' ');
  if (!tool || !isAgentTool(tool)) return null;
  if (what === 'weekday' && schemaType === 'string') {
    const weekday = WEEKDAY_NAMES.find((day) => day === evaluation.value);
    return weekday ? { kind: 'tool-called', tool, weekday } : null;
  }
  if (what === 'called' && schemaType === 'boolean' && typeof evaluation.value === 'boolean') {
    return evaluation.value
      ? { kind: 'tool-called', tool, weekday: null }
      : { kind: 'tool-not-called', tool };
  }
  return null;
}

type EvaluationResult = {
  name?: unknown;
  extractedValue?: unknown;
  expectedValue?: unknown;
  passed?: unknown;
  required?: unknown;
  error?: unknown;
};

const shown = (value: unknown) =>
  value === null || value === undefined ? 'nothing' : JSON.stringify(value);

/** Why one failed evaluation failed, in words (ours read naturally, others generically). */
function reasonOf(result: EvaluationResult, expectation: Expectation | null): string {
  const error = typeof result.error === 'string' && result.error ? ` (${result.error})` : '';
  const got = result.extractedValue;
  if (expectation?.kind === 'tool-called' && expectation.weekday) {
    return got === 'none' || got === null || got === undefined
      ? `${expectation.tool} was not called${error}`
      : `${expectation.tool} was called with a time on a ${shown(got).replace(/^"|"$/g, '')}, not a ${expectation.weekday}${error}`;
  }
  if (expectation?.kind === 'tool-called' && got === false) {
    return `${expectation.tool} was not called`;
  }
  if (expectation?.kind === 'tool-not-called' && got === true) {
    return `${expectation.tool} was called`;
  }
  if (expectation?.kind === 'agent-says' && got === false) {
    return `The agent never said “${expectation.phrase}”`;
  }
  const name = typeof result.name === 'string' ? result.name : 'A check';
  return `${name}: expected ${shown(result.expectedValue)}, got ${shown(got)}${error}`;
}

/** A run item's outcome in words: null when it passed or is not over. */
export function failureReason(
  item: Pick<Vapi.SimulationRunItem, 'status' | 'failureReason' | 'results'>,
  expectation: Expectation | null,
): string | null {
  if (item.status === 'canceled') return 'The test was canceled before it finished.';
  if (item.status !== 'failed') return null;
  const failed = ((item.results?.evaluations ?? []) as EvaluationResult[]).filter(
    (result) => result.passed !== true && result.required !== false,
  );
  const reasons = failed.map((result) => reasonOf(result, expectation));
  if (reasons.length > 0) return reasons.join('; ');
  return item.failureReason ?? 'The platform reported the test as failed without a reason.';
}

export { describeExpectation };
