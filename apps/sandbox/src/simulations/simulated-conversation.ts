import type { Vapi } from '@vapi-ai/server-sdk';
import { zoneClock, formatDay, formatTime } from '../demo/conversation';
import type { BusinessProfile } from '../demo/profiles';

// A simulation's call, played without a language model: a simulated caller reads the scenario's
// instructions for what it wants (book, leave a message, ask a question; a weekday and an hour),
// the assistant answers with its own first message and calls the tool that serves the request
// when it carries one (its system prompt may close days: "closed on Saturdays"), and the
// scenario's evaluations are judged on what happened. Same inputs, same call, every time.

export const WEEKDAYS = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;

export type CallerIntent =
  | { kind: 'book'; weekday: number | undefined; hour: number | undefined }
  | { kind: 'enquiry'; topic: string }
  | { kind: 'question'; topic: string };

const BOOK = /\b(book|booking|appointment|slot|schedule|reserve|reservation|table for)\b/i;
const ENQUIRY =
  /\b(message|enquiry|inquiry|call(?:s)? me back|callback|call back|complain|complaint|bill|billing|invoice|insurance)\b/i;

function weekdayIn(text: string): number | undefined {
  const match = /\b(sunday|monday|tuesday|wednesday|thursday|friday|saturday)s?\b/i.exec(text);
  if (!match?.[1]) return undefined;
  return WEEKDAYS.findIndex((day) => day.toLowerCase() === match[1]!.toLowerCase());
}

function hourIn(text: string): number | undefined {
  const match = /\b(\d{1,2})(?::(\d{2}))?\s*(am|pm)\b/i.exec(text);
  if (match?.[1]) {
    const hour = Number(match[1]) % 12;
    return match[3]!.toLowerCase() === 'pm' ? hour + 12 : hour;
  }
  if (/\bmorning\b/i.test(text)) return 9;
  if (/\bafternoon\b/i.test(text)) return 14;
  if (/\bevening\b/i.test(text)) return 18;
  return undefined;
}

/** What the simulated caller wants, read from the scenario's instructions. */
export function callerIntent(instructions: string): CallerIntent {
  const topic = instructions.trim().replace(/\s+/g, ' ').slice(0, 200);
  const weekday = weekdayIn(instructions);
  const hour = hourIn(instructions);
  // Asking for a day or a time is asking for a slot, unless the caller only leaves a message.
  const enquiry = ENQUIRY.test(instructions);
  if (BOOK.test(instructions) || (!enquiry && (weekday !== undefined || hour !== undefined))) {
    return { kind: 'book', weekday, hour };
  }
  if (enquiry) return { kind: 'enquiry', topic };
  return { kind: 'question', topic };
}

/** Weekdays the assistant's prompt says the business is closed on ("closed on Saturdays"). */
export function closedWeekdays(systemPrompt: string): Set<number> {
  const closed = new Set<number>();
  const pattern =
    /closed\s+(?:on\s+)?((?:(?:sundays?|mondays?|tuesdays?|wednesdays?|thursdays?|fridays?|saturdays?|weekends?)(?:\s*(?:,|and|&)\s*)?)+)/gi;
  for (const match of systemPrompt.matchAll(pattern)) {
    const days = match[1]!.toLowerCase();
    if (days.includes('weekend')) {
      closed.add(0);
      closed.add(6);
    }
    WEEKDAYS.forEach((day, index) => {
      if (days.includes(day.toLowerCase())) closed.add(index);
    });
  }
  return closed;
}

export interface SimulatedCallInput {
  instructions: string;
  /** The simulated caller's name for itself (the personality's name). */
  personalityName: string;
  /** The personality's own prompt: how the caller talks (only "impatient"/"confused" change words). */
  personalityPrompt: string;
  assistant: {
    firstMessage: string;
    systemPrompt: string;
    endCallMessage: string;
    /** Function tool names the assistant carries (inline and resolved `toolIds`). */
    tools: ReadonlySet<string>;
  };
  profile: BusinessProfile;
  /** The scenario's tool mocks: these tools answer with the mock instead of their server. */
  toolMocks: readonly Vapi.ScenarioToolMock[];
  /** When the call happens. */
  atMs: number;
  toolCallId: string;
}

export interface SimulatedToolCall {
  id: string;
  name: string;
  arguments: Record<string, string>;
  result: string;
}

export interface SimulatedCall {
  lines: { role: 'bot' | 'user'; text: string }[];
  toolCalls: SimulatedToolCall[];
  transcript: string;
  messages: Record<string, unknown>[];
  timeZone: string;
}

function style(personality: string): { opening: string; closing: string } {
  if (/impatient|rushed|hurry|busy/i.test(personality)) {
    return { opening: "Hi, I'm in a hurry.", closing: 'Fine. Bye.' };
  }
  if (/confused|elderly|unsure/i.test(personality)) {
    return {
      opening: "Oh, hello, I'm not sure I have the right number.",
      closing: 'Thank you, dear. Goodbye.',
    };
  }
  return { opening: 'Hi there.', closing: 'Great, thank you. Bye!' };
}

/** The first slot on the asked weekday (else tomorrow), at the asked hour, skipping closed days. */
function slotFor(
  intent: Extract<CallerIntent, { kind: 'book' }>,
  profile: BusinessProfile,
  closed: ReadonlySet<number>,
  atMs: number,
): { slotMs: number; movedFrom: number | undefined } {
  const clock = zoneClock(profile.timeZone);
  const today = clock.localParts(atMs);
  const hour = intent.hour ?? Math.max(profile.slots.hours[0], 10);
  let daysAhead = 1;
  const weekdayAt = (ahead: number) => (today.weekday + ahead) % 7;
  if (intent.weekday !== undefined) {
    while (weekdayAt(daysAhead) !== intent.weekday) daysAhead += 1;
  }
  let movedFrom: number | undefined;
  while (closed.has(weekdayAt(daysAhead)) && daysAhead < 15) {
    movedFrom ??= weekdayAt(daysAhead);
    daysAhead += 1;
  }
  const localMidnight = Date.UTC(today.year, today.month - 1, today.day + daysAhead);
  return { slotMs: clock.fromLocal(localMidnight + hour * 3_600_000), movedFrom };
}

function mockFor(mocks: readonly Vapi.ScenarioToolMock[], name: string): string | undefined {
  const mock = mocks.find(
    (candidate) => candidate.toolName === name && candidate.enabled !== false,
  );
  return mock ? (mock.result ?? '') : undefined;
}

/** Plays the scenario's call against the assistant (no network: tools answer with their mocks). */
export function simulateConversation(input: SimulatedCallInput): SimulatedCall {
  const { assistant, profile } = input;
  const intent = callerIntent(input.instructions);
  const manner = style(`${input.personalityName} ${input.personalityPrompt}`);
  const lines: SimulatedCall['lines'] = [{ role: 'bot', text: assistant.firstMessage }];
  const toolCalls: SimulatedToolCall[] = [];
  const callerName = 'Sam Tester';
  const callerEmail = 'sam.tester@example.com';
  const callTool = (name: string, args: Record<string, string>, fallback: string) => {
    const result = mockFor(input.toolMocks, name) ?? fallback;
    toolCalls.push({ id: input.toolCallId, name, arguments: args, result });
    return result;
  };

  if (intent.kind === 'book') {
    const asked =
      intent.weekday === undefined
        ? 'an appointment'
        : `an appointment on a ${WEEKDAYS[intent.weekday]}`;
    lines.push({ role: 'user', text: `${manner.opening} I'd like to book ${asked}, please.` });
    if (assistant.tools.has('book_appointment')) {
      const closed = closedWeekdays(assistant.systemPrompt);
      const { slotMs, movedFrom } = slotFor(intent, profile, closed, input.atMs);
      const when = `${formatDay(profile.timeZone, slotMs)} at ${formatTime(profile.timeZone, slotMs)}`;
      lines.push({
        role: 'bot',
        text:
          movedFrom === undefined
            ? `I can offer ${when}. Shall I book that for you?`
            : `We're closed on ${WEEKDAYS[movedFrom]}s. The first opening is ${when}. Shall I book that?`,
      });
      lines.push({ role: 'user', text: `Yes please. It's ${callerName}, ${callerEmail}.` });
      callTool(
        'book_appointment',
        {
          startsAt: new Date(slotMs).toISOString(),
          service: 'Appointment',
          callerName,
          callerEmail,
          notes: input.instructions.slice(0, 200),
        },
        'Appointment booked.',
      );
      lines.push({ role: 'bot', text: `You're booked for ${when}.` });
    } else {
      lines.push({
        role: 'bot',
        text: "I'm not able to book appointments on this line, but I'll pass your request on to the team.",
      });
    }
  } else if (intent.kind === 'enquiry') {
    lines.push({ role: 'user', text: `${manner.opening} ${intent.topic}` });
    if (assistant.tools.has('create_enquiry')) {
      lines.push({
        role: 'bot',
        text: 'I can take a message for the team. May I have your name and email?',
      });
      lines.push({ role: 'user', text: `${callerName}, ${callerEmail}.` });
      callTool(
        'create_enquiry',
        { subject: 'Caller enquiry', message: intent.topic, callerName, callerEmail },
        'Enquiry recorded.',
      );
      lines.push({
        role: 'bot',
        text: "Thanks, I've passed your message on. Someone will get back to you.",
      });
    } else {
      lines.push({ role: 'bot', text: "I'm sorry, I can't take messages on this line." });
    }
  } else {
    lines.push({ role: 'user', text: `${manner.opening} ${intent.topic}` });
    lines.push({
      role: 'bot',
      text: `Thanks for asking. ${profile.businessName === 'our team' ? 'The team' : profile.businessName} will be glad to help with that.`,
    });
  }
  lines.push({ role: 'user', text: manner.closing });
  lines.push({ role: 'bot', text: assistant.endCallMessage });

  const transcript = lines
    .map((line) => `${line.role === 'bot' ? 'AI' : 'User'}: ${line.text}`)
    .join('\n');
  const messages: Record<string, unknown>[] = [{ role: 'system', content: assistant.systemPrompt }];
  // OpenAI-format messages, the tool call placed after the line that asked for it.
  const toolAfter = lines.length - 3;
  lines.forEach((line, index) => {
    messages.push({ role: line.role === 'bot' ? 'assistant' : 'user', content: line.text });
    const call = toolCalls[0];
    if (call && index === toolAfter - 1) {
      messages.push({
        role: 'assistant',
        tool_calls: [
          {
            id: call.id,
            type: 'function',
            function: { name: call.name, arguments: JSON.stringify(call.arguments) },
          },
        ],
      });
      messages.push({ role: 'tool', tool_call_id: call.id, content: call.result });
    }
  });
  return { lines, toolCalls, transcript, messages, timeZone: profile.timeZone };
}

// ---- The judge ----------------------------------------------------------------------------

export type Extracted = { value: string | number | boolean | null; error?: string };

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

function schemaType(schema: unknown): string | undefined {
  const type = (schema as { type?: unknown } | undefined)?.type;
  return typeof type === 'string' ? type : undefined;
}

/** A regex structured output (RE2 syntax; the JavaScript engine reads the common subset). */
function extractRegex(output: Vapi.CreateStructuredOutputDto, call: SimulatedCall): Extracted {
  const raw = output.regex ?? '';
  const literal = /^\/(.*)\/([a-z]*)$/s.exec(raw);
  let pattern: RegExp;
  try {
    pattern = literal ? new RegExp(literal[1]!, literal[2]!.replace(/[gy]/g, '')) : new RegExp(raw);
  } catch {
    return { value: null, error: 'The regex is not valid.' };
  }
  const match = pattern.exec(call.transcript);
  switch (schemaType(output.schema)) {
    case 'boolean':
      return { value: match !== null };
    case 'number':
    case 'integer':
      return { value: match ? Number(match[1] ?? match[0]) : null };
    default:
      return { value: match ? (match[1] ?? match[0]) : null };
  }
}

/**
 * An AI structured output, answered by rule instead of a model: it must name one of the call's
 * function tools. A boolean is whether that tool was called; a string that asks for a weekday
 * is the weekday (in the business's zone) of the first date-time argument of that tool's call,
 * or "none" when it was not called. Anything else cannot be answered here.
 */
function extractByRule(
  output: Vapi.CreateStructuredOutputDto,
  call: SimulatedCall,
  tools: ReadonlySet<string>,
): Extracted {
  const text = `${output.name} ${output.description ?? ''} ${JSON.stringify(output.schema ?? {})}`;
  const names = [...new Set([...tools, ...call.toolCalls.map((c) => c.name)])];
  const tool = names
    .filter((name) => new RegExp(`\\b${name.replace(/[^\w]/g, '')}\\b`).test(text))
    .sort((a, b) => b.length - a.length)[0];
  if (!tool) {
    return {
      value: null,
      error: 'The sandbox can only judge structured outputs about a tool the assistant has.',
    };
  }
  const made = call.toolCalls.find((candidate) => candidate.name === tool);
  const type = schemaType(output.schema);
  if (type === 'boolean') return { value: made !== undefined };
  if (type === 'string' && /weekday|day of the week/i.test(text)) {
    if (!made) return { value: 'none' };
    const instant = Object.values(made.arguments).find((value) => ISO_INSTANT.test(value));
    if (!instant) return { value: 'none' };
    const weekday = zoneClock(call.timeZone).localParts(Date.parse(instant)).weekday;
    return { value: WEEKDAYS[weekday] ?? null };
  }
  return { value: null, error: 'The sandbox cannot extract this structured output.' };
}

export function compare(
  extracted: string | number | boolean | null,
  comparator: Vapi.EvaluationPlanItemComparator,
  expected: string | number | boolean,
): boolean {
  if (extracted === null) return false;
  switch (comparator) {
    case '=':
      return extracted === expected;
    case '!=':
      return extracted !== expected;
    case '>':
      return Number(extracted) > Number(expected);
    case '<':
      return Number(extracted) < Number(expected);
    case '>=':
      return Number(extracted) >= Number(expected);
    case '<=':
      return Number(extracted) <= Number(expected);
    default:
      return false;
  }
}

/** The document's StructuredOutputEvaluationResult for each evaluation of the scenario. */
export function judge(
  evaluations: readonly Vapi.EvaluationPlanItem[],
  call: SimulatedCall,
  tools: ReadonlySet<string>,
  structuredOutputs: (id: string) => Vapi.CreateStructuredOutputDto | undefined,
): { evaluations: Record<string, unknown>[]; passed: boolean } {
  const results = evaluations.map((evaluation) => {
    const output =
      evaluation.structuredOutput ??
      (evaluation.structuredOutputId
        ? structuredOutputs(evaluation.structuredOutputId)
        : undefined);
    const required = evaluation.required ?? true;
    if (!output) {
      return {
        structuredOutputId: evaluation.structuredOutputId ?? 'inline',
        name: 'unknown',
        extractedValue: null,
        expectedValue: evaluation.value,
        comparator: evaluation.comparator,
        passed: false,
        required,
        error: 'Structured output not found.',
      };
    }
    const extracted =
      output.type === 'regex' ? extractRegex(output, call) : extractByRule(output, call, tools);
    return {
      structuredOutputId: evaluation.structuredOutputId ?? 'inline',
      name: output.name,
      ...(output.description ? { description: output.description } : {}),
      extractedValue: extracted.value,
      expectedValue: evaluation.value,
      comparator: evaluation.comparator,
      passed: compare(extracted.value, evaluation.comparator, evaluation.value),
      required,
      ...(extracted.error ? { error: extracted.error } : {}),
    };
  });
  return { evaluations: results, passed: results.every((r) => r.passed || !r.required) };
}
