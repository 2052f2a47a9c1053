import type { Vapi } from '@vapi-ai/server-sdk';
import { AGENT_TOOL_NAMES, type AgentHealth } from '@switchboard/shared/agents';
import { agentTools, mergeServer, type OurServer } from './assistant-settings';

// Agent health: can the platform reach us for this assistant, the way we check it? And the
// repair: our server settings re-applied with a PATCH that keeps every foreign field and tool.

type ModelWithTools = Record<string, unknown> & { tools?: Vapi.OpenAiModelToolsItem[] };

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

function toolsOf(assistant: Vapi.Assistant): Vapi.OpenAiModelToolsItem[] {
  return ((assistant.model ?? {}) as ModelWithTools).tools ?? [];
}

export function agentHealth(
  assistant: Vapi.Assistant,
  ours: OurServer | undefined,
  lastWebhookAt: Date | null,
): AgentHealth {
  const server = assistant.server;
  const serverPointsAtUs = ours !== undefined && server?.url === ours.url;
  const serverAuthenticated = ours !== undefined && carriesOurAuth(server, ours);
  const tools = AGENT_TOOL_NAMES.map((name) => {
    const tool = toolsOf(assistant).find(
      (candidate) => candidate.type === 'function' && candidate.function?.name === name,
    ) as Vapi.OpenAiModelToolsItem.Function | undefined;
    // A tool without a server of its own sends to the assistant's.
    const target = tool?.server?.url ? tool.server : server;
    return {
      name,
      present: tool !== undefined,
      pointsAtUs: tool !== undefined && ours !== undefined && target?.url === ours.url,
      authenticated: tool !== undefined && ours !== undefined && carriesOurAuth(target, ours),
    };
  });
  const problems: string[] = [];
  if (!ours) problems.push('Switchboard does not know its own webhook address yet (PUBLIC_URL).');
  else {
    if (!serverPointsAtUs)
      problems.push(
        server?.url
          ? `The agent sends its calls to ${server.url}, not to Switchboard.`
          : 'The agent has no server URL: its calls are not sent to Switchboard.',
      );
    else if (!serverAuthenticated)
      problems.push(
        "The agent's server does not carry Switchboard's webhook secret: its calls are refused.",
      );
    for (const tool of tools) {
      if (!tool.present) problems.push(`The ${tool.name} tool is missing.`);
      else if (!tool.pointsAtUs)
        problems.push(`The ${tool.name} tool does not send to Switchboard.`);
      else if (!tool.authenticated)
        problems.push(`The ${tool.name} tool does not carry Switchboard's webhook secret.`);
    }
  }
  return {
    ok: problems.length === 0,
    webhookUrl: ours?.url ?? null,
    serverUrl: server?.url ?? null,
    serverPointsAtUs,
    serverAuthenticated,
    tools,
    lastWebhookAt: lastWebhookAt?.toISOString() ?? null,
    problems,
  };
}

/**
 * The PATCH that points the assistant and our tools at us again: its server and model as the
 * platform has them, with our URL and authentication merged in and our tools (re)added; other
 * tools and every other field stay as they are.
 */
export function repairBody(
  assistant: Vapi.Assistant,
  ours: OurServer,
): Omit<Vapi.UpdateAssistantDto, 'id'> {
  const model = (assistant.model ?? {}) as ModelWithTools;
  const existingTools = model.tools ?? [];
  const foreign = existingTools.filter(
    (tool) =>
      !(
        tool.type === 'function' &&
        (AGENT_TOOL_NAMES as readonly string[]).includes(tool.function?.name ?? '')
      ),
  );
  return {
    server: mergeServer(assistant.server, ours, { timeoutSeconds: 20 }),
    ...(assistant.model
      ? {
          model: {
            ...model,
            tools: [...agentTools(ours, existingTools), ...foreign],
          } as unknown as Vapi.UpdateAssistantDtoModel,
        }
      : {}),
  };
}
