import type { StructuredOutputDefinition } from '../calls/structured-outputs';
import { AGENT_TOOL_FUNCTIONS, AGENT_TOOL_REQUEST_MESSAGES } from '@switchboard/shared/agent-tools';
import type { Vapi } from '@vapi-ai/server-sdk';
import { KnowledgeStore } from '../knowledge/knowledge-store';
import { hash32 } from '../lib/random';
import { seededUuid } from '../lib/ids';
import { MAX_CALL_SECONDS } from './call-plan';
import type { BusinessProfile, ToolName } from './profiles';

// Assistants and phone numbers: a handful of objects, kept as plain maps. The demo ones are
// derived from the seed; assistants created through the API live next to them.

export type PhoneNumber =
  | Vapi.ListPhoneNumbersResponseItem.Vapi
  | Vapi.ListPhoneNumbersResponseItem.Twilio;

/** A tool created with POST /tool: its create DTO as sent, with the platform's id and times. */
export type SandboxTool = {
  id: string;
  orgId: string;
  createdAt: string;
  updatedAt: string;
  type: string;
} & Record<string, unknown>;

export interface AssistantRecord {
  assistant: Vapi.Assistant;
  /** Index into the demo profiles for demo assistants. */
  businessIndex: number | undefined;
}

const KIND_ORG = 1;
const KIND_ASSISTANT = 2;
const KIND_PHONE = 3;
const DAY_MS = 86_400_000;

export function orgIdFor(seed: number): string {
  return seededUuid(seed, KIND_ORG, 0);
}

export function demoAssistantId(seed: number, businessIndex: number): string {
  return seededUuid(seed, KIND_ASSISTANT, businessIndex);
}

export function demoPhoneNumberId(seed: number, businessIndex: number): string {
  return seededUuid(seed, KIND_PHONE, businessIndex);
}

/** The demo assistants' server (url, and how the platform authenticates to it). */
export type DemoServer = Pick<Vapi.Server, 'url' | 'headers' | 'credentialId'> & { url: string };

export function functionTool(
  name: ToolName,
  server: DemoServer | undefined,
): Vapi.OpenAiModelToolsItem {
  return {
    type: 'function',
    async: false,
    function: AGENT_TOOL_FUNCTIONS[name],
    ...(server ? { server: { ...server } } : {}),
    messages: [{ type: 'request-start', content: AGENT_TOOL_REQUEST_MESSAGES[name] }],
  };
}

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

export function demoAssistant(
  seed: number,
  businessIndex: number,
  profile: BusinessProfile,
  windowStart: number,
  server: DemoServer | undefined,
): Vapi.Assistant {
  const createdAt =
    windowStart - (40 - businessIndex * 6) * DAY_MS + (hash32(seed, 7, businessIndex) % 28_800_000);
  const updatedAt =
    createdAt + (3 + businessIndex) * DAY_MS + (hash32(seed, 8, businessIndex) % 3_600_000);
  const tools: Vapi.OpenAiModelToolsItem[] = profile.tools
    ? [functionTool('create_enquiry', server), functionTool('book_appointment', server)]
    : [];
  return {
    id: demoAssistantId(seed, businessIndex),
    orgId: orgIdFor(seed),
    name: profile.assistantName,
    firstMessage: profile.firstMessage,
    firstMessageMode: 'assistant-speaks-first',
    model: {
      provider: 'openai',
      model: profile.model,
      temperature: 0.4,
      messages: [{ role: 'system', content: profile.systemPrompt }],
      ...(tools.length > 0 ? { tools } : {}),
    },
    voice: profile.voice,
    transcriber: { provider: 'deepgram', model: 'nova-3', language: 'en', smartFormat: true },
    ...(server ? { server: { ...server, timeoutSeconds: 20 } } : {}),
    // Set up by Switchboard: calls, tool calls and the live transcript (decision 059).
    serverMessages: ['end-of-call-report', 'status-update', 'tool-calls', 'conversation-update'],
    endCallMessage: profile.endCallMessage,
    endCallPhrases: [...profile.endCallPhrases],
    voicemailMessage: profile.voicemailMessage,
    maxDurationSeconds: MAX_CALL_SECONDS,
    analysisPlan: {
      summaryPlan: { enabled: true },
      successEvaluationPlan: { enabled: true, rubric: 'PassFail' },
    },
    artifactPlan: { recordingEnabled: true },
    metadata: { business: profile.businessName, timeZone: profile.timeZone, sandbox: true },
    createdAt: iso(createdAt),
    updatedAt: iso(updatedAt),
  };
}

export function demoPhoneNumber(
  seed: number,
  businessIndex: number,
  profile: BusinessProfile,
  assistant: Vapi.Assistant,
): PhoneNumber {
  const createdAt = Date.parse(assistant.createdAt) + 2 * 3_600_000;
  const common = {
    id: demoPhoneNumberId(seed, businessIndex),
    orgId: orgIdFor(seed),
    createdAt: iso(createdAt),
    updatedAt: iso(createdAt + 60_000),
    status: 'active' as const,
    name: profile.phone.name,
    number: profile.phone.number,
    assistantId: assistant.id,
  };
  if (profile.phone.provider === 'twilio') {
    const sid = [0, 1, 2, 3]
      .map((n) => hash32(seed, 9, businessIndex, n).toString(16).padStart(8, '0'))
      .join('');
    return { ...common, provider: 'twilio', twilioAccountSid: `AC${sid}` };
  }
  return { ...common, provider: 'vapi' };
}

export interface TimeRangeFilter {
  min: number;
  max: number;
}

export interface ListFilter {
  createdAt: TimeRangeFilter;
  updatedAt: TimeRangeFilter;
  limit: number;
  /** Answer oldest first (the `listOrder: 'oldest-first'` option); newest first otherwise. */
  oldestFirst?: boolean;
}

function inRange(value: number, range: TimeRangeFilter): boolean {
  return value >= range.min && value <= range.max;
}

function byNewest<T extends { createdAt: string }>(a: T, b: T): number {
  return Date.parse(b.createdAt) - Date.parse(a.createdAt);
}

export function listByFilter<T extends { createdAt: string; updatedAt: string }>(
  items: Iterable<T>,
  filter: ListFilter,
): T[] {
  return [...items]
    .filter(
      (item) =>
        inRange(Date.parse(item.createdAt), filter.createdAt) &&
        inRange(Date.parse(item.updatedAt), filter.updatedAt),
    )
    .sort(filter.oldestFirst ? (a, b) => byNewest(b, a) : byNewest)
    .slice(0, filter.limit);
}

export class Catalog {
  /**
   * Every assistant, as the platform answers it: the items of the document-driven `/assistant`
   * resource (routes/assistants.routes.ts), the demo ones among them.
   */
  readonly assistants = new Map<string, Vapi.Assistant>();
  readonly phoneNumbers = new Map<string, PhoneNumber>();
  /** Tools made with POST /tool, by id. */
  readonly tools = new Map<string, SandboxTool>();
  /** Files uploaded with POST /file and the knowledge bases built from them. */
  readonly knowledge = new KnowledgeStore();
  readonly demoAssistantIds: readonly string[];
  readonly demoPhoneNumberIds: readonly string[];
  readonly orgId: string;
  /** Demo assistant id → its index into the demo profiles. */
  private readonly businessIndexes = new Map<string, number>();

  constructor(
    readonly seed: number,
    readonly profiles: readonly BusinessProfile[],
    windowStart: number,
    server: DemoServer | undefined,
  ) {
    this.orgId = orgIdFor(seed);
    const assistantIds: string[] = [];
    const phoneIds: string[] = [];
    profiles.forEach((profile, businessIndex) => {
      const assistant = demoAssistant(seed, businessIndex, profile, windowStart, server);
      const phone = demoPhoneNumber(seed, businessIndex, profile, assistant);
      this.assistants.set(assistant.id, assistant);
      this.businessIndexes.set(assistant.id, businessIndex);
      this.phoneNumbers.set(phone.id, phone);
      assistantIds.push(assistant.id);
      phoneIds.push(phone.id);
    });
    this.demoAssistantIds = assistantIds;
    this.demoPhoneNumberIds = phoneIds;
  }

  getAssistant(id: string): AssistantRecord | undefined {
    const assistant = this.assistants.get(id);
    return assistant ? { assistant, businessIndex: this.businessIndexes.get(id) } : undefined;
  }

  /** Every assistant with its demo profile index (undefined for those created through the API). */
  assistantRecords(): AssistantRecord[] {
    return [...this.assistants.keys()].map((id) => this.getAssistant(id)!);
  }

  /** A deleted assistant's numbers no longer name it. */
  unlinkAssistant(id: string): void {
    for (const phone of this.phoneNumbers.values()) {
      if (phone.assistantId === id) delete phone.assistantId;
    }
  }

  /** Points the demo assistants (and their tools) at a new server (url and authentication). */
  setServer(server: DemoServer | undefined): void {
    for (const id of this.demoAssistantIds) {
      const assistant = this.assistants.get(id);
      if (!assistant) continue;
      const { server: _previous, ...rest } = assistant;
      const model = assistant.model;
      const updatedModel =
        model?.provider === 'openai' && model.tools
          ? {
              ...model,
              tools: model.tools.map((tool) => {
                if (tool.type !== 'function') return tool;
                const { server: _oldServer, ...toolRest } = tool;
                return server ? { ...toolRest, server: { ...server } } : toolRest;
              }),
            }
          : model;
      this.assistants.set(id, {
        ...rest,
        ...(updatedModel ? { model: updatedModel } : {}),
        ...(server ? { server: { ...server, timeoutSeconds: 20 } } : {}),
      });
    }
  }

  private readonly console = new Map<string, Map<string, unknown>>();

  /** The items of a console resource emulated from the document (`/squad`, `/structured-output`, …). */
  consoleItems<T>(path: string): Map<string, T> {
    const items = this.console.get(path) ?? new Map<string, unknown>();
    this.console.set(path, items);
    return items as Map<string, T>;
  }

  /**
   * Who answers a call to a squad: its first member, as the platform starts a squad call with
   * `members[0]`. `missing` names what does not exist (the platform's 400 for each).
   */
  squadAnswerer(
    squadId: string,
  ): { record: AssistantRecord } | { missing: 'squad' | 'member'; assistantId?: string } {
    const squad = this.consoleItems<{ members?: { assistantId?: string | null }[] }>('/squad').get(
      squadId,
    );
    if (!squad) return { missing: 'squad' };
    const first = squad.members?.[0]?.assistantId ?? undefined;
    const record = first ? this.getAssistant(first) : undefined;
    return record ? { record } : { missing: 'member', ...(first ? { assistantId: first } : {}) };
  }

  /**
   * The tools an assistant can use in a call, as the platform resolves them when the call
   * starts: its transient `model.tools`, then each of `model.toolIds` looked up among the
   * org's tools (an id that names no tool is skipped). Stored tools come without their id,
   * orgId and times, in the shape of an inline tool.
   */
  toolsOf(assistant: Vapi.CreateAssistantDto | undefined): Vapi.OpenAiModelToolsItem[] {
    const model = assistant?.model as
      | { tools?: Vapi.OpenAiModelToolsItem[]; toolIds?: string[] }
      | undefined;
    const inline = Array.isArray(model?.tools) ? model.tools : [];
    const referenced = (Array.isArray(model?.toolIds) ? model.toolIds : []).flatMap((id) => {
      const tool = this.tools.get(id);
      if (!tool) return [];
      const {
        id: _id,
        orgId: _orgId,
        createdAt: _createdAt,
        updatedAt: _updatedAt,
        latestVersion: _latestVersion,
        ...definition
      } = tool;
      return [definition as unknown as Vapi.OpenAiModelToolsItem];
    });
    return [...inline, ...referenced];
  }

  /**
   * The saved structured outputs an assistant's `artifactPlan.structuredOutputIds` name, as the
   * platform resolves them when the call ends (an id that names none is skipped).
   */
  structuredOutputsOf(
    assistant: Vapi.CreateAssistantDto | undefined,
  ): StructuredOutputDefinition[] {
    const ids = assistant?.artifactPlan?.structuredOutputIds ?? [];
    const saved = this.consoleItems<{ id: string; name: string; schema: unknown }>(
      '/structured-output',
    );
    return ids.flatMap((id) => {
      const output = saved.get(id);
      return output
        ? [{ id, name: output.name, schema: (output.schema ?? {}) as Record<string, unknown> }]
        : [];
    });
  }

  listPhoneNumbers(filter: ListFilter): PhoneNumber[] {
    return listByFilter(this.phoneNumbers.values(), filter);
  }

  phoneNumberFor(assistantId: string | undefined): PhoneNumber | undefined {
    if (!assistantId) return undefined;
    for (const phone of this.phoneNumbers.values()) {
      if (phone.assistantId === assistantId) return phone;
    }
    return undefined;
  }
}
