import type { Vapi } from '@vapi-ai/server-sdk';
import { AGENT_TOOL_NAMES, type AgentHealth } from '@switchboard/shared/agents';
import {
  carriesOurAuth,
  isOurInlineTool,
  mergeServer,
  missingServerMessages,
  monitorPlanMatches,
  modelTools,
  withOurServerMessages,
  type OurServer,
} from './assistant-settings';
import type { ManagedTool } from './managed-tools';

// Agent health: can the platform reach us for this assistant, the way we check it? And the
// repair: our server settings re-applied with a PATCH that keeps every foreign field and tool.

type ModelWithTools = Record<string, unknown> & {
  tools?: Vapi.OpenAiModelToolsItem[];
  toolIds?: string[];
};

/** The messages we need, in the words of the health panel. */
const MESSAGE_WORDS: Record<string, string> = {
  'status-update': 'its call status updates',
  'end-of-call-report': 'its end-of-call reports',
  'tool-calls': 'its tool calls',
  'conversation-update': 'its live transcript',
};

function toolsOf(assistant: Vapi.Assistant): Vapi.OpenAiModelToolsItem[] {
  return ((assistant.model ?? {}) as ModelWithTools).tools ?? [];
}

function toolIdsOf(assistant: Vapi.Assistant): string[] {
  const ids = ((assistant.model ?? {}) as ModelWithTools).toolIds;
  return Array.isArray(ids) ? ids : [];
}

/**
 * Agent health. `managed` is the agent's business's create_enquiry and book_appointment tools
 * (undefined: no business owns the agent): each must be one of the assistant's `toolIds`, exist
 * on the platform, and send to our webhook (its own server, else the assistant's) with our
 * authentication.
 */
export function agentHealth(
  assistant: Vapi.Assistant,
  ours: OurServer | undefined,
  lastWebhookAt: Date | null,
  managed: readonly ManagedTool[] | undefined,
  /** The monitorPlan the agent should carry (ourMonitorPlan); absent: not checked. */
  monitor?: Vapi.MonitorPlan,
): AgentHealth {
  const server = assistant.server;
  const serverPointsAtUs = ours !== undefined && server?.url === ours.url;
  const serverAuthenticated = ours !== undefined && carriesOurAuth(server, ours);
  const ids = toolIdsOf(assistant);
  const tools = AGENT_TOOL_NAMES.map((name) => {
    const entry = managed?.find((candidate) => candidate.name === name);
    const tool = entry?.id && ids.includes(entry.id) ? entry.tool : undefined;
    // A tool without a server of its own sends to the assistant's.
    const target = tool?.server?.url ? tool.server : server;
    return {
      name,
      present: tool !== undefined,
      pointsAtUs: tool !== undefined && ours !== undefined && target?.url === ours.url,
      authenticated: tool !== undefined && ours !== undefined && carriesOurAuth(target, ours),
    };
  });
  const inline = new Set(
    toolsOf(assistant)
      .filter(isOurInlineTool)
      .map((tool) => tool.function?.name),
  );
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
    const missing = missingServerMessages(assistant.serverMessages);
    if (missing.length > 0)
      problems.push(
        `The agent does not send ${missing.map((type) => MESSAGE_WORDS[type] ?? type).join(', ')} to Switchboard.`,
      );
    if (monitor && !monitorPlanMatches(assistant.monitorPlan, monitor))
      problems.push(
        monitor.listenEnabled === false && assistant.monitorPlan?.listenEnabled !== false
          ? 'Live listening is turned off for this agent here, but its calls can still be listened to.'
          : 'Live listening and stepping into calls are not set up on the agent as Switchboard needs.',
      );
    if (!managed)
      problems.push(
        'The agent is not assigned to a business: its enquiry and appointment tools are attached once it is.',
      );
    else
      for (const tool of tools) {
        if (!tool.present)
          problems.push(
            inline.has(tool.name)
              ? `The ${tool.name} tool is defined on the agent itself, not attached as Switchboard's tool.`
              : `The ${tool.name} tool is missing.`,
          );
        else if (!tool.pointsAtUs)
          problems.push(`The ${tool.name} tool does not send to Switchboard.`);
        else if (!tool.authenticated)
          problems.push(`The ${tool.name} tool does not carry Switchboard's webhook secret.`);
      }
  }
  return {
    ok: problems.length === 0,
    missingServerMessages: missingServerMessages(assistant.serverMessages),
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
 * The PATCH that points the assistant at us again and attaches our tools by id: its server
 * with our URL and authentication merged in, its serverMessages with the types we need added; its model with our inline copies (from before
 * toolIds) replaced by the business's tool ids. Other tools, tool ids and fields stay.
 */
export function repairBody(
  assistant: Vapi.Assistant,
  ours: OurServer | undefined,
  managedToolIds: readonly string[] | undefined,
  monitor?: Vapi.MonitorPlan,
): Omit<Vapi.UpdateAssistantDto, 'id'> {
  const model = (assistant.model ?? {}) as ModelWithTools;
  const { tools, toolIds } = modelTools(
    model,
    undefined,
    managedToolIds ? { managedToolIds, ownedToolIds: new Set(managedToolIds) } : undefined,
  );
  const { tools: _tools, toolIds: _toolIds, ...rest } = model;
  return {
    ...(ours
      ? {
          server: mergeServer(assistant.server, ours, { timeoutSeconds: 20 }),
          serverMessages: withOurServerMessages(assistant.serverMessages),
        }
      : {}),
    ...(monitor ? { monitorPlan: { ...assistant.monitorPlan, ...monitor } } : {}),
    ...(assistant.model
      ? {
          model: {
            ...rest,
            ...(tools.length > 0 ? { tools } : {}),
            ...(toolIds.length > 0 ? { toolIds } : {}),
          } as unknown as Vapi.UpdateAssistantDtoModel,
        }
      : {}),
  };
}

/** Whether an assistant still needs our tools attached by id (or an inline copy dropped). */
export function needsToolMigration(
  assistant: Vapi.Assistant,
  managedToolIds: readonly string[],
): boolean {
  const ids = toolIdsOf(assistant);
  return toolsOf(assistant).some(isOurInlineTool) || managedToolIds.some((id) => !ids.includes(id));
}
