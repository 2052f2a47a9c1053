import type { Vapi } from '@vapi-ai/server-sdk';
import { pick, randomBetween, randomInt, type Rng } from '../lib/random';
import { ZoneClock } from '../lib/time-zone';
import type { ReasonKind } from './call-plan';
import type { Caller } from './fake-data';
import type { BusinessProfile, Line, Scenario, ToolName } from './profiles';

// Turns a planned call into words: the messages with their timings, the transcript, the summary
// and, when the scenario uses one, the tool call the assistant makes.

export type Vars = Record<string, string>;

export function fill(template: string, vars: Vars): string {
  return template.replace(/\{(\w+)\}/g, (match, key: string) => vars[key] ?? match);
}

const clocks = new Map<string, ZoneClock>();
export function zoneClock(timeZone: string): ZoneClock {
  let clock = clocks.get(timeZone);
  if (!clock) {
    clock = new ZoneClock(timeZone);
    clocks.set(timeZone, clock);
  }
  return clock;
}

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** "Tuesday, March 4" in the business's time zone (Intl is too slow to call per call). */
export function formatDay(timeZone: string, utcMs: number): string {
  const local = zoneClock(timeZone).localParts(utcMs);
  return `${WEEKDAYS[local.weekday] ?? ''}, ${MONTHS[local.month - 1] ?? ''} ${local.day}`;
}

/** "2:30 PM" in the business's time zone. */
export function formatTime(timeZone: string, utcMs: number): string {
  const local = zoneClock(timeZone).localParts(utcMs);
  const hour = local.hour % 12 === 0 ? 12 : local.hour % 12;
  return `${hour}:${String(local.minute).padStart(2, '0')} ${local.hour < 12 ? 'AM' : 'PM'}`;
}

/** A future appointment slot in the business's opening hours, as a UTC instant. */
export function appointmentSlot(rng: Rng, profile: BusinessProfile, fromMs: number): number {
  const clock = zoneClock(profile.timeZone);
  const today = clock.localParts(fromMs);
  const daysAhead = randomInt(rng, profile.slots.daysAhead[0], profile.slots.daysAhead[1]);
  const date = new Date(Date.UTC(today.year, today.month - 1, today.day + daysAhead));
  if (date.getUTCDay() === 0 && profile.key !== 'restaurant')
    date.setUTCDate(date.getUTCDate() + 1);
  const [firstHour, lastHour] = profile.slots.hours;
  const slotsPerDay = Math.max(
    1,
    Math.floor(((lastHour - firstHour) * 60) / profile.slots.stepMinutes) + 1,
  );
  const minutes = firstHour * 60 + randomInt(rng, 0, slotsPerDay - 1) * profile.slots.stepMinutes;
  let slot = clock.fromLocal(date.getTime() + minutes * 60_000);
  // Same-day slots must still be ahead of the call.
  if (slot <= fromMs) slot = clock.fromLocal(date.getTime() + 86_400_000 + minutes * 60_000);
  return slot;
}

export interface VarsInput {
  profile: BusinessProfile;
  scenario: Scenario;
  caller: Caller;
  /** When the call happens (appointments are after it). */
  atMs: number;
  address: string;
}

export function buildVars(rng: Rng, input: VarsInput): { vars: Vars; appointmentMs: number } {
  const { profile, scenario, caller } = input;
  const appointmentMs = appointmentSlot(rng, profile, input.atMs);
  const hour = zoneClock(profile.timeZone).localParts(appointmentMs).hour;
  const vars: Vars = {
    firstName: caller.firstName,
    name: caller.name,
    email: caller.email,
    agent: profile.agentName,
    business: profile.businessName,
    service: scenario.services ? pick(rng, scenario.services) : 'visit',
    issue: scenario.issues ? pick(rng, scenario.issues) : 'my account',
    day: formatDay(profile.timeZone, appointmentMs),
    time: formatTime(profile.timeZone, appointmentMs),
    partOfDay: hour < 12 ? 'morning' : 'afternoon',
    address: input.address,
  };
  return { vars, appointmentMs };
}

export interface ToolCallInfo {
  id: string;
  name: ToolName;
  /** The parsed arguments; `function.arguments` on the wire is their JSON string. */
  arguments: Record<string, string>;
}

export interface ConversationInput {
  profile: BusinessProfile;
  scenario: Scenario;
  kind: ReasonKind;
  reason: string;
  startedAt: number;
  durationMs: number;
  /** How much conversation to write, when it differs from the real length (web calls). */
  contentDurationMs?: number | undefined;
  firstMessage: string;
  systemPrompt: string;
  endCallMessage: string;
  voicemailMessage: string;
  vars: Vars;
  appointmentMs: number;
  /** Tool names the assistant actually carries. */
  availableTools: ReadonlySet<string>;
  toolCallId: string;
  /** The tool server's answer, when the simulator asked it; otherwise a plausible one. */
  toolResult?: { result: string; ok: boolean };
}

export interface Conversation {
  messages: Vapi.CallMessagesItem[];
  transcript: string;
  summary: string | undefined;
  toolCall: ToolCallInfo | undefined;
}

type Step = { kind: 'line'; line: Line } | { kind: 'tool'; call: ToolCallInfo; result: string };

const CUSTOMER_GOODBYES = [
  'Thanks, bye.',
  'Great, thank you. Bye!',
  "That's all, thanks.",
  'Perfect, thanks so much.',
];

function words(text: string): number {
  let count = 0;
  let inWord = false;
  for (let i = 0; i < text.length; i++) {
    const space = text.charCodeAt(i) === 32 || text.charCodeAt(i) === 10;
    if (!space && !inWord) count += 1;
    inWord = !space;
  }
  return count;
}

export function toolCallFor(
  scenario: Scenario,
  vars: Vars,
  appointmentMs: number,
  id: string,
): ToolCallInfo | undefined {
  const tool = scenario.tool;
  if (!tool) return undefined;
  if (tool.name === 'book_appointment') {
    return {
      id,
      name: tool.name,
      arguments: {
        startsAt: new Date(appointmentMs).toISOString(),
        service: vars.service ?? 'Appointment',
        callerName: vars.name ?? '',
        callerEmail: vars.email ?? '',
        notes: fill(tool.notes ?? '', vars),
      },
    };
  }
  return {
    id,
    name: tool.name,
    arguments: {
      subject: fill(tool.subject ?? 'Enquiry', vars),
      message: fill(tool.message ?? '', vars),
      callerName: vars.name ?? '',
      callerEmail: vars.email ?? '',
    },
  };
}

export function defaultToolResult(call: ToolCallInfo, rng: Rng): string {
  const reference = randomInt(rng, 10_000, 99_999);
  return call.name === 'book_appointment'
    ? `Appointment booked (ref APT-${reference}).`
    : `Enquiry recorded (ref ENQ-${reference}).`;
}

function scenarioSteps(rng: Rng, input: ConversationInput): Step[] {
  const { scenario, vars } = input;
  const steps: Step[] = [];
  const toolCall =
    scenario.tool && input.availableTools.has(scenario.tool.name)
      ? toolCallFor(scenario, vars, input.appointmentMs, input.toolCallId)
      : undefined;
  scenario.lines.forEach((line, index) => {
    steps.push({ kind: 'line', line: { role: line.role, text: fill(line.text, vars) } });
    if (scenario.tool && index + 1 === scenario.tool.afterLine) {
      if (toolCall) {
        const result = input.toolResult ?? { result: defaultToolResult(toolCall, rng), ok: true };
        steps.push({ kind: 'tool', call: toolCall, result: result.result });
        const confirm = result.ok
          ? fill(scenario.tool.confirm, vars)
          : fill(
              "I'm sorry, I couldn't complete that just now. Someone from {business} will follow up with you.",
              vars,
            );
        steps.push({ kind: 'line', line: { role: 'bot', text: confirm } });
      } else {
        steps.push({
          kind: 'line',
          line: {
            role: 'bot',
            text: "Thanks, I've noted that and the team will follow up with you.",
          },
        });
      }
    }
  });
  return steps;
}

function endingSteps(rng: Rng, input: ConversationInput): Step[] {
  const line = (role: Line['role'], text: string): Step => ({ kind: 'line', line: { role, text } });
  const { profile } = input;
  switch (input.reason) {
    case 'customer-ended-call':
      return [line('user', pick(rng, CUSTOMER_GOODBYES))];
    case 'assistant-said-end-call-phrase':
      return [
        line('user', 'No, that was everything, thank you.'),
        line('bot', input.endCallMessage),
      ];
    case 'assistant-ended-call':
      return [
        line('bot', 'Is there anything else I can help you with?'),
        line('user', "No, that's it."),
        line('bot', input.endCallMessage),
      ];
    case 'silence-timed-out':
      return [
        line('bot', 'Are you still there?'),
        line(
          'bot',
          "I haven't heard anything for a while, so I'll end the call now. Feel free to call back anytime.",
        ),
      ];
    case 'assistant-forwarded-call':
    case 'customer-ended-call-during-transfer':
      return [line('user', profile.transferRequest), line('bot', profile.transferTo.message)];
    case 'call.in-progress.error-transfer-failed':
      return [
        line('user', profile.transferRequest),
        line('bot', profile.transferTo.message),
        line(
          'bot',
          `I'm sorry, nobody from the ${profile.transferTo.name.toLowerCase()} is available right now. Someone will call you back as soon as possible.`,
        ),
      ];
    default:
      return [];
  }
}

function fillerSteps(profile: BusinessProfile, start: number, count: number): Step[] {
  const steps: Step[] = [];
  for (let i = 0; i < count; i++) {
    const pair = profile.fillers[(start + i) % profile.fillers.length];
    if (!pair) break;
    steps.push({ kind: 'line', line: { role: 'bot', text: pair[0] } });
    steps.push({ kind: 'line', line: { role: 'user', text: pair[1] } });
  }
  return steps;
}

const spoken = new WeakMap<Step, number>();

function speakingSeconds(step: Step): number {
  if (step.kind === 'tool') return 1.2;
  let seconds = spoken.get(step);
  if (seconds === undefined) {
    const rate = step.line.role === 'bot' ? 2.7 : 2.4;
    seconds = Math.max(0.8, words(step.line.text) / rate);
    spoken.set(step, seconds);
  }
  return seconds;
}

const MAX_STEPS = 70;

function plannedSteps(rng: Rng, input: ConversationInput): Step[] {
  const opening: Step = { kind: 'line', line: { role: 'bot', text: input.firstMessage } };
  if (input.kind === 'no-answer' || input.kind === 'no-connect') return [];
  if (input.kind === 'voicemail') {
    return [{ kind: 'line', line: { role: 'bot', text: input.voicemailMessage } }];
  }
  let body = scenarioSteps(rng, input);
  const ending = endingSteps(rng, input);
  if (input.kind === 'error') {
    // The pipeline failed part-way: the conversation stops mid-scenario.
    body = body.slice(0, Math.max(1, Math.floor(body.length * randomBetween(rng, 0.3, 0.7))));
  } else if (input.kind === 'transfer') {
    // Callers ask for a person before the scenario is over.
    body = body.slice(0, Math.max(2, Math.floor(body.length * randomBetween(rng, 0.3, 0.8))));
  }
  const seconds = (input.contentDurationMs ?? input.durationMs) / 1000;
  const natural = (steps: Step[]) =>
    steps.reduce((total, step) => total + speakingSeconds(step) + 0.9, 0);
  let steps = [opening, ...body, ...ending];
  if (input.kind === 'normal' && natural(steps) < seconds * 0.7) {
    // Long calls talk about more things: add exchanges until the words fill most of the time.
    const missing = seconds * 0.8 - natural(steps);
    const perPair = 9;
    // Each filler at most once; beyond that the pauses grow instead.
    const pairs = Math.min(
      Math.floor((MAX_STEPS - steps.length) / 2),
      Math.ceil(missing / perPair),
      input.profile.fillers.length,
    );
    const extra = fillerSteps(input.profile, randomInt(rng, 0, 50), Math.max(0, pairs));
    steps = [opening, ...body, ...extra, ...ending];
  }
  // Short calls end early: keep the opening, drop what could not have been said.
  let total = natural(steps);
  while (steps.length > 1 && total > seconds * 1.3) {
    const cut = steps.length - 1 - ending.length;
    const [removed] = cut >= 1 ? steps.splice(cut, 1) : steps.splice(steps.length - 1, 1);
    if (removed) total -= speakingSeconds(removed) + 0.9;
  }
  return steps;
}

export function buildConversation(rng: Rng, input: ConversationInput): Conversation {
  const steps = plannedSteps(rng, input);
  const messages: Vapi.CallMessagesItem[] = [];
  let toolCall: ToolCallInfo | undefined;
  const transcriptLines: string[] = [];
  if (steps.length > 0) {
    messages.push({
      role: 'system',
      message: input.systemPrompt,
      time: input.startedAt,
      secondsFromStart: 0,
    });
    const durations = steps.map(speakingSeconds);
    const gaps = steps.map(() => randomBetween(rng, 0.4, 1.4));
    const speech = durations.reduce((a, b) => a + b, 0);
    const pauses = gaps.reduce((a, b) => a + b, 0);
    const available = Math.max(0.5, input.durationMs / 1000 - 0.3);
    // Fit the words to the call: speech stretches a little at most; longer calls get longer pauses.
    const fit = available / (speech + pauses);
    const speechScale = Math.min(fit, 1.25);
    const pauseScale = pauses > 0 ? (available - speech * speechScale) / pauses : fit;
    let at = 0.3;
    steps.forEach((step, index) => {
      const speaking = (durations[index] ?? 1) * speechScale;
      const startMs = input.startedAt + Math.round(at * 1000);
      const endMs = startMs + Math.round(speaking * 1000);
      const secondsFromStart = Math.round(at * 1000) / 1000;
      if (step.kind === 'tool') {
        toolCall = step.call;
        messages.push({
          role: 'tool_calls',
          toolCalls: [
            {
              id: step.call.id,
              type: 'function',
              function: { name: step.call.name, arguments: JSON.stringify(step.call.arguments) },
            },
          ],
          message: '',
          time: startMs,
          secondsFromStart,
        });
        messages.push({
          role: 'tool_call_result',
          toolCallId: step.call.id,
          name: step.call.name,
          result: step.result,
          time: endMs,
          secondsFromStart: Math.round((at + speaking) * 1000) / 1000,
        });
      } else {
        messages.push({
          role: step.line.role,
          message: step.line.text,
          time: startMs,
          endTime: endMs,
          secondsFromStart,
          duration: endMs - startMs,
        });
        transcriptLines.push(`${step.line.role === 'bot' ? 'AI' : 'User'}: ${step.line.text}`);
      }
      at += speaking + (gaps[index] ?? 0.8) * pauseScale;
    });
  }
  return {
    messages,
    transcript: transcriptLines.join('\n'),
    summary: summaryFor(input, steps.length > 0),
    toolCall,
  };
}

function summaryFor(input: ConversationInput, connected: boolean): string | undefined {
  if (!connected) return undefined;
  const { vars, profile } = input;
  if (input.kind === 'voicemail') {
    return `The call reached ${vars.name ?? 'the customer'}'s voicemail; ${profile.agentName} left a message asking them to call back.`;
  }
  if (input.kind === 'error') {
    return `The call with ${vars.name ?? 'the caller'} ended early because of a technical problem on the platform.`;
  }
  const base = fill(input.scenario.summary, vars);
  switch (input.reason) {
    case 'assistant-forwarded-call':
      return `${base} The caller then asked for a person and was transferred to the ${profile.transferTo.name.toLowerCase()}.`;
    case 'call.in-progress.error-transfer-failed':
      return `${base} The caller asked for a person, but the transfer to the ${profile.transferTo.name.toLowerCase()} failed; a callback was promised.`;
    case 'customer-ended-call-during-transfer':
      return `${base} The caller hung up while being transferred to the ${profile.transferTo.name.toLowerCase()}.`;
    case 'silence-timed-out':
      return `${base} The caller then went silent and the call timed out.`;
    case 'exceeded-max-duration':
      return `${base} The call reached the maximum duration and was cut off.`;
    default:
      return base;
  }
}
