import {
  DEFAULT_AGENT_SETTINGS,
  type Agent,
  type AgentHealth,
  type AgentSettings,
  type AgentSettingsResponse,
} from '@switchboard/shared/agents';
import type { DashboardStatistics } from '@switchboard/shared/analytics';
import type { SessionUser } from '@switchboard/shared/auth';
import {
  buildSessionUser,
  errorResponse,
  jsonResponse,
  stubApi,
  type ApiRequest,
} from './fake-api';

/** An agent as GET /api/agents lists it; a busy one unless overridden. */
export function buildAgent(overrides: Partial<Agent> = {}): Agent {
  return {
    id: 'asst_front_desk',
    name: 'Front desk',
    phoneNumber: '+353 1 555 0100',
    businessId: 'business-1',
    businessName: 'Bright Smile Dental',
    timeZone: 'Europe/Dublin',
    last7Days: { calls: 12, successRate: 72.5, spend: 4.5 },
    lastCallAt: '2026-03-05T14:07:00.000Z',
    lastCallAtText: 'Mar 5, 2026, 14:07',
    createdAt: '2026-02-01T09:00:00.000Z',
    ...overrides,
  };
}

export function buildDashboardStatistics(
  overrides: Partial<DashboardStatistics> = {},
): DashboardStatistics {
  return {
    timeZone: 'Europe/Dublin',
    calls: {
      today: { calls: 5, minutes: 3.5, spend: 0.75, successRate: null },
      last7Days: { calls: 42, minutes: 87.25, spend: 12.3, successRate: 72.5 },
    },
    contacts: { total: 120, newLast7Days: 8 },
    enquiries: { open: 6, unread: 2 },
    appointments: { today: 3, upcoming: 14 },
    ...overrides,
  };
}

const WEBHOOK_URL = 'https://switchboard.example/api/platform/webhook';

/** An agent's health as GET /api/agents/:id/health answers it; connected unless overridden. */
export function buildAgentHealth(overrides: Partial<AgentHealth> = {}): AgentHealth {
  return {
    ok: true,
    webhookUrl: WEBHOOK_URL,
    serverUrl: WEBHOOK_URL,
    serverPointsAtUs: true,
    serverAuthenticated: true,
    missingServerMessages: [],
    tools: ['create_enquiry', 'book_appointment'].map((name) => ({
      name,
      present: true,
      pointsAtUs: true,
      authenticated: true,
    })),
    lastWebhookAt: '2026-03-05T14:07:00.000Z',
    problems: [],
    ...overrides,
  };
}

/** The id POST /api/agents gives the agent it creates. */
export const NEW_AGENT_ID = 'asst_new';

type Handler = (request: ApiRequest) => Response | Promise<Response>;

type FakeAgentsApiOptions = {
  agents?: Agent[];
  session?: SessionUser;
  /** Each agent's health until repaired (default: connected). */
  health?: AgentHealth;
  /** The business's own tools offered for attaching (GET /api/agent-tools). */
  customTools?: { id: string; name: string }[];
  /** Replace or add handlers ("METHOD /api/path"), e.g. to make one request fail. */
  handlers?: Record<string, Handler>;
};

/**
 * A fake of the agents API that remembers changes (create, save, delete) the way the server
 * would, plus the dashboard statistics, so the whole /dashboard screen has answers.
 */
export function stubAgentsApi({
  agents: initial = [buildAgent()],
  session = buildSessionUser(),
  health = buildAgentHealth(),
  customTools = [],
  handlers = {},
}: FakeAgentsApiOptions = {}) {
  const healthOf = new Map<string, AgentHealth>();
  const agents = initial.map((agent) => ({ ...agent }));
  const settings = new Map<string, AgentSettings>(
    agents.map((agent) => [agent.id, { ...DEFAULT_AGENT_SETTINGS, name: agent.name }]),
  );

  const perAgent = (agentId: string): Record<string, Handler> => {
    const path = `/api/agents/${agentId}`;
    return {
      [`GET ${path}/settings`]: () => {
        const current = settings.get(agentId);
        if (!current) return errorResponse(404, 'NOT_FOUND', 'Agent not found');
        return jsonResponse({
          id: agentId,
          settings: current,
          serverUrl: 'https://switchboard.example/api/platform/webhook',
          tools: ['create_enquiry', 'book_appointment'],
        } satisfies AgentSettingsResponse);
      },
      [`GET ${path}/health`]: () => jsonResponse(healthOf.get(agentId) ?? health),
      [`POST ${path}/repair`]: () => {
        const repaired = buildAgentHealth({ lastWebhookAt: health.lastWebhookAt });
        healthOf.set(agentId, repaired);
        return jsonResponse(repaired);
      },
      [`PATCH ${path}`]: ({ body }) => {
        const agent = agents.find((candidate) => candidate.id === agentId);
        if (!agent) return errorResponse(404, 'NOT_FOUND', 'Agent not found');
        const next = body as AgentSettings;
        settings.set(agentId, next);
        agent.name = next.name;
        return jsonResponse(agent);
      },
      [`DELETE ${path}`]: () => {
        const index = agents.findIndex((candidate) => candidate.id === agentId);
        if (index < 0) return errorResponse(404, 'NOT_FOUND', 'Agent not found');
        agents.splice(index, 1);
        settings.delete(agentId);
        return new Response(null, { status: 204 });
      },
    };
  };

  const api = stubApi(
    {
      'GET /api/agents': () => jsonResponse({ data: agents }),
      'GET /api/agent-tools': () => jsonResponse({ custom: customTools }),
      'GET /api/statistics/dashboard': () => jsonResponse(buildDashboardStatistics()),
      'POST /api/agents': ({ body }) => {
        const created = buildAgent({
          id: NEW_AGENT_ID,
          name: (body as AgentSettings).name,
          phoneNumber: null,
          last7Days: { calls: 0, successRate: null, spend: 0 },
          lastCallAt: null,
          lastCallAtText: null,
        });
        agents.push(created);
        settings.set(created.id, body as AgentSettings);
        return jsonResponse(created, { status: 201 });
      },
      ...Object.fromEntries(
        [...agents.map((agent) => agent.id), NEW_AGENT_ID].flatMap((id) =>
          Object.entries(perAgent(id)),
        ),
      ),
      ...handlers,
    },
    { session },
  );
  return { ...api, agents };
}
