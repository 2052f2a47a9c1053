import type { Vapi } from '@vapi-ai/server-sdk';
import {
  AGENT_TOOL_NAMES,
  MODEL_PROVIDER_IDS,
  VOICE_PROVIDER_IDS,
  type AgentSettings,
  type AgentToolName,
  type AgentToolSettings,
  type ModelProvider,
  type VoiceProvider,
} from '@switchboard/shared/agents';
import { DEFAULT_SERVER_MESSAGES } from '@switchboard/shared/platform';

/**
 * The agent form's fields ⇄ the platform's assistant. The system prompt is the model's first
 * system message; the voice is `voice.voiceId` of the chosen provider; the end-call message
 * and first message are the assistant's own fields.
 */

/**
 * Our `server`: our webhook URL and how the platform proves itself to it (static headers with
 * our secret, or a webhook credential's id). Undefined while our address is not known.
 */
export type OurServer = { url: string; headers: Record<string, string>; credentialId?: string };

function headerValue(headers: Record<string, unknown> | undefined, name: string): unknown {
  const wanted = name.toLowerCase();
  return Object.entries(headers ?? {}).find(([key]) => key.toLowerCase() === wanted)?.[1];
}

/**
 * A server carries our authentication: our static headers with our values, or our credential;
 * with neither to give (HMAC against the real platform) an operator's credential must be there.
 */
export function carriesOurAuth(server: Vapi.Server | undefined, ours: OurServer): boolean {
  if (!server) return false;
  if (ours.credentialId) return server.credentialId === ours.credentialId;
  const names = Object.keys(ours.headers);
  if (names.length === 0)
    return typeof server.credentialId === 'string' && server.credentialId !== '';
  return names.every((name) => headerValue(server.headers, name) === ours.headers[name]);
}

/**
 * Our server merged into what the platform has: the URL and our headers are ours; every other
 * field an operator set (timeoutSeconds, backoffPlan, their credentialId, other headers) stays.
 */
export function mergeServer(
  existing: Vapi.Server | undefined,
  ours: OurServer,
  defaults: Partial<Vapi.Server> = {},
): Vapi.Server {
  return {
    ...defaults,
    ...existing,
    url: ours.url,
    headers: { ...withoutHeaders(existing?.headers, Object.keys(ours.headers)), ...ours.headers },
    ...(ours.credentialId ? { credentialId: ours.credentialId } : {}),
  };
}

/** Headers minus the given names, compared case-insensitively (header names are). */
function withoutHeaders(
  headers: Record<string, unknown> | undefined,
  names: string[],
): Record<string, unknown> {
  const drop = new Set(names.map((name) => name.toLowerCase()));
  return Object.fromEntries(
    Object.entries(headers ?? {}).filter(([name]) => !drop.has(name.toLowerCase())),
  );
}

/** A function tool named like one of ours, defined on the assistant itself (before toolIds). */
export function isOurInlineTool(
  tool: Vapi.OpenAiModelToolsItem,
): tool is Vapi.OpenAiModelToolsItem.Function {
  return (
    tool.type === 'function' && AGENT_TOOL_NAMES.includes(tool.function?.name as AgentToolName)
  );
}

/** The platform's built-in tools the form attaches and detaches (transient, on the assistant). */
const BUILT_IN_TYPES = ['endCall', 'dtmf', 'transferCall'] as const;
const isBuiltIn = (tool: { type?: unknown }) =>
  (BUILT_IN_TYPES as readonly unknown[]).includes(tool.type);

type InlineTool = Record<string, unknown> & { type?: unknown };
type Destination = Record<string, unknown> & { type?: unknown };

/** The built-in tools the settings ask for; a kept copy keeps its other fields. */
function builtInTools(tools: AgentToolSettings, existing: InlineTool[]): InlineTool[] {
  const previous = (type: string) => existing.find((tool) => tool.type === type);
  const result: InlineTool[] = [];
  if (tools.endCall) result.push({ ...previous('endCall'), type: 'endCall' });
  if (tools.dtmf) result.push({ ...previous('dtmf'), type: 'dtmf' });
  if (tools.transferCall) {
    const before = previous('transferCall');
    const beforeDestinations = Array.isArray(before?.destinations)
      ? (before.destinations as Destination[])
      : [];
    // Destinations the form does not show (SIP, other assistants) stay as they were.
    const others = beforeDestinations.filter((destination) => destination.type !== 'number');
    result.push({
      ...before,
      type: 'transferCall',
      destinations: [
        ...tools.transferDestinations.map(({ number, description }) => ({
          ...beforeDestinations.find((d) => d.type === 'number' && d.number === number),
          type: 'number',
          number,
          ...(description ? { description } : {}),
        })),
        ...others,
      ],
    });
  }
  return result;
}

/**
 * Which tool ids Switchboard decides for this agent: the business's managed tools (always
 * attached) and the tools the business owns (attached as the form says). Undefined for an agent
 * no business owns: its tools are left as they are until it is assigned.
 */
export type AgentToolContext = {
  /** Platform ids of the business's create_enquiry and book_appointment tools. */
  managedToolIds: readonly string[];
  /** Every tool id the business owns (managed and custom); others are foreign and kept. */
  ownedToolIds: ReadonlySet<string>;
  /** The business's knowledge bases → the search tool each is attached by (decision 035). */
  knowledgeBaseTools?: ReadonlyMap<string, string>;
};

function unique(values: string[]): string[] {
  return [...new Set(values)];
}

/**
 * The model's `tools` and `toolIds` after a save: our two tools by id (an inline copy from
 * before toolIds is dropped), the built-ins the settings ask for, the business's attached custom
 * tools, and every tool and tool id Switchboard does not own, untouched.
 */
export function modelTools(
  existing: { tools?: unknown; toolIds?: unknown } | undefined,
  settings: AgentToolSettings | undefined,
  context: AgentToolContext | undefined,
): { tools: InlineTool[]; toolIds: string[] } {
  const existingTools = Array.isArray(existing?.tools) ? (existing.tools as InlineTool[]) : [];
  const existingIds = Array.isArray(existing?.toolIds)
    ? (existing.toolIds as unknown[]).filter((id): id is string => typeof id === 'string')
    : [];
  const kept = existingTools.filter(
    (tool) =>
      !(context && isOurInlineTool(tool as Vapi.OpenAiModelToolsItem)) &&
      !(settings && isBuiltIn(tool)),
  );
  const tools = settings ? [...builtInTools(settings, existingTools), ...kept] : kept;
  if (!context) return { tools, toolIds: existingIds };
  const managed = new Set(context.managedToolIds);
  const foreign = existingIds.filter((id) => !context.ownedToolIds.has(id));
  const knowledgeTools = context.knowledgeBaseTools ?? new Map<string, string>();
  const knowledgeToolIds = new Set(knowledgeTools.values());
  const knowledge = settings?.knowledgeBaseIds
    ? settings.knowledgeBaseIds.flatMap((id) => {
        const toolId = knowledgeTools.get(id);
        return toolId ? [toolId] : [];
      })
    : existingIds.filter((id) => knowledgeToolIds.has(id));
  const custom = settings
    ? [...settings.customToolIds, ...knowledge]
    : existingIds.filter((id) => context.ownedToolIds.has(id) && !managed.has(id));
  return { tools, toolIds: unique([...context.managedToolIds, ...custom, ...foreign]) };
}

type ServerMessageType = Vapi.CreateAssistantDtoServerMessagesItem;

/** The webhooks an agent must send us: calls into the store, tool calls answered. */
export const OUR_SERVER_MESSAGES: readonly ServerMessageType[] = [
  'end-of-call-report',
  'status-update',
  'tool-calls',
  // A call's transcript as it grows, for the live calls screen (decision 059).
  'conversation-update',
];

/** The message types we need that the assistant does not send (its list, else the default). */
export function missingServerMessages(
  serverMessages: readonly string[] | undefined,
): ServerMessageType[] {
  const sent = new Set<string>(serverMessages ?? DEFAULT_SERVER_MESSAGES);
  return OUR_SERVER_MESSAGES.filter((type) => !sent.has(type));
}

/**
 * The `serverMessages` we write: an operator's own list with ours added (order kept); ours
 * alone when the assistant has none (the default list would send us every transcript turn).
 */
export function withOurServerMessages(
  serverMessages: readonly ServerMessageType[] | undefined,
): ServerMessageType[] {
  if (!serverMessages) return [...OUR_SERVER_MESSAGES];
  return [...serverMessages, ...OUR_SERVER_MESSAGES.filter((t) => !serverMessages.includes(t))];
}

type ModelWithTools = { tools?: Vapi.OpenAiModelToolsItem[]; toolIds?: string[] };

/**
 * The monitorPlan our agents carry (decision 059): live listening as the business's switch
 * says, live control on, and both URLs asking for the public key when we have one (only our
 * server connects to them).
 */
export function ourMonitorPlan(options: {
  liveListening: boolean;
  authenticated: boolean;
}): Vapi.MonitorPlan {
  return {
    listenEnabled: options.liveListening,
    controlEnabled: true,
    ...(options.authenticated
      ? { listenAuthenticationEnabled: true, controlAuthenticationEnabled: true }
      : {}),
  };
}

/**
 * Whether the assistant's monitorPlan lets us do what the business wants: listening as its
 * switch says, control on (the platform's default for both is on). Authentication is set by
 * assignment and Repair but not required here: without it the URLs are still only known to
 * whoever reads the call from the platform with the private key.
 */
export function monitorPlanMatches(
  plan: Vapi.MonitorPlan | undefined,
  wanted: Vapi.MonitorPlan,
): boolean {
  return (
    (plan?.listenEnabled ?? true) === (wanted.listenEnabled ?? true) &&
    (plan?.controlEnabled ?? true) === (wanted.controlEnabled ?? true)
  );
}

/**
 * The assistant fields for a create (everything) or an update (the same fields: the form
 * always sends them all). Tools and tool ids Switchboard does not own are kept.
 */
export function assistantDtoFromSettings(
  settings: AgentSettings,
  options: {
    server: OurServer | undefined;
    existing?: Vapi.Assistant;
    tools?: AgentToolContext | undefined;
    /** The monitorPlan to merge in (ourMonitorPlan); absent: left as it is. */
    monitorPlan?: Vapi.MonitorPlan | undefined;
  },
): Vapi.CreateAssistantDto {
  const existingModel = options.existing?.model as
    | (Record<string, unknown> & ModelWithTools)
    | undefined;
  const previousMessages = Array.isArray(existingModel?.messages)
    ? (existingModel.messages as { role?: string }[]).filter((m) => m.role !== 'system')
    : [];
  const sameProvider = existingModel && existingModel.provider === settings.modelProvider;
  const { tools, toolIds } = modelTools(existingModel, settings.tools, options.tools);
  const { tools: _tools, toolIds: _toolIds, ...keptModel } = sameProvider ? existingModel : {};
  const model = {
    // Keep what the form does not edit (temperature, …) when the provider stays the same.
    ...keptModel,
    provider: settings.modelProvider,
    model: settings.model,
    messages: [{ role: 'system', content: settings.systemPrompt }, ...previousMessages],
    ...(tools.length > 0 ? { tools } : {}),
    ...(toolIds.length > 0 ? { toolIds } : {}),
  };
  const existingVoice = options.existing?.voice as Record<string, unknown> | undefined;
  const voice = {
    ...(existingVoice && existingVoice.provider === settings.voiceProvider ? existingVoice : {}),
    provider: settings.voiceProvider,
    voiceId: settings.voiceId,
  };
  return {
    name: settings.name,
    firstMessage: settings.firstMessage,
    // An emptied end-call message is cleared on the platform, not left as it was.
    endCallMessage: settings.endCallMessage,
    model: model as unknown as Vapi.CreateAssistantDtoModel,
    voice: voice as unknown as Vapi.CreateAssistantDtoVoice,
    ...(options.server
      ? { server: mergeServer(options.existing?.server, options.server, { timeoutSeconds: 20 }) }
      : options.existing?.server
        ? { server: options.existing.server }
        : {}),
    serverMessages: withOurServerMessages(options.existing?.serverMessages),
    ...(options.monitorPlan
      ? { monitorPlan: { ...options.existing?.monitorPlan, ...options.monitorPlan } }
      : {}),
  };
}

function oneOf<T extends string>(values: readonly T[], value: unknown, fallback: T): T {
  return values.includes(value as T) ? (value as T) : fallback;
}

/** The form's view of the agent's attached tools. */
export function toolSettingsFromModel(
  model: { tools?: unknown; toolIds?: unknown },
  customToolIds: ReadonlySet<string>,
  knowledgeBaseTools?: ReadonlyMap<string, string>,
): AgentToolSettings {
  const tools = Array.isArray(model.tools) ? (model.tools as InlineTool[]) : [];
  const transfer = tools.find((tool) => tool.type === 'transferCall');
  const destinations = Array.isArray(transfer?.destinations)
    ? (transfer.destinations as Destination[])
    : [];
  const ids = Array.isArray(model.toolIds) ? (model.toolIds as unknown[]) : [];
  return {
    endCall: tools.some((tool) => tool.type === 'endCall'),
    dtmf: tools.some((tool) => tool.type === 'dtmf'),
    transferCall: transfer !== undefined,
    transferDestinations: destinations.flatMap((destination) =>
      destination.type === 'number' && typeof destination.number === 'string'
        ? [
            {
              number: destination.number,
              description:
                typeof destination.description === 'string' ? destination.description : '',
            },
          ]
        : [],
    ),
    customToolIds: ids.filter(
      (id): id is string => typeof id === 'string' && customToolIds.has(id),
    ),
    // Only for a business that has knowledge bases (absent: nothing to choose from).
    ...(knowledgeBaseTools && knowledgeBaseTools.size > 0
      ? {
          knowledgeBaseIds: [...knowledgeBaseTools].flatMap(([knowledgeBaseId, toolId]) =>
            ids.includes(toolId) ? [knowledgeBaseId] : [],
          ),
        }
      : {}),
  };
}

/**
 * The form's view of an assistant as the platform holds it. An assistant made elsewhere may use
 * a provider the form does not offer; the form then starts from its own default for that field.
 * `tools` names what the agent carries: its inline tools (function name, else type) and our
 * tools it references by id.
 */
export function settingsFromAssistant(
  assistant: Vapi.Assistant,
  owned: {
    managed: readonly { name: string; id: string | undefined }[];
    customToolIds: ReadonlySet<string>;
    knowledgeBaseTools?: ReadonlyMap<string, string>;
  } = {
    managed: [],
    customToolIds: new Set(),
  },
): {
  settings: AgentSettings;
  serverUrl: string | null;
  tools: string[];
} {
  const model = (assistant.model ?? {}) as Record<string, unknown> & ModelWithTools;
  const voice = (assistant.voice ?? {}) as Record<string, unknown>;
  const messages = Array.isArray(model.messages)
    ? (model.messages as { role?: string; content?: unknown }[])
    : [];
  const systemPrompt = messages.find((m) => m.role === 'system')?.content;
  const toolIds = Array.isArray(model.toolIds) ? (model.toolIds as unknown[]) : [];
  const tools = [
    ...owned.managed.flatMap(({ name, id }) => (id && toolIds.includes(id) ? [name] : [])),
    ...(model.tools ?? []).flatMap((tool) =>
      tool.type === 'function' && tool.function?.name ? [tool.function.name] : [tool.type],
    ),
  ];
  return {
    settings: {
      name: assistant.name ?? '',
      firstMessage: assistant.firstMessage ?? '',
      systemPrompt: typeof systemPrompt === 'string' ? systemPrompt : '',
      voiceProvider: oneOf<VoiceProvider>(VOICE_PROVIDER_IDS, voice.provider, 'vapi'),
      voiceId: typeof voice.voiceId === 'string' ? voice.voiceId : '',
      modelProvider: oneOf<ModelProvider>(MODEL_PROVIDER_IDS, model.provider, 'openai'),
      model: typeof model.model === 'string' ? model.model : '',
      endCallMessage: assistant.endCallMessage ?? '',
      tools: toolSettingsFromModel(model, owned.customToolIds, owned.knowledgeBaseTools),
    },
    serverUrl: assistant.server?.url ?? null,
    tools,
  };
}
