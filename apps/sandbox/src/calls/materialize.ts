import type { Faker } from '@faker-js/faker';
import type { Vapi } from '@vapi-ai/server-sdk';
import { hash32, mulberry32 } from '../lib/random';
import { reasonSpec } from '../demo/call-plan';
import type { PhoneNumber } from '../demo/catalog';
import { buildConversation, buildVars, type Conversation } from '../demo/conversation';
import { computeCostBreakdown, costItems, pricedModel } from '../demo/costs';
import type { CallerDirectory } from '../demo/fake-data';
import { CALL_TYPES, OUTBOUND, WEB, type BusinessProfile } from '../demo/profiles';
import { structuredOutputResults, type StructuredOutputDefinition } from './structured-outputs';

// Builds the platform's Call object from a call's facts. Demo calls are rebuilt here on every
// request; simulated calls are built once per status change.

export interface AssistantVoiceConfig {
  firstMessage: string;
  systemPrompt: string;
  endCallMessage: string;
  voicemailMessage: string;
  model: string;
  voice: Record<string, unknown>;
  transcriber: string;
  tools: ReadonlySet<string>;
  /** The saved structured outputs the assistant's `artifactPlan.structuredOutputIds` name. */
  structuredOutputs?: readonly StructuredOutputDefinition[];
}

export function voiceConfigFromProfile(profile: BusinessProfile): AssistantVoiceConfig {
  return {
    firstMessage: profile.firstMessage,
    systemPrompt: profile.systemPrompt,
    endCallMessage: profile.endCallMessage,
    voicemailMessage: profile.voicemailMessage,
    model: profile.model,
    voice: { ...profile.voice },
    transcriber: 'nova-3',
    tools: new Set(profile.tools ? ['create_enquiry', 'book_appointment'] : []),
  };
}

/** The words and settings of an assistant as configured (for simulated calls). */
export function voiceConfigFromAssistant(
  assistant: Vapi.CreateAssistantDto,
  fallback: BusinessProfile,
  /** The assistant's tools as resolved for the call (inline and `toolIds`); default: inline. */
  resolvedTools?: readonly Vapi.OpenAiModelToolsItem[],
  /** Its structured outputs as resolved for the call (`artifactPlan.structuredOutputIds`). */
  structuredOutputs: readonly StructuredOutputDefinition[] = [],
): AssistantVoiceConfig {
  const model = assistant.model;
  const systemMessage =
    model && 'messages' in model
      ? model.messages?.find((message) => message.role === 'system')?.content
      : undefined;
  const tools = new Set<string>();
  const toolList =
    resolvedTools ?? (model && 'tools' in model && Array.isArray(model.tools) ? model.tools : []);
  for (const tool of toolList) {
    if (tool.type === 'function' && tool.function?.name) tools.add(tool.function.name);
  }
  return {
    firstMessage: assistant.firstMessage ?? fallback.firstMessage,
    systemPrompt: typeof systemMessage === 'string' ? systemMessage : fallback.systemPrompt,
    endCallMessage: assistant.endCallMessage ?? fallback.endCallMessage,
    voicemailMessage: assistant.voicemailMessage ?? fallback.voicemailMessage,
    model:
      model && 'model' in model && typeof model.model === 'string' ? model.model : fallback.model,
    voice: (assistant.voice as Record<string, unknown> | undefined) ?? { ...fallback.voice },
    transcriber:
      assistant.transcriber &&
      'model' in assistant.transcriber &&
      typeof assistant.transcriber.model === 'string'
        ? assistant.transcriber.model
        : 'nova-3',
    tools,
    structuredOutputs,
  };
}

export interface CallDraft {
  id: string;
  orgId: string;
  createdAt: number;
  ringMs: number;
  durationMs: number;
  /** Write this much conversation even if the call was shorter (a web call held briefly). */
  contentDurationMs?: number;
  updatedAt: number;
  type: number;
  reasonIndex: number;
  success: number;
  profile: BusinessProfile;
  /** Whose caller pool the caller comes from. */
  businessIndex: number;
  scenarioIndex: number;
  callerIndex: number;
  callerAreaCodes: readonly string[];
  /** Seeds the words of the call. */
  contentSeed: number;
  costJitter: number;
  config: AssistantVoiceConfig;
  assistantId: string | undefined;
  phoneNumber: PhoneNumber | undefined;
  toolResult?: { result: string; ok: boolean };
  /**
   * Web calls: what was said, as the call's client reported it (wall-clock times). When set,
   * the transcript is these lines rather than a generated conversation.
   */
  spoken?: { role: 'bot' | 'user' | 'system'; text: string; at: number }[];
  /** A call played live (decision 059): its transcript is what was said, not a web call's. */
  live?: boolean;
  /** Where a live call control transferred the call (instead of the profile's number). */
  transferDestination?: Vapi.TransferDestinationNumber | Vapi.TransferDestinationSip;
  /** Web calls: when the agent's tool ran (wall clock), to place it in the transcript. */
  toolAt?: number;
  name?: string;
  /** Fields kept as they are on every snapshot (web call transport, inline assistant…). */
  extra?: Partial<Vapi.Call> & { webCallUrl?: string };
}

export interface MaterializeContext {
  callers: CallerDirectory;
  faker: Faker;
  /** Base URL for recording links (the sandbox's own address). */
  publicUrl: () => string;
  /**
   * Whether an ended call's artifact carries public recording URLs (default true). Without them
   * the recording is had only through the authenticated download, GET /call/{id}/mono-recording.
   */
  publicRecordingUrls?: boolean;
}

export type SandboxCall = Vapi.Call & { webCallUrl?: string };

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

function hex(words: number[]): string {
  return words.map((word) => word.toString(16).padStart(8, '0')).join('');
}

export function toolCallIdFor(contentSeed: number): string {
  return `call_${hex([hash32(contentSeed, 1), hash32(contentSeed, 2), hash32(contentSeed, 3)]).slice(0, 24)}`;
}

export function callerFor(draft: CallDraft, ctx: MaterializeContext) {
  return ctx.callers.get(draft.businessIndex, draft.callerIndex, draft.callerAreaCodes);
}

export function conversationFor(draft: CallDraft, ctx: MaterializeContext): Conversation {
  const scenario = draft.profile.scenarios[draft.scenarioIndex] ?? draft.profile.scenarios[0];
  if (!scenario) throw new Error(`profile ${draft.profile.key} has no scenarios`);
  const rng = mulberry32(draft.contentSeed);
  ctx.faker.seed(draft.contentSeed);
  const city = draft.profile.key === 'plumbing' ? ', Chicago' : '';
  const address = `${ctx.faker.location.streetAddress()}${city}`;
  const startedAt = draft.createdAt + draft.ringMs;
  const { vars, appointmentMs } = buildVars(rng, {
    profile: draft.profile,
    scenario,
    caller: callerFor(draft, ctx),
    atMs: startedAt,
    address,
  });
  const spec = reasonSpec(draft.reasonIndex);
  return buildConversation(rng, {
    profile: draft.profile,
    scenario,
    kind: spec.kind,
    reason: spec.reason,
    startedAt,
    durationMs: draft.durationMs,
    contentDurationMs: draft.contentDurationMs,
    firstMessage: draft.config.firstMessage,
    systemPrompt: draft.config.systemPrompt,
    endCallMessage: draft.config.endCallMessage,
    voicemailMessage: draft.config.voicemailMessage,
    vars,
    appointmentMs,
    availableTools: draft.config.tools,
    toolCallId: toolCallIdFor(draft.contentSeed),
    ...(draft.toolResult ? { toolResult: draft.toolResult } : {}),
  });
}

export type CallStatus = 'queued' | 'ringing' | 'in-progress' | 'ended';

/** The Call as the platform shows it while it is still going (no results yet). */
export function callSnapshot(
  draft: CallDraft,
  ctx: MaterializeContext,
  status: CallStatus,
  updatedAt: number,
): SandboxCall {
  const caller = callerFor(draft, ctx);
  const isPhone = draft.type !== WEB;
  const phone = isPhone ? draft.phoneNumber : undefined;
  const call: SandboxCall = {
    id: draft.id,
    orgId: draft.orgId,
    createdAt: iso(draft.createdAt),
    updatedAt: iso(updatedAt),
    type: CALL_TYPES[draft.type] ?? 'webCall',
    status,
    ...(draft.assistantId ? { assistantId: draft.assistantId } : {}),
    ...(phone ? { phoneNumberId: phone.id } : {}),
    ...(isPhone
      ? {
          customer:
            draft.type === OUTBOUND
              ? { number: caller.number, name: caller.name }
              : { number: caller.number },
          phoneCallProvider: phone?.provider === 'twilio' ? ('twilio' as const) : ('vapi' as const),
          phoneCallTransport: 'pstn' as const,
          ...(phone?.provider === 'twilio'
            ? {
                phoneCallProviderId: `CA${hex([hash32(draft.contentSeed, 11), hash32(draft.contentSeed, 12), hash32(draft.contentSeed, 13), hash32(draft.contentSeed, 14)])}`,
              }
            : {}),
        }
      : {}),
    ...(draft.name ? { name: draft.name } : {}),
    ...draft.extra,
  };
  if (status === 'in-progress' || status === 'ended')
    call.startedAt = iso(draft.createdAt + draft.ringMs);
  return call;
}

export function recordingUrls(ctx: MaterializeContext, id: string) {
  const base = ctx.publicUrl();
  return {
    mono: `${base}/recordings/${id}.wav`,
    stereo: `${base}/recordings/${id}-stereo.wav`,
  };
}

/** The finished Call: results, costs, transcript, recording, transfer details. */
/**
 * A web call's conversation from what its client reported: the system prompt, each line at the
 * time it was said, and the agent's tool call (when it made one) where it happened. The summary
 * says only what the sandbox heard.
 */
function spokenConversation(
  draft: CallDraft,
  ctx: MaterializeContext,
  spoken: NonNullable<CallDraft['spoken']>,
): Conversation {
  const startedAt = draft.createdAt + draft.ringMs;
  const seconds = (at: number) => Math.max(0, Math.round(at - startedAt) / 1000);
  const generated = conversationFor(draft, ctx);
  const timed: { at: number; items: Vapi.CallMessagesItem[] }[] = spoken.map((line) => ({
    at: line.at,
    items: [
      {
        role: line.role,
        message: line.text,
        time: line.at,
        endTime: line.at,
        secondsFromStart: seconds(line.at),
        duration: 0,
      },
    ],
  }));
  const tool = generated.toolCall;
  if (tool && draft.toolResult && draft.toolAt !== undefined) {
    const at = draft.toolAt;
    timed.push({
      at,
      items: [
        {
          role: 'tool_calls',
          toolCalls: [
            {
              id: tool.id,
              type: 'function',
              function: { name: tool.name, arguments: JSON.stringify(tool.arguments) },
            },
          ],
          message: '',
          time: at,
          secondsFromStart: seconds(at),
        },
        {
          role: 'tool_call_result',
          toolCallId: tool.id,
          name: tool.name,
          result: draft.toolResult.result,
          time: at,
          secondsFromStart: seconds(at),
        },
      ],
    });
  }
  timed.sort((a, b) => a.at - b.at);
  const messages: Vapi.CallMessagesItem[] = [
    { role: 'system', message: draft.config.systemPrompt, time: startedAt, secondsFromStart: 0 },
    ...timed.flatMap((entry) => entry.items),
  ];
  const transcript = spoken
    .filter((line) => line.role !== 'system')
    .map((line) => `${line.role === 'bot' ? 'AI' : 'User'}: ${line.text}`)
    .join('\n');
  const said = spoken.filter((line) => line.role === 'user');
  const first = said[0]?.text ?? '';
  const summary = draft.live
    ? generated.summary
    : said.length === 0
      ? 'A test call from the browser in which the caller said nothing.'
      : `A test call from the browser. The caller said ${said.length === 1 ? 'one thing' : `${said.length} things`}, first: "${first.length > 120 ? `${first.slice(0, 117)}…` : first}"`;
  return { messages, transcript, summary, toolCall: tool };
}

export function endedCall(draft: CallDraft, ctx: MaterializeContext): SandboxCall {
  const spec = reasonSpec(draft.reasonIndex);
  const call = callSnapshot(draft, ctx, 'ended', draft.updatedAt);
  const startedAt = draft.createdAt + draft.ringMs;
  const endedAt = startedAt + draft.durationMs;
  const conversation = draft.spoken
    ? spokenConversation(draft, ctx, draft.spoken)
    : conversationFor(draft, ctx);
  const breakdown = computeCostBreakdown(
    draft.durationMs,
    draft.type,
    pricedModel(draft.config.model),
    draft.costJitter,
  );
  const transportProvider =
    draft.type === WEB ? 'daily' : draft.phoneNumber?.provider === 'twilio' ? 'twilio' : 'vapi.sip';
  const hasAudio = conversation.messages.length > 0;
  const urls = recordingUrls(ctx, draft.id);

  const analysis: Vapi.Analysis = {};
  if (conversation.summary) analysis.summary = conversation.summary;
  if (draft.success >= 0) analysis.successEvaluation = draft.success === 1 ? 'true' : 'false';

  const artifact: Vapi.Artifact = {
    messages: conversation.messages,
    transcript: conversation.transcript,
  };
  if (hasAudio && ctx.publicRecordingUrls !== false) {
    artifact.recordingUrl = urls.mono;
    artifact.stereoRecordingUrl = urls.stereo;
    artifact.recording = { stereoUrl: urls.stereo, mono: { combinedUrl: urls.mono } };
  }
  const outputs = draft.config.structuredOutputs ?? [];
  if (outputs.length > 0) {
    // The platform extracts them after the call ends and keeps them in the artifact by id.
    const caller = callerFor(draft, ctx);
    artifact.structuredOutputs = structuredOutputResults(outputs, {
      seed: draft.contentSeed,
      callerName: caller.name,
      callerNumber: caller.number,
      callerEmail: caller.email,
      summary: conversation.summary ?? '',
      endedAt: iso(endedAt),
      successful: draft.success >= 0 ? draft.success === 1 : undefined,
    });
    artifact.structuredOutputsLastUpdatedAt = iso(endedAt);
  }
  let destination: Vapi.CallDestination | undefined;
  if (spec.kind === 'transfer' && draft.transferDestination) {
    // A transfer asked through the call's controlUrl: the destination it named.
    const { message: _message, ...target } = draft.transferDestination as { message?: unknown };
    destination = draft.transferDestination as Vapi.CallDestination;
    artifact.transfers = [
      {
        destination: target as Vapi.TransferArtifactDestination,
        mode: 'blind-transfer',
        status: 'completed',
      },
    ];
  } else if (spec.kind === 'transfer') {
    // The platform's TransferDestinationNumber has no name: its label is `description`.
    destination = {
      type: 'number',
      number: draft.profile.transferTo.number,
      message: draft.profile.transferTo.message,
      description: draft.profile.transferTo.name,
    };
    const status: Vapi.TransferArtifactStatus =
      spec.reason === 'assistant-forwarded-call'
        ? 'completed'
        : spec.reason === 'call.in-progress.error-transfer-failed'
          ? 'failed'
          : 'cancelled';
    artifact.transfers = [
      {
        destination: {
          type: 'number',
          number: draft.profile.transferTo.number,
          description: draft.profile.transferTo.name,
        },
        mode: 'blind-transfer',
        status,
      },
    ];
  }

  return {
    ...call,
    startedAt: iso(startedAt),
    endedAt: iso(endedAt),
    endedReason: spec.reason,
    ...(destination ? { destination } : {}),
    cost: breakdown.total,
    costBreakdown: breakdown,
    costs: costItems(
      breakdown,
      draft.durationMs,
      draft.config.model,
      draft.config.voice,
      draft.config.transcriber,
      transportProvider,
    ),
    messages: conversation.messages,
    analysis,
    artifact,
  };
}
