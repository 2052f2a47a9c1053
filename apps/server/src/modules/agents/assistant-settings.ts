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

/** Our function tools, answered by our webhook (`serverUrl`) when it is known. */
export function agentTools(serverUrl: string | undefined): Vapi.OpenAiModelToolsItem[] {
  return AGENT_TOOL_NAMES.map((name) => ({
    type: 'function' as const,
    async: false,
    function: AGENT_TOOL_FUNCTIONS[name],
    ...(serverUrl ? { server: { url: serverUrl } } : {}),
    messages: [{ type: 'request-start' as const, content: AGENT_TOOL_REQUEST_MESSAGES[name] }],
  }));
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
  options: { serverUrl: string | undefined; existing?: Vapi.Assistant },
): Vapi.CreateAssistantDto {
  const existingModel = options.existing?.model as
    (Record<string, unknown> & ModelWithTools) | undefined;
  const foreignTools = (existingModel?.tools ?? []).filter(
    (tool) =>
      !(
        tool.type === 'function' && AGENT_TOOL_NAMES.includes(tool.function?.name as AgentToolName)
      ),
  );
  const previousMessages = Array.isArray(existingModel?.messages)
    ? (existingModel.messages as { role?: string }[]).filter((m) => m.role !== 'system')
    : [];
  const model = {
    // Keep what the form does not edit (temperature, …) when the provider stays the same.
    ...(existingModel && existingModel.provider === settings.modelProvider ? existingModel : {}),
    provider: settings.modelProvider,
    model: settings.model,
    messages: [{ role: 'system', content: settings.systemPrompt }, ...previousMessages],
    tools: [...agentTools(options.serverUrl), ...foreignTools],
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
    ...(options.serverUrl ? { server: { url: options.serverUrl, timeoutSeconds: 20 } } : {}),
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
