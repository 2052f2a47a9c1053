import type { Vapi } from '@vapi-ai/server-sdk';
import {
  AGENT_TOOL_NAMES,
  MODEL_PROVIDER_IDS,
  VOICE_PROVIDER_IDS,
  type AgentSettings,
  type AgentToolName,
  type ModelProvider,
  type VoiceProvider,
} from '@switchboard/shared/agents';
import { AGENT_TOOL_FUNCTIONS, AGENT_TOOL_REQUEST_MESSAGES } from '@switchboard/shared/agent-tools';

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

function isOurTool(tool: Vapi.OpenAiModelToolsItem): tool is Vapi.OpenAiModelToolsItem.Function {
  return (
    tool.type === 'function' && AGENT_TOOL_NAMES.includes(tool.function?.name as AgentToolName)
  );
}

/**
 * Our function tools, answered by our webhook when its address is known. An existing copy of a
 * tool keeps its server's other fields (and its server as it was while our address is unknown).
 */
export function agentTools(
  server: OurServer | undefined,
  existingTools: Vapi.OpenAiModelToolsItem[] = [],
): Vapi.OpenAiModelToolsItem[] {
  return AGENT_TOOL_NAMES.map((name) => {
    const previous = existingTools.find(
      (tool): tool is Vapi.OpenAiModelToolsItem.Function =>
        isOurTool(tool) && tool.function?.name === name,
    )?.server;
    const toolServer = server ? mergeServer(previous, server) : previous;
    return {
      type: 'function' as const,
      async: false,
      function: AGENT_TOOL_FUNCTIONS[name],
      ...(toolServer ? { server: toolServer } : {}),
      messages: [{ type: 'request-start' as const, content: AGENT_TOOL_REQUEST_MESSAGES[name] }],
    };
  });
}

/** The webhooks an agent must send us: calls into the store, tool calls answered. */
const SERVER_MESSAGES: Vapi.CreateAssistantDtoServerMessagesItem[] = [
  'end-of-call-report',
  'status-update',
  'tool-calls',
];

type ModelWithTools = { tools?: Vapi.OpenAiModelToolsItem[] };

/**
 * The assistant fields for a create (everything) or an update (the same fields: the form
 * always sends them all). Tools the assistant already had that are not ours are kept.
 */
export function assistantDtoFromSettings(
  settings: AgentSettings,
  options: { server: OurServer | undefined; existing?: Vapi.Assistant },
): Vapi.CreateAssistantDto {
  const existingModel = options.existing?.model as
    (Record<string, unknown> & ModelWithTools) | undefined;
  const existingTools = existingModel?.tools ?? [];
  const foreignTools = existingTools.filter((tool) => !isOurTool(tool));
  const previousMessages = Array.isArray(existingModel?.messages)
    ? (existingModel.messages as { role?: string }[]).filter((m) => m.role !== 'system')
    : [];
  const model = {
    // Keep what the form does not edit (temperature, …) when the provider stays the same.
    ...(existingModel && existingModel.provider === settings.modelProvider ? existingModel : {}),
    provider: settings.modelProvider,
    model: settings.model,
    messages: [{ role: 'system', content: settings.systemPrompt }, ...previousMessages],
    tools: [...agentTools(options.server, existingTools), ...foreignTools],
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
    serverMessages: SERVER_MESSAGES,
  };
}

function oneOf<T extends string>(values: readonly T[], value: unknown, fallback: T): T {
  return values.includes(value as T) ? (value as T) : fallback;
}

/**
 * The form's view of an assistant as the platform holds it. An assistant made elsewhere may use
 * a provider the form does not offer; the form then starts from its own default for that field.
 */
export function settingsFromAssistant(assistant: Vapi.Assistant): {
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
  const tools = (model.tools ?? []).flatMap((tool) =>
    tool.type === 'function' && tool.function?.name ? [tool.function.name] : [tool.type],
  );
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
    },
    serverUrl: assistant.server?.url ?? null,
    tools,
  };
}
