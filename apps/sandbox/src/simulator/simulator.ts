import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Vapi } from '@vapi-ai/server-sdk';
import { hash32, mulberry32, pick, randomInt, type Rng } from '../lib/random';
import {
  planCall,
  reasonIndexOf,
  reasonSpec,
  type CallPlan,
  type REASONS,
} from '../demo/call-plan';
import type { AssistantRecord, Catalog, PhoneNumber } from '../demo/catalog';
import {
  CALL_TYPES,
  GENERIC,
  OUTBOUND,
  WEB,
  type BusinessProfile,
  type ToolName,
} from '../demo/profiles';
import type { CallStore } from '../calls/call-store';
import {
  callSnapshot,
  conversationFor,
  endedCall,
  voiceConfigFromAssistant,
  type CallDraft,
  type CallStatus,
  type MaterializeContext,
  type SandboxCall,
} from '../calls/materialize';
import { knowledgeBaseIdsOf, knowledgeReply } from '../knowledge/knowledge-store';
import { describeErrors, documentedProperties, validatorFor } from '../platform-document';
import { LiveCall } from './live-call';
import {
  sendsServerMessage,
  type DeliveryResult,
  type ServerTarget,
  type WebhookSender,
} from './webhooks';

// Live calls: each one is added to the store as it progresses (queued → ringing → in-progress →
// ended) and its server messages are POSTed to its Server (the assistant's, else the number's,
// else the org's). A simulated call takes about a second of wall-clock time, but its
// startedAt/endedAt describe a realistic call that ends now (createdAt is back-dated accordingly).

export type SupportedEndedReason = (typeof REASONS)[number]['reason'];

export interface SimulateCallOptions {
  /** Default: a random assistant. */
  assistantId?: string;
  /** false = create the call but send no webhooks (a "missed" delivery for sync to recover). */
  deliverWebhooks?: boolean;
  /** Default: the assistant's usual mix. */
  type?: 'inboundPhoneCall' | 'outboundPhoneCall' | 'webCall';
  /** Default: the usual mix for the type. No-answer reasons skip the in-progress step. */
  endedReason?: SupportedEndedReason;
  /** Which tool the assistant calls (assistants that carry it); default: one of them; 'none' = no tool call. */
  tool?: ToolName | 'none';
  /**
   * An inbound call to this phone number: answered by its assistant, or, when it has no
   * assistant, squad or workflow, by whatever its server answers to `assistant-request`.
   */
  phoneNumberId?: string;
  /**
   * Keep the call in progress up to this long (wall clock), its conversation said line by line
   * as it happens: it can be listened to (`monitor.listenUrl`) and steered (`monitor.controlUrl`)
   * meanwhile. It ends when its conversation does, at this limit, or when a control ends it.
   * Default 0: the call plays out in about a second.
   */
  holdMs?: number;
}

/** The longest pause between two lines of a live call (its conversation's own, capped). */
const LIVE_MAX_GAP_MS = 3_000;
const LIVE_MIN_GAP_MS = 700;
/** The pause after a line is said before the other side answers. */
const TURN_BREATH_MS = 300;

/** How the platform ends an inbound call whose `assistant-request` got no usable answer. */
type AssistantRequestOutcome =
  | { record: AssistantRecord | undefined; dto: Vapi.CreateAssistantDto }
  | {
      endedReason:
        | 'assistant-request-failed'
        | 'assistant-request-returned-error'
        | 'assistant-request-returned-invalid-assistant'
        | 'assistant-request-returned-no-assistant'
        | 'assistant-request-returned-forwarding-phone-number';
      destination?: Vapi.TransferDestinationNumber | Vapi.TransferDestinationSip | undefined;
    };

export interface WebCallRequest {
  id: string;
  /**
   * `assistantOverrides.metadata.sandboxScenario`: the caller asks for this at once (the tool
   * call comes right after the call connects) instead of the assistant's usual mix.
   */
  scenario?: OutboundScenario;
  assistantId?: string | undefined;
  /**
   * The assistant answers as the first member of the call's squad (`extra.squadId`): it plays
   * the call, but the call carries the squad's id and no assistantId of its own.
   */
  asSquadMember?: boolean;
  assistant?: Vapi.CreateAssistantDto | undefined;
  assistantOverrides?: Vapi.AssistantOverrides | undefined;
  extra: Partial<Vapi.Call> & { webCallUrl?: string };
}

/** What the simulated customer of an outbound call does (`assistantOverrides.metadata.sandboxScenario`). */
export const OUTBOUND_SCENARIOS = ['create_enquiry', 'book_appointment', 'none'] as const;
export type OutboundScenario = (typeof OUTBOUND_SCENARIOS)[number];

export interface OutboundCallRequest {
  id: string;
  assistantId: string;
  /** As WebCallRequest's: the assistant answers for the squad in `extra.squadId`. */
  asSquadMember?: boolean;
  phoneNumber: PhoneNumber;
  scenario: OutboundScenario;
  extra: Partial<Vapi.Call>;
  /** How the call ends (a campaign's dialled number); default: the customer hangs up. */
  endedReason?: SupportedEndedReason;
}

export interface SimulatorOptions {
  seed: number;
  catalog: Catalog;
  store: CallStore;
  ctx: MaterializeContext;
  sender: WebhookSender;
  log: FastifyBaseLogger;
  /** Caller pool per demo business (so live callers include the regulars). */
  callerPools: readonly number[];
  /** Wall-clock time between status steps. */
  stepMs: number;
  /** The org's server: where messages go when neither the assistant nor the number has one. */
  orgServer: () => ServerTarget | undefined;
  /**
   * How long a web call created with POST /call/web may last: the assistant's maximum length
   * (the platform's maxDurationSeconds); reaching it ends the call as exceeded-max-duration.
   */
  webCallMs: number;
  /**
   * How long a web call's client may go unheard before the call ends as silence-timed-out (the
   * platform's silenceTimeoutSeconds, 30 s by default): a browser that vanished without leaving
   * the room sends no more audio, so the platform hears only silence. Default 30 s.
   */
  webCallSilenceMs?: number;
  /** How long the timer's calls stay in progress, said live (SimulateCallOptions.holdMs). */
  liveHoldMs?: number;
  /**
   * The org's `concurrencyLimit`: how many outbound calls (POST /call and campaigns) may be
   * active at once (default 10, the platform's default). One beyond it is refused.
   */
  concurrencyLimit?: number;
}

/** The platform's endedReason for a call refused at the org's concurrency limit. */
export const CONCURRENCY_LIMIT_REASON = 'call.start.error-subscription-concurrency-limit-reached';
const DEFAULT_CONCURRENCY_LIMIT = 10;

/** A line said in a web call, as its client reported it (the sandbox hears no audio). */
export interface SpokenLine {
  role: 'bot' | 'user';
  text: string;
  /** Wall-clock time it was reported. */
  at: number;
}

/** A web call still held: its room's hang-up, when its client was last heard, what was said. */
interface HeldWebCall {
  hangup: AbortController;
  lastSeen: number;
  lines: SpokenLine[];
  /** Why the hold ended, when it was not the caller leaving. */
  endedReason?: 'silence-timed-out' | 'exceeded-max-duration';
  /** The assistant as the call started (its tools name its knowledge bases). */
  assistant?: Vapi.CreateAssistantDto | undefined;
  /** A say with endCallAfterSpoken: the call ends, once it is said, for this reason. */
  endingReason?: 'assistant-ended-call-after-message-spoken';
  /**
   * The call as its monitor sees it (decision 059): what was said, heard on `listenUrl`, sent as
   * live messages; controls on `controlUrl` act on it. Set as the call's lifecycle starts.
   */
  live?: LiveCall;
}

/** How often a held web call checks on its client. */
const PRESENCE_CHECK_MS = 250;
/** A web call's transcript keeps at most this many lines (a runaway client cannot grow it). */
const MAX_SPOKEN_LINES = 500;

interface Lifecycle {
  draft: CallDraft;
  record: AssistantRecord | undefined;
  assistantDto: Vapi.CreateAssistantDto | undefined;
  deliver: boolean;
  /** Wall-clock time in progress (beyond the status steps). */
  holdMs: number;
  /** Back-dated calls end now; web calls last as long as they are held. */
  durationFromWallClock: boolean;
  /** Web calls: aborted when the browser leaves the room, which ends the hold at once. */
  hangup?: AbortSignal;
  /** The tool call comes as soon as the call connects (a web call's sandbox scenario). */
  toolAtOnce?: boolean;
  /** Web calls: the client's presence and lines; the hold also ends when it goes silent. */
  held?: HeldWebCall;
  /** A call played live for this long at most (monitor URLs, lines said as they happen). */
  liveHoldMs?: number;
}

/**
 * Waits `ms`, or less when `hangup` fires (the caller left); only the simulator's own abort
 * (close) rejects.
 */
async function hold(ms: number, signal: AbortSignal, hangup: AbortSignal | undefined) {
  if (!hangup) return sleep(ms, undefined, { signal });
  if (hangup.aborted) return;
  try {
    await sleep(ms, undefined, { signal: AbortSignal.any([signal, hangup]) });
  } catch (error) {
    if (signal.aborted || !hangup.aborted) throw error;
  }
}

/**
 * A web call's hold until `deadline` (wall clock): over early when the caller leaves the room
 * (hang-up), or when the client has not been heard from for `silenceMs` (it vanished: the
 * call times out on silence, as the platform's does); reaching the deadline is the assistant's
 * maximum length. The reason, when not a hang-up, is kept on `held`.
 */
async function holdWebCall(
  deadline: number,
  signal: AbortSignal,
  held: HeldWebCall,
  silenceMs: number,
): Promise<void> {
  for (;;) {
    if (held.hangup.signal.aborted || held.endedReason) return;
    const now = Date.now();
    if (now - held.lastSeen >= silenceMs) {
      held.endedReason = 'silence-timed-out';
      return;
    }
    if (now >= deadline) {
      held.endedReason = 'exceeded-max-duration';
      return;
    }
    const wait = Math.min(PRESENCE_CHECK_MS, deadline - now, held.lastSeen + silenceMs - now);
    await hold(Math.max(1, wait), signal, held.hangup.signal);
  }
}

const GENERIC_CALLER_POOL = 200;
/** Caller-pool key of assistants created through the API (demo businesses are 0–3). */
const GENERIC_BUSINESS = 200;
const MAX_CONCURRENT_TIMER_CALLS = 4;

/** The assistant's custom knowledge base's server, when it has one with a URL. */
function customKnowledgeBase(
  assistant: Vapi.CreateAssistantDto | undefined,
): (ServerTarget & { url: string }) | undefined {
  const knowledgeBase = (assistant?.model as { knowledgeBase?: Vapi.CreateCustomKnowledgeBaseDto })
    ?.knowledgeBase;
  return knowledgeBase?.provider === 'custom-knowledge-base' && hasUrl(knowledgeBase.server)
    ? knowledgeBase.server
    : undefined;
}

/** A transferCall tool with no destinations: the platform must ask where to transfer. */
function hasDynamicTransfer(tools: readonly Vapi.OpenAiModelToolsItem[]): boolean {
  return tools.some(
    (tool) =>
      tool.type === 'transferCall' &&
      !((tool as { destinations?: unknown[] }).destinations ?? []).length,
  );
}

/** An assistant with an answer's `assistantOverrides` applied (top-level fields replaced). */
function withOverrides(
  dto: Vapi.CreateAssistantDto,
  overrides: Vapi.AssistantOverrides | undefined,
): Vapi.CreateAssistantDto {
  if (!overrides) return dto;
  const merged: Vapi.CreateAssistantDto = { ...dto, ...overrides };
  const values = overrides.variableValues;
  if (!values) return merged;
  // As the platform: the variables replace their {{name}} in what the assistant says.
  const fill = (text: string | undefined) =>
    text === undefined ? text : fillVariables(text, values);
  return {
    ...merged,
    firstMessage: fill(merged.firstMessage),
    voicemailMessage: fill(merged.voicemailMessage),
    endCallMessage: fill(merged.endCallMessage),
  };
}

/**
 * The platform's template variables (LiquidJS, `{{ name }}`), for the plain case: a variable
 * is replaced by its value, one without a value by nothing (as Liquid renders it); filters
 * after "|" are not applied.
 */
function fillVariables(text: string, values: Record<string, unknown>): string {
  return text.replace(/\{\{\s*([A-Za-z_][\w]*)\s*(?:\|[^}]*)?\}\}/g, (_, name: string) => {
    const value = values[name];
    if (typeof value === 'string') return value;
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    return value === undefined || value === null ? '' : JSON.stringify(value);
  });
}

function assistantDtoOf(assistant: Vapi.Assistant): Vapi.CreateAssistantDto {
  const {
    id: _id,
    orgId: _orgId,
    createdAt: _createdAt,
    updatedAt: _updatedAt,
    ...dto
  } = assistant;
  return dto;
}

const PHONE_NUMBER_DTOS: Record<string, string> = {
  'byo-phone-number': 'CreateByoPhoneNumberDTO',
  twilio: 'CreateTwilioPhoneNumberDTO',
  vonage: 'CreateVonagePhoneNumberDTO',
  vapi: 'CreateVapiPhoneNumberDTO',
  telnyx: 'CreateTelnyxPhoneNumberDTO',
};

/**
 * A server message's `phoneNumber` is, per the platform's document, the number's create DTO for
 * its provider: only the properties that DTO names (a vapi number's has no `number`, no ids).
 */
function phoneNumberDto(phone: PhoneNumber | undefined): Record<string, unknown> | undefined {
  if (!phone) return undefined;
  const allowed = new Set(documentedProperties(PHONE_NUMBER_DTOS[phone.provider] ?? ''));
  return Object.fromEntries(Object.entries(phone).filter(([key]) => allowed.has(key)));
}

function hasUrl(server: Vapi.Server | undefined): server is ServerTarget & { url: string } {
  return typeof server?.url === 'string' && server.url !== '';
}

/** The function tool of that name among the call's tools (inline, then resolved `toolIds`). */
function toolDefinition(
  tools: readonly Vapi.OpenAiModelToolsItem[],
  name: string,
): Vapi.OpenAiModelToolsItem.Function | undefined {
  for (const tool of tools) {
    if (tool.type === 'function' && tool.function?.name === name) return tool;
  }
  return undefined;
}

/** The tool server's reply → the result text, per the platform's {results:[{toolCallId,result}]}. */
export function readToolReply(
  body: unknown,
  toolCallId: string,
): { result: string; ok: boolean } | undefined {
  if (typeof body !== 'object' || body === null) return undefined;
  const results = (body as { results?: unknown }).results;
  if (!Array.isArray(results)) return undefined;
  const entries = results.filter(
    (entry): entry is Record<string, unknown> => typeof entry === 'object' && entry !== null,
  );
  const entry =
    entries.find((candidate) => candidate.toolCallId === toolCallId) ??
    (entries.length === 1 ? entries[0] : undefined);
  if (!entry) return undefined;
  if (entry.error !== undefined && entry.error !== null) {
    return {
      result: typeof entry.error === 'string' ? entry.error : JSON.stringify(entry.error),
      ok: false,
    };
  }
  if (entry.result === undefined) return undefined;
  return {
    result: typeof entry.result === 'string' ? entry.result : JSON.stringify(entry.result),
    ok: true,
  };
}

/** The conversation so far, when the assistant decides to call the tool. */
function messagesBeforeTool(messages: Vapi.CallMessagesItem[]): Vapi.CallMessagesItem[] {
  const at = messages.findIndex((message) => message.role === 'tool_calls');
  return at < 0 ? messages : messages.slice(0, at);
}

/** The profile's scenario in which the caller gets `tool` called, for this type if it has one. */
function scenarioWithTool(
  profile: BusinessProfile,
  tool: ToolName,
  type: number,
): number | undefined {
  const matching = profile.scenarios.findIndex(
    (scenario) =>
      scenario.tool?.name === tool && (!scenario.types || scenario.types.includes(type)),
  );
  if (matching >= 0) return matching;
  const anyMatching = profile.scenarios.findIndex((scenario) => scenario.tool?.name === tool);
  return anyMatching >= 0 ? anyMatching : undefined;
}

export class CallSimulator {
  private readonly inFlight = new Set<Promise<unknown>>();
  private readonly abort = new AbortController();
  /** Web calls still held, by id: their room's hang-up, presence and lines. */
  private readonly heldWebCalls = new Map<string, HeldWebCall>();
  /** Calls played live, by id, while they are in progress. */
  private readonly liveCalls = new Map<string, LiveCall>();
  private timer: NodeJS.Timeout | undefined;
  private counter = 0;
  /** Outbound calls placed and not yet seen ended, against the org's concurrency limit. */
  private readonly activeLines = new Set<string>();
  /** Told each time an outbound call ends and its line is free again. */
  private readonly lineWaiters = new Set<() => void>();

  constructor(private readonly options: SimulatorOptions) {}

  /** The org's concurrency limit. */
  get concurrencyLimit(): number {
    return this.options.concurrencyLimit ?? DEFAULT_CONCURRENCY_LIMIT;
  }

  /** Whether one more outbound call may start now under the org's concurrency limit. */
  hasFreeLine(): boolean {
    // A call is active until it is ended (its end-of-call report may still be on its way).
    for (const id of this.activeLines) {
      if (this.options.store.get(id)?.status === 'ended') this.activeLines.delete(id);
    }
    return this.activeLines.size < this.concurrencyLimit;
  }

  /** Resolves when an outbound call ends (a line may be free), or after `ms`. */
  waitForLine(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.lineWaiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, Math.max(0, ms));
      timer.unref();
      this.lineWaiters.add(done);
    });
  }

  private freeLine(id: string): void {
    this.activeLines.delete(id);
    for (const waiter of [...this.lineWaiters]) waiter();
  }

  private track<T>(promise: Promise<T>): Promise<T> {
    this.inFlight.add(promise);
    const forget = () => this.inFlight.delete(promise);
    promise.then(forget, forget);
    return promise;
  }

  startTimer(intervalMs: number): void {
    if (intervalMs <= 0 || this.timer) return;
    this.timer = setInterval(() => {
      if (this.inFlight.size >= MAX_CONCURRENT_TIMER_CALLS) return;
      const holdMs = this.options.liveHoldMs ?? 0;
      this.simulateCall(holdMs > 0 ? { holdMs } : {}).catch((error: unknown) => {
        if (!this.abort.signal.aborted)
          this.options.log.error({ err: error }, 'simulated call failed');
      });
    }, intervalMs);
    this.timer.unref();
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.abort.abort();
    for (const live of this.liveCalls.values()) live.finish();
    await Promise.allSettled([...this.inFlight]);
  }

  /**
   * The start of a draft for a call played as it happens (a web call, POST /call): created now,
   * ringing for two steps, lasting as long as it is played. The conversation is as long as a real
   * one, and long enough for a tool call to be said when the call may make one.
   */
  private playedCallStart(id: string, now: number, plan: CallPlan, withTool: boolean, rng: Rng) {
    return {
      id,
      contentDurationMs: withTool
        ? Math.max(plan.durationMs, randomInt(rng, 75_000, 140_000))
        : plan.durationMs,
      orgId: this.options.catalog.orgId,
      createdAt: this.options.store.uniqueCreatedAt(now),
      ringMs: this.options.stepMs * 2,
      durationMs: 0,
      updatedAt: now,
    };
  }

  /** A call draft's fields that follow from its plan: the scenario, the caller, the outcome. */
  private plannedFields(plan: CallPlan, profile: BusinessProfile, business: number, rng: Rng) {
    return {
      reasonIndex: plan.reasonIndex,
      success: plan.success,
      profile,
      businessIndex: business,
      scenarioIndex: plan.scenarioIndex,
      callerIndex: plan.callerIndex,
      callerAreaCodes: profile.areaCodes,
      contentSeed: hash32(this.options.seed, 0x5102, this.counter),
      costJitter: rng(),
    };
  }

  private nextRng(): Rng {
    this.counter += 1;
    return mulberry32(hash32(this.options.seed, 0x5101, this.counter));
  }

  /** Demo assistants speak their business's lines; others get the generic ones. */
  private profileOf(record: AssistantRecord | undefined): {
    profile: BusinessProfile;
    business: number;
  } {
    const business = record?.businessIndex;
    const profile = business === undefined ? undefined : this.options.catalog.profiles[business];
    return profile && business !== undefined
      ? { profile, business }
      : { profile: GENERIC, business: GENERIC_BUSINESS };
  }

  private pickAssistant(rng: Rng, assistantId: string | undefined): AssistantRecord {
    const { catalog } = this.options;
    if (assistantId) {
      const record = catalog.getAssistant(assistantId);
      if (!record) throw new Error(`simulateCall: no assistant ${assistantId}`);
      return record;
    }
    const records = catalog.assistantRecords();
    if (records.length === 0) throw new Error('simulateCall: there are no assistants');
    return pick(rng, records);
  }

  /** Runs one complete call now; resolves with the ended call once its report was sent. */
  simulateCall(options: SimulateCallOptions = {}): Promise<SandboxCall> {
    return this.track(this.runSimulatedCall(options));
  }

  private async runSimulatedCall(options: SimulateCallOptions): Promise<SandboxCall> {
    if (options.phoneNumberId === undefined) return this.playSimulatedCall(options, {});
    const phone = this.options.catalog.phoneNumbers.get(options.phoneNumberId);
    if (!phone) throw new Error(`simulateCall: no phone number ${options.phoneNumberId}`);
    const inbound = { ...options, type: 'inboundPhoneCall' as const };
    if (phone.assistantId)
      return this.playSimulatedCall({ ...inbound, assistantId: phone.assistantId }, { phone });
    if (phone.squadId || phone.workflowId)
      throw new Error('simulateCall: calls to a squad or workflow number are not simulated');
    return this.requestAssistant(phone, inbound);
  }

  /**
   * An inbound call to a number with no assistant, squad or workflow: the platform asks the
   * number's server (else the org's) with `assistant-request`, and plays the call with the
   * assistant it answers. An error, a forward, no assistant, an unknown or invalid one, or no
   * usable answer in the server's time ends the call at once with the document's reason (a
   * failed request is forwarded to the number's `fallbackDestination` when it has one).
   */
  private async requestAssistant(
    phone: PhoneNumber,
    options: SimulateCallOptions,
  ): Promise<SandboxCall> {
    const id = randomUUID();
    const now = Date.now();
    const server = [phone.server, this.options.orgServer()].find(hasUrl);
    const call = {
      id,
      orgId: this.options.catalog.orgId,
      createdAt: new Date(now).toISOString(),
      updatedAt: new Date(now).toISOString(),
      type: 'inboundPhoneCall' as const,
      status: 'ringing' as const,
      phoneNumberId: phone.id,
      customer: { number: '+15550100199' },
    };
    const reply =
      server && options.deliverWebhooks !== false
        ? await this.options.sender.send(server, {
            type: 'assistant-request',
            call,
            customer: call.customer,
            phoneNumber: phoneNumberDto(phone),
            timestamp: now,
          })
        : undefined;
    const outcome = this.assistantRequestOutcome(reply);
    if ('dto' in outcome)
      return this.playSimulatedCall(
        {
          ...options,
          ...(outcome.record ? { assistantId: outcome.record.assistant.id } : {}),
        },
        { phone, id, resolved: outcome },
      );
    const fallback =
      outcome.endedReason === 'assistant-request-failed' ? phone.fallbackDestination : undefined;
    const destination = outcome.destination ?? fallback ?? undefined;
    return this.playSimulatedCall(
      { ...options, endedReason: outcome.endedReason, tool: 'none' },
      { phone, id, unanswered: { ...(destination ? { destination } : {}) } },
    );
  }

  private assistantRequestOutcome(reply: DeliveryResult | undefined): AssistantRequestOutcome {
    if (!reply?.ok || typeof reply.body !== 'object' || reply.body === null)
      return { endedReason: 'assistant-request-failed' };
    const validate = validatorFor('ServerMessageResponseAssistantRequest');
    if (!validate(reply.body)) {
      this.options.log.warn(
        { problems: describeErrors(validate.errors) },
        'assistant-request answer does not match the document',
      );
      return { endedReason: 'assistant-request-returned-invalid-assistant' };
    }
    const answer = reply.body as Vapi.ServerMessageResponseAssistantRequest;
    // The document's order: an error wins, then a destination, then an assistant.
    if (typeof answer.error === 'string')
      return { endedReason: 'assistant-request-returned-error' };
    if (answer.destination)
      return {
        endedReason: 'assistant-request-returned-forwarding-phone-number',
        destination: answer.destination as Vapi.TransferDestinationNumber,
      };
    if (answer.assistantId !== undefined) {
      const record = this.options.catalog.getAssistant(answer.assistantId);
      return record
        ? {
            record,
            dto: withOverrides(assistantDtoOf(record.assistant), answer.assistantOverrides),
          }
        : { endedReason: 'assistant-request-returned-invalid-assistant' };
    }
    if (answer.assistant) {
      const validateAssistant = validatorFor('CreateAssistantDTO', { closed: true });
      return validateAssistant(answer.assistant)
        ? { record: undefined, dto: withOverrides(answer.assistant, answer.assistantOverrides) }
        : { endedReason: 'assistant-request-returned-invalid-assistant' };
    }
    // Squads and workflows are not played by an assistant-request call here (see the README).
    return { endedReason: 'assistant-request-returned-no-assistant' };
  }

  private async playSimulatedCall(
    options: SimulateCallOptions,
    given: {
      phone?: PhoneNumber;
      id?: string;
      /** The assistant an assistant-request answered with. */
      resolved?: { record: AssistantRecord | undefined; dto: Vapi.CreateAssistantDto };
      /** An assistant-request call that ended before any assistant answered it. */
      unanswered?: { destination?: Vapi.TransferDestinationNumber | Vapi.TransferDestinationSip };
    },
  ): Promise<SandboxCall> {
    const rng = this.nextRng();
    const record =
      given.resolved || given.unanswered
        ? given.resolved?.record
        : this.pickAssistant(rng, options.assistantId);
    const { profile, business } = this.profileOf(record);
    const dto = given.unanswered
      ? undefined
      : (given.resolved?.dto ?? assistantDtoOf(record!.assistant));
    const config = voiceConfigFromAssistant(
      dto ?? {},
      profile,
      this.options.catalog.toolsOf(dto),
      this.options.catalog.structuredOutputsOf(dto),
    );

    const type = options.type ? CALL_TYPES.indexOf(options.type) : undefined;
    let reasonIndex: number | undefined;
    if (options.endedReason) {
      reasonIndex = reasonIndexOf(options.endedReason);
      if (reasonIndex < 0)
        throw new Error(`simulateCall: unsupported endedReason ${options.endedReason}`);
    }
    const wantsTool = options.tool !== 'none' && config.tools.size > 0;
    const plan = planCall(rng, profile, {
      ...(type !== undefined && type >= 0 ? { type } : {}),
      ...(reasonIndex !== undefined ? { reasonIndex } : {}),
      withTool: wantsTool,
      callerPoolSize: this.options.callerPools[business] ?? GENERIC_CALLER_POOL,
    });
    if (options.tool && options.tool !== 'none') {
      plan.scenarioIndex = scenarioWithTool(profile, options.tool, plan.type) ?? plan.scenarioIndex;
    }
    const spec = reasonSpec(plan.reasonIndex);
    // Calls with a tool call need time for it to be said.
    if (wantsTool && spec.kind === 'normal' && plan.durationMs < 75_000) {
      plan.durationMs = randomInt(rng, 75_000, 140_000);
    }

    const now = Date.now();
    // A live call starts now and lasts as long as it is played; another ends now.
    const liveHoldMs = given.unanswered || !dto ? 0 : Math.max(0, options.holdMs ?? 0);
    const createdAt = this.options.store.uniqueCreatedAt(
      liveHoldMs > 0 ? now : now - plan.ringMs - plan.durationMs,
    );
    const draft: CallDraft = {
      id: given.id ?? randomUUID(),
      orgId: this.options.catalog.orgId,
      createdAt,
      ringMs: liveHoldMs > 0 ? this.options.stepMs * 2 : plan.ringMs,
      durationMs: given.unanswered || liveHoldMs > 0 ? 0 : plan.durationMs,
      ...(liveHoldMs > 0 ? { contentDurationMs: plan.durationMs } : {}),
      updatedAt: now,
      type: plan.type,
      ...this.plannedFields(plan, profile, business, rng),
      config,
      assistantId: record?.assistant.id,
      phoneNumber: given.phone ?? this.options.catalog.phoneNumberFor(record?.assistant.id),
      ...(given.unanswered?.destination
        ? { extra: { destination: given.unanswered.destination as Vapi.CallDestination } }
        : {}),
    };
    return this.runLifecycle({
      draft,
      record,
      assistantDto: dto,
      deliver: options.deliverWebhooks !== false,
      holdMs: 0,
      durationFromWallClock: liveHoldMs > 0,
      ...(liveHoldMs > 0 ? { liveHoldMs } : {}),
    });
  }

  /** A call played live, while it is in progress (undefined otherwise). */
  liveCall(id: string): LiveCall | undefined {
    return this.liveCalls.get(id);
  }

  /**
   * The monitor URLs of a live call, as the platform puts them on the call: the listen socket
   * and the control endpoint, each unless the assistant's monitorPlan turns it off.
   */
  private monitorFor(id: string, plan: Vapi.MonitorPlan | undefined): Vapi.Monitor {
    const base = this.options.ctx.publicUrl();
    return {
      ...(plan?.listenEnabled === false
        ? {}
        : { listenUrl: `${base.replace(/^http/, 'ws')}/monitor/${id}/listen` }),
      ...(plan?.controlEnabled === false ? {} : { controlUrl: `${base}/monitor/${id}/control` }),
    };
  }

  /**
   * Says a live call's conversation line by line, at its own pace (pauses capped), calling the
   * agent's tool where the conversation does; over when the conversation is, at `deadline`, or
   * when a control ends the call.
   */
  private async playLive(
    live: LiveCall,
    deadline: number,
    draft: CallDraft,
    runTool: () => Promise<void>,
  ): Promise<void> {
    const signal = this.abort.signal;
    const messages = conversationFor(draft, this.options.ctx).messages;
    let previous = 0;
    let first = true;
    // How long the line just said takes to say: the next one waits for it (plus a breath), so
    // the transcript keeps pace with the audio and two lines are never heard at once.
    let saying = 0;
    for (const raw of messages) {
      if (live.ending || Date.now() >= deadline) return;
      const message = raw as { role?: string; message?: string; secondsFromStart?: number };
      if (message.role === 'tool_calls') {
        await runTool();
        continue;
      }
      if ((message.role !== 'bot' && message.role !== 'user') || !message.message) continue;
      const seconds = message.secondsFromStart ?? previous;
      const gap = first
        ? 300
        : Math.min(LIVE_MAX_GAP_MS, Math.max(LIVE_MIN_GAP_MS, (seconds - previous) * 1000));
      first = false;
      previous = seconds;
      await live.wait(
        Math.min(Math.max(gap, saying + TURN_BREATH_MS), deadline - Date.now()),
        signal,
      );
      if (live.ending || Date.now() >= deadline) return;
      // A muted assistant says nothing; a muted caller is not heard (nor transcribed).
      const muted =
        (message.role === 'bot' && live.assistantMuted) ||
        (message.role === 'user' && live.customerMuted);
      saying = muted ? 0 : live.speak(message.role, message.message);
    }
    // The conversation is over: the last line is said, a little silence, then the call ends.
    await live.wait(Math.min(saying + 1_000, deadline - Date.now()), signal);
  }

  /** POST /call/web: creates the queued call now and plays it out in the background. */
  startWebCall(request: WebCallRequest): SandboxCall {
    const rng = this.nextRng();
    const record = request.assistantId
      ? this.options.catalog.getAssistant(request.assistantId)
      : undefined;
    const { profile, business } = this.profileOf(record);
    const baseDto = record ? assistantDtoOf(record.assistant) : request.assistant;
    const dto =
      baseDto && request.assistantOverrides
        ? { ...baseDto, ...request.assistantOverrides }
        : baseDto;
    const resolved = voiceConfigFromAssistant(
      dto ?? {},
      profile,
      this.options.catalog.toolsOf(dto),
      this.options.catalog.structuredOutputsOf(dto),
    );
    const tool =
      request.scenario && request.scenario !== 'none' && resolved.tools.has(request.scenario)
        ? request.scenario
        : undefined;
    // A caller who asked for nothing to be done gets no tool called.
    const config =
      request.scenario === 'none' ? { ...resolved, tools: new Set<string>() } : resolved;
    const plan = planCall(rng, profile, {
      type: WEB,
      reasonIndex: reasonIndexOf('customer-ended-call'),
      withTool: config.tools.size > 0,
      callerPoolSize: this.options.callerPools[business] ?? GENERIC_CALLER_POOL,
    });
    if (tool) plan.scenarioIndex = scenarioWithTool(profile, tool, WEB) ?? plan.scenarioIndex;
    const now = Date.now();
    const draft: CallDraft = {
      ...this.playedCallStart(request.id, now, plan, config.tools.size > 0, rng),
      type: WEB,
      ...this.plannedFields(plan, profile, business, rng),
      config,
      assistantId: request.asSquadMember ? undefined : record?.assistant.id,
      phoneNumber: undefined,
      // A web call in progress has its monitor as a phone call's (the assistant's monitorPlan).
      extra: { ...request.extra, monitor: this.monitorFor(request.id, dto?.monitorPlan) },
    };
    const queued = callSnapshot(draft, this.options.ctx, 'queued', now);
    this.options.store.live.upsert(queued);
    const held: HeldWebCall = {
      hangup: new AbortController(),
      lastSeen: now,
      lines: [],
      assistant: dto,
    };
    // The transcript is what the client reports was said (and what a controller made the
    // assistant say), not a made-up conversation: the live call's lines (runLifecycle).
    this.heldWebCalls.set(request.id, held);
    const lifecycle = this.runLifecycle(
      {
        draft,
        record,
        assistantDto: dto,
        deliver: true,
        holdMs: this.options.webCallMs,
        durationFromWallClock: true,
        hangup: held.hangup.signal,
        held,
        toolAtOnce: tool !== undefined,
      },
      true,
    );
    this.track(lifecycle)
      .catch((error: unknown) => {
        if (!this.abort.signal.aborted)
          this.options.log.error({ err: error }, 'web call simulation failed');
      })
      .finally(() => {
        this.heldWebCalls.delete(request.id);
        this.liveCalls.delete(request.id);
      });
    return queued;
  }

  /**
   * POST /call: creates the queued outbound call now and plays it out in the background; the
   * scenario decides whether the customer gets an enquiry recorded, books, or neither.
   */
  startOutboundCall(request: OutboundCallRequest): SandboxCall {
    return this.placeOutboundCall(request).queued;
  }

  /** As startOutboundCall, with the ended call once its end-of-call report was sent. */
  placeOutboundCall(asked: OutboundCallRequest): {
    queued: SandboxCall;
    ended: Promise<SandboxCall | undefined>;
  } {
    const record = this.options.catalog.getAssistant(asked.assistantId);
    if (!record) throw new Error(`startOutboundCall: no assistant ${asked.assistantId}`);
    // Beyond the org's concurrency limit the call is created and ends at once, refused.
    const refused = !this.hasFreeLine();
    if (!refused) this.activeLines.add(asked.id);
    const request: OutboundCallRequest = refused
      ? { ...asked, scenario: 'none', endedReason: CONCURRENCY_LIMIT_REASON }
      : asked;
    const rng = this.nextRng();
    const { profile, business } = this.profileOf(record);
    // The call's assistantOverrides apply (its serverMessages among them).
    const dto = withOverrides(assistantDtoOf(record.assistant), request.extra.assistantOverrides);
    const tool = request.scenario === 'none' ? undefined : request.scenario;
    const assistantConfig = voiceConfigFromAssistant(
      dto,
      profile,
      this.options.catalog.toolsOf(dto),
      this.options.catalog.structuredOutputsOf(dto),
    );
    // A customer who wants nothing done gets no tool called, whatever the assistant carries.
    const config = tool ? assistantConfig : { ...assistantConfig, tools: new Set<string>() };
    const plan = planCall(rng, profile, {
      type: OUTBOUND,
      reasonIndex: reasonIndexOf(request.endedReason ?? 'customer-ended-call'),
      withTool: tool !== undefined && config.tools.has(tool),
      callerPoolSize: this.options.callerPools[business] ?? GENERIC_CALLER_POOL,
    });
    if (tool) plan.scenarioIndex = scenarioWithTool(profile, tool, OUTBOUND) ?? plan.scenarioIndex;
    const now = Date.now();
    const draft: CallDraft = {
      ...this.playedCallStart(request.id, now, plan, Boolean(tool), rng),
      type: OUTBOUND,
      ...this.plannedFields(plan, profile, business, rng),
      config,
      assistantId: request.asSquadMember ? undefined : record.assistant.id,
      phoneNumber: request.phoneNumber,
      extra: request.extra,
    };
    const queued = callSnapshot(draft, this.options.ctx, 'queued', now);
    this.options.store.live.upsert(queued);
    const ended = this.track(
      this.runLifecycle(
        {
          draft,
          record,
          assistantDto: dto,
          deliver: true,
          holdMs: this.options.stepMs,
          durationFromWallClock: true,
        },
        true,
      ),
    ).catch((error: unknown) => {
      if (!this.abort.signal.aborted)
        this.options.log.error({ err: error }, 'outbound call simulation failed');
      return undefined;
    });
    if (!refused) void ended.finally(() => this.freeLine(request.id));
    return { queued, ended };
  }

  /**
   * The caller left a web call's room: it ends now (customer-ended-call) instead of after
   * `webCallMs`. False when the call is unknown or already over.
   */
  hangUpWebCall(id: string): boolean {
    const held = this.heldWebCalls.get(id);
    if (!held || held.hangup.signal.aborted || held.endedReason) return false;
    held.hangup.abort();
    return true;
  }

  /**
   * What controllers made the assistant of a held web call say through its monitor, in order:
   * the call's client speaks them to the caller (the platform's bot would). Empty otherwise.
   */
  controllerLines(id: string): readonly string[] {
    return this.heldWebCalls.get(id)?.live?.controllerLines ?? [];
  }

  /**
   * The web call's client is still there (it polled its room or reported a line). False when
   * the call is unknown or no longer held.
   */
  touchWebCall(id: string): boolean {
    const held = this.heldWebCalls.get(id);
    if (!held || held.hangup.signal.aborted || held.endedReason) return false;
    held.lastSeen = Date.now();
    return true;
  }

  /**
   * A live call control for a held web call (say, control, end-call), as the bot receives it.
   * A say with endCallAfterSpoken makes the call's end reason the platform's
   * assistant-ended-call-after-message-spoken when it ends (the client leaves once it is said).
   * False when the call is not held.
   */
  controlWebCall(
    id: string,
    control:
      | { type: 'say'; endCallAfterSpoken?: boolean | undefined }
      | { type: 'control'; control: string }
      | { type: 'end-call' },
  ): boolean {
    const held = this.heldWebCalls.get(id);
    if (!held || !this.touchWebCall(id)) return false;
    if (control.type === 'say' && control.endCallAfterSpoken) {
      held.endingReason = 'assistant-ended-call-after-message-spoken';
    }
    return true;
  }

  /**
   * A line said in a held web call, as its client reports it: the caller's words or the
   * simulated assistant's. It goes into the call's transcript. False when the call is not held.
   */
  recordWebCallLine(id: string, role: SpokenLine['role'], text: string): boolean {
    const held = this.heldWebCalls.get(id);
    if (!held || !this.touchWebCall(id)) return false;
    if (held.lines.length < MAX_SPOKEN_LINES) {
      held.lines.push({ role, text, at: Date.now() });
      // Said on the monitor too (heard by listeners, sent as live messages), unless that side
      // is muted: a muted assistant is not heard nor transcribed, as in a phone call.
      const live = held.live;
      const muted = role === 'bot' ? live?.assistantMuted : live?.customerMuted;
      if (live && !muted) live.speak(role, text);
    }
    return true;
  }

  /**
   * The assistant's answer to a caller's question in a held web call, from the knowledge bases
   * its tools search (`knowledgeBase` tools, inline or by `model.toolIds`, resolved now);
   * undefined when the call is not held or the assistant has no knowledge base.
   */
  async knowledgeReply(id: string, question: string): Promise<string | undefined> {
    const held = this.heldWebCalls.get(id);
    if (!held) return undefined;
    const custom = customKnowledgeBase(held.assistant);
    if (custom) return this.requestKnowledge(id, held, custom);
    const { catalog } = this.options;
    const ids = knowledgeBaseIdsOf(catalog.toolsOf(held.assistant));
    return knowledgeReply(catalog.knowledge, ids, question);
  }

  /**
   * A custom knowledge base (`model.knowledgeBase.provider: custom-knowledge-base`): each caller
   * turn sends `knowledge-base-request` to its server with the conversation so far. The answer's
   * `message` is said as it is; else its most similar document is what the assistant answers
   * from. A wrong or late answer gives the model no documents: the assistant has no answer
   * from knowledge (undefined), and the call goes on.
   */
  private async requestKnowledge(
    id: string,
    held: HeldWebCall,
    server: ServerTarget & { url: string },
  ): Promise<string | undefined> {
    const start = held.lines[0]?.at ?? Date.now();
    const messages = held.lines.map((line) => ({
      role: line.role,
      message: line.text,
      time: line.at,
      endTime: line.at,
      secondsFromStart: (line.at - start) / 1000,
    }));
    // The call as the document has it (`webCallUrl` is not a documented Call property).
    const { webCallUrl: _room, ...call } = (this.options.store.live.get(id) ??
      {}) as SandboxCall & {
      webCallUrl?: string;
    };
    const reply = await this.options.sender.send(server, {
      type: 'knowledge-base-request',
      messages,
      messagesOpenAIFormatted: held.lines.map((line) => ({
        role: line.role === 'bot' ? 'assistant' : 'user',
        content: line.text,
      })),
      ...(call.id ? { call } : {}),
      ...(held.assistant ? { assistant: held.assistant } : {}),
      timestamp: Date.now(),
    });
    const validate = validatorFor('ServerMessageResponseKnowledgeBaseRequest');
    if (!reply.ok || typeof reply.body !== 'object' || reply.body === null) return undefined;
    if (!validate(reply.body)) {
      this.options.log.warn(
        { problems: describeErrors(validate.errors) },
        'knowledge-base-request answer does not match the document',
      );
      return undefined;
    }
    const answer = reply.body as Vapi.ServerMessageResponseKnowledgeBaseRequest;
    if (answer.message?.content) return answer.message.content;
    const best = [...(answer.documents ?? [])].sort((a, b) => b.similarity - a.similarity)[0];
    return best?.content;
  }

  private async runLifecycle(life: Lifecycle, alreadyQueued = false): Promise<SandboxCall> {
    const { draft, assistantDto } = life;
    const { store, ctx, sender, stepMs } = this.options;
    const signal = this.abort.signal;
    // As the platform: the assistant's server, else the phone number's, else the org's.
    const candidates = [
      assistantDto?.server,
      life.draft.phoneNumber?.server,
      this.options.orgServer(),
    ];
    const server = candidates.find(hasUrl);
    const deliver = life.deliver && server !== undefined;
    const spec = reasonSpec(draft.reasonIndex);
    const connected = spec.kind !== 'no-answer' && spec.kind !== 'no-connect';

    const common = () => ({
      timestamp: Date.now(),
      ...(assistantDto ? { assistant: assistantDto } : {}),
      ...(draft.type !== WEB ? { phoneNumber: phoneNumberDto(draft.phoneNumber) } : {}),
    });
    // Only the types the assistant's serverMessages list (the document's default when unset).
    const send = async (message: { type: string } & Record<string, unknown>) =>
      deliver && server && sendsServerMessage(assistantDto, message.type)
        ? sender.send(server, message)
        : undefined;
    const step = async (status: CallStatus) => {
      const call = callSnapshot(draft, ctx, status, Date.now());
      store.live.upsert(call);
      await send({
        type: 'status-update',
        status,
        call,
        ...(call.customer ? { customer: call.customer } : {}),
        ...common(),
      });
      return call;
    };

    // A live call: monitor URLs from the start, its lines said (and sent) as they happen.
    // A web call is live too: what its client reports said is said on the monitor.
    let live: LiveCall | undefined;
    let liveMessages: Promise<unknown> = Promise.resolve();
    const held = life.held;
    if ((life.liveHoldMs && life.liveHoldMs > 0) || held) {
      const plan = assistantDto?.monitorPlan;
      draft.extra = { ...draft.extra, monitor: this.monitorFor(draft.id, plan) };
      if (!held) draft.live = true;
      live = new LiveCall(draft.id, plan ?? {}, draft.config.firstMessage, (message) => {
        const call = store.live.get(draft.id);
        // In order, one after another, as the platform sends a call's messages.
        liveMessages = liveMessages.then(() =>
          send({ ...message, ...(call ? { call } : {}), ...common() }),
        );
      });
      draft.spoken = live.lines;
      if (held) {
        held.live = live;
        // A controller's end-call, transfer or say-then-end ends the held call now.
        live.onEnding = () => held.hangup.abort();
      }
    }

    if (!alreadyQueued) await step('queued');
    else {
      const queued = store.live.get(draft.id);
      if (queued)
        await send({ type: 'status-update', status: 'queued', call: queued, ...common() });
    }
    await sleep(stepMs, undefined, { signal });
    await step('ringing');
    await sleep(stepMs, undefined, { signal });

    const startedAt = draft.createdAt + draft.ringMs;
    if (connected && live && !life.held) {
      // Its monitor answers from the moment anyone can see it in progress (the status is stored
      // before its status-update is sent, and read by the platform's API meanwhile).
      this.liveCalls.set(draft.id, live);
      try {
        const inProgress = await step('in-progress');
        const toolCall = conversationFor(draft, ctx).toolCall;
        await this.playLive(live, Date.now() + (life.liveHoldMs ?? 0), draft, async () => {
          if (!toolCall || !life.deliver) return;
          await this.runTool(toolCall, draft, inProgress, assistantDto, server, common());
        });
      } finally {
        this.liveCalls.delete(draft.id);
      }
      const ending = live.ending;
      if (ending) {
        draft.reasonIndex = reasonIndexOf(ending.reason);
        if (ending.reason === 'assistant-forwarded-call')
          draft.transferDestination = ending.destination;
      }
      await liveMessages;
      live.finish();
      draft.durationMs = Date.now() - startedAt;
    } else if (connected) {
      if (live) this.liveCalls.set(draft.id, live);
      const inProgress = await step('in-progress');
      const toolCall = conversationFor(draft, ctx).toolCall;
      const heldFrom = Date.now();
      const firstPart = life.toolAtOnce ? 0 : Math.floor(life.holdMs / 3);
      // A web call is held until a deadline (the tool call happens within it); another call
      // waits its two parts around the tool call.
      const holdFor = async (ms: number, untilOffset: number) => {
        if (!life.held) return hold(ms, signal, life.hangup);
        const silenceMs = this.options.webCallSilenceMs ?? 30_000;
        return holdWebCall(heldFrom + untilOffset, signal, life.held, silenceMs);
      };
      if (firstPart > 0) await holdFor(firstPart, firstPart);
      // A caller who hung up (or vanished) early never got as far as the agent's tool.
      const gone = life.hangup?.aborted || life.held?.endedReason === 'silence-timed-out';
      // A tool call goes to the tool's own server even when the call's messages go nowhere.
      if (toolCall && life.deliver && !gone)
        await this.runTool(toolCall, draft, inProgress, assistantDto, server, common());
      if (life.holdMs > 0) await holdFor(life.holdMs - firstPart, life.holdMs);
      // A transfer by a transferCall tool with no destinations: the platform asks the server.
      if (
        spec.kind === 'transfer' &&
        life.deliver &&
        hasDynamicTransfer(this.options.catalog.toolsOf(assistantDto))
      ) {
        await this.requestTransferDestination(draft, inProgress, assistantDto, server, common());
      }
      if (life.held) {
        this.liveCalls.delete(draft.id);
        // How the platform ends it: a controller (end-call, transfer), the caller left, the line
        // went silent, or the maximum length.
        const ending = live?.ending;
        if (ending?.reason === 'assistant-forwarded-call')
          draft.transferDestination = ending.destination;
        const reason =
          ending?.reason ??
          life.held.endedReason ??
          life.held.endingReason ??
          'customer-ended-call';
        draft.reasonIndex = reasonIndexOf(reason);
        // The sandbox's evaluation of what it heard: a caller who said something and hung up.
        const spoke = life.held.lines.some((line) => line.role === 'user');
        draft.success = spoke && reason === 'customer-ended-call' ? 1 : 0;
        await liveMessages;
        live?.finish();
      }
      await sleep(stepMs, undefined, { signal });
      // Make the call end now: startedAt is fixed, so the duration absorbs the wall-clock time.
      draft.durationMs = Math.max(draft.durationMs, Date.now() - startedAt);
      if (life.durationFromWallClock) draft.durationMs = Date.now() - startedAt;
    }

    draft.updatedAt = Math.max(Date.now(), startedAt + draft.durationMs);
    const ended = endedCall(draft, ctx);
    const { analysis: _analysis, ...endedWithoutAnalysis } = ended;
    store.live.upsert(endedWithoutAnalysis);
    await send({
      type: 'status-update',
      status: 'ended',
      endedReason: ended.endedReason,
      call: endedWithoutAnalysis,
      ...(ended.customer ? { customer: ended.customer } : {}),
      ...common(),
    });

    // The end-of-call report follows the (short) post-call analysis.
    await sleep(stepMs, undefined, { signal });
    draft.updatedAt = Math.max(Date.now(), draft.updatedAt + 1);
    const final = endedCall(draft, ctx);
    store.live.upsert(final);
    await send({
      type: 'end-of-call-report',
      endedReason: final.endedReason,
      analysis: final.analysis ?? {},
      artifact: final.artifact ?? {},
      // The document's report has cost and costs; the breakdown is on the call it carries.
      cost: final.cost,
      costs: final.costs,
      ...(final.destination ? { destination: final.destination } : {}),
      startedAt: final.startedAt,
      endedAt: final.endedAt,
      call: final,
      ...(final.customer ? { customer: final.customer } : {}),
      ...common(),
    });
    return final;
  }

  /**
   * `transfer-destination-request` to the call's server (when the assistant's serverMessages
   * include it): an answered number is where the call goes; an error, another kind of
   * destination, no usable answer in the server's time, or no server fails the transfer
   * (`call.in-progress.error-transfer-failed`).
   */
  private async requestTransferDestination(
    draft: CallDraft,
    call: SandboxCall,
    assistantDto: Vapi.CreateAssistantDto | undefined,
    server: ServerTarget | undefined,
    common: Record<string, unknown>,
  ): Promise<void> {
    const reply =
      server && sendsServerMessage(assistantDto, 'transfer-destination-request')
        ? await this.options.sender.send(server, {
            type: 'transfer-destination-request',
            call,
            ...(call.customer ? { customer: call.customer } : {}),
            artifact: { messages: conversationFor(draft, this.options.ctx).messages },
            ...common,
          })
        : undefined;
    const validate = validatorFor('ServerMessageResponseTransferDestinationRequest');
    const answer =
      reply?.ok && typeof reply.body === 'object' && reply.body !== null && validate(reply.body)
        ? (reply.body as Vapi.ServerMessageResponseTransferDestinationRequest)
        : undefined;
    if (reply?.ok && !answer)
      this.options.log.warn(
        { problems: describeErrors(validate.errors) },
        'transfer-destination-request answer does not match the document',
      );
    const destination = answer && answer.error === undefined ? answer.destination : undefined;
    if (destination?.type === 'number') {
      draft.profile = {
        ...draft.profile,
        transferTo: {
          number: destination.number,
          name: destination.description ?? '',
          message:
            typeof destination.message === 'string'
              ? destination.message
              : draft.profile.transferTo.message,
        },
      };
      return;
    }
    draft.reasonIndex = reasonIndexOf('call.in-progress.error-transfer-failed');
  }

  /** Calls the agent's tool now and keeps when and what it answered on the call's draft. */
  private async runTool(...args: Parameters<CallSimulator['callTool']>): Promise<void> {
    const draft = args[1];
    draft.toolAt = Date.now();
    draft.toolResult = await this.callTool(...args);
  }

  private async callTool(
    toolCall: NonNullable<ReturnType<typeof conversationFor>['toolCall']>,
    draft: CallDraft,
    call: SandboxCall,
    assistantDto: Vapi.CreateAssistantDto | undefined,
    assistantServer: ServerTarget | undefined,
    common: Record<string, unknown>,
  ): Promise<{ result: string; ok: boolean }> {
    const definition = toolDefinition(this.options.catalog.toolsOf(assistantDto), toolCall.name);
    // A tool's own server, else the one the call's messages go to (when the assistant's
    // serverMessages include tool-calls: a tool without a server of its own is then not called).
    const target = hasUrl(definition?.server)
      ? definition.server
      : sendsServerMessage(assistantDto, 'tool-calls')
        ? assistantServer
        : undefined;
    const wire: Vapi.ToolCall = {
      id: toolCall.id,
      type: 'function',
      function: { name: toolCall.name, arguments: JSON.stringify(toolCall.arguments) },
    };
    const { type: _type, ...toolConfig } = definition ?? { type: 'function' as const };
    const reply = target
      ? await this.options.sender.send(target, {
          type: 'tool-calls',
          toolCallList: [wire],
          toolWithToolCallList: [{ type: 'function', ...toolConfig, toolCall: wire }],
          call,
          ...(call.customer ? { customer: call.customer } : {}),
          artifact: {
            messages: messagesBeforeTool(conversationFor(draft, this.options.ctx).messages),
          },
          ...common,
        })
      : undefined;
    const parsed = reply?.ok ? readToolReply(reply.body, toolCall.id) : undefined;
    if (parsed) return parsed;
    if (reply && !reply.ok)
      return {
        result: `Error: the tool server did not answer (${reply.status ?? reply.error ?? 'no response'}).`,
        ok: false,
      };
    return { result: 'No result returned.', ok: false };
  }
}
