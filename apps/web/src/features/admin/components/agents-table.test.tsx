import type { AdminAgent, AdminBusiness } from '@switchboard/shared/admin';
import type { AgentHealth } from '@switchboard/shared/agents';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  buildAdminUser,
  errorResponse,
  jsonResponse,
  stubApi,
  type ApiRequest,
} from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { selectOption } from '../../../test/combobox';

function buildAgent(overrides: Partial<AdminAgent> = {}): AdminAgent {
  return {
    id: 'agent-1',
    platformAssistantId: 'asst_front_desk',
    name: 'Front desk',
    phoneNumber: '+353 1 555 0100',
    businessId: null,
    businessName: null,
    removedAt: null,
    ...overrides,
  };
}

function buildBusiness(overrides: Partial<AdminBusiness> = {}): AdminBusiness {
  return {
    id: 'b-bright',
    name: 'Bright Smile Dental',
    email: 'office@brightsmile.example',
    country: 'Ireland',
    timezone: 'Europe/Dublin',
    createdAt: '2026-03-05T14:07:00.000Z',
    agentCount: 0,
    userCount: 1,
    ...overrides,
  };
}

const businesses = [
  buildBusiness(),
  buildBusiness({ id: 'b-acme', name: 'Acme Plumbing', email: 'hi@acme.example' }),
];

const connected: AgentHealth = {
  ok: true,
  webhookUrl: 'https://switchboard.example/api/platform/webhook',
  serverUrl: 'https://switchboard.example/api/platform/webhook',
  serverPointsAtUs: true,
  serverAuthenticated: true,
  missingServerMessages: [],
  tools: [],
  lastWebhookAt: null,
  problems: [],
};

/**
 * A fake admin API that remembers assignments; `refuse` makes every change fail. Front desk's
 * server does not carry our secret until repaired.
 */
function stubAdminApi({ refuse }: { refuse?: Response } = {}) {
  let health: AgentHealth = {
    ...connected,
    ok: false,
    serverAuthenticated: false,
    problems: [
      "The agent's server does not carry Switchboard's webhook secret: its calls are refused.",
    ],
  };
  const agents = [
    buildAgent(),
    buildAgent({
      id: 'agent-2',
      name: 'After hours',
      platformAssistantId: 'asst_after_hours',
      businessId: 'b-bright',
      businessName: 'Bright Smile Dental',
    }),
  ];
  const assign = (agentId: string) => (request: ApiRequest) => {
    if (refuse) return refuse.clone();
    const agent = agents.find((candidate) => candidate.id === agentId);
    if (!agent) return errorResponse(404, 'NOT_FOUND', 'No such agent');
    const { businessId } = request.body as { businessId: string | null };
    agent.businessId = businessId;
    agent.businessName = businesses.find((business) => business.id === businessId)?.name ?? null;
    return jsonResponse(agent);
  };
  return stubApi(
    {
      'GET /api/admin/agents': () => jsonResponse({ data: agents }),
      'GET /api/admin/businesses': () =>
        jsonResponse({
          data: businesses,
          meta: { total: 2, page: 1, limit: 100, totalPages: 1, hasNext: false, hasPrev: false },
        }),
      'GET /api/agents/asst_front_desk/health': () => jsonResponse(health),
      'POST /api/agents/asst_front_desk/repair': () => {
        health = connected;
        return jsonResponse(health);
      },
      'PUT /api/admin/agents/agent-1/business': assign('agent-1'),
      'PUT /api/admin/agents/agent-2/business': assign('agent-2'),
    },
    { session: buildAdminUser() },
  );
}

describe('admin agents', () => {
  it('assigns an agent to a business and confirms it', async () => {
    const api = stubAdminApi();
    const { user } = renderApp('/admin/agents');

    const picker = await screen.findByRole('combobox', { name: 'Business for Front desk' });
    expect(picker).toHaveValue('Unassigned');
    await selectOption(user, picker, 'Acme Plumbing');

    expect(await screen.findByText('Agent assigned')).toBeInTheDocument();
    expect(screen.getByText('Front desk now answers for Acme Plumbing.')).toBeInTheDocument();
    expect(api.calls('PUT /api/admin/agents/agent-1/business')[0]?.body).toEqual({
      businessId: 'b-acme',
    });
    expect(screen.getByRole('combobox', { name: 'Business for Front desk' })).toHaveValue(
      'Acme Plumbing',
    );
  });

  it('unassigns with the "Unassigned" option', async () => {
    const api = stubAdminApi();
    const { user } = renderApp('/admin/agents');

    const picker = await screen.findByRole('combobox', { name: 'Business for After hours' });
    await waitFor(() => expect(picker).toHaveValue('Bright Smile Dental'));
    await selectOption(user, picker, 'Unassigned');

    expect(await screen.findByText('Agent unassigned')).toBeInTheDocument();
    expect(api.calls('PUT /api/admin/agents/agent-2/business')[0]?.body).toEqual({
      businessId: null,
    });
    expect(screen.getByRole('combobox', { name: 'Business for After hours' })).toHaveValue(
      'Unassigned',
    );
  });

  it('checks an agent’s connection on request and repairs it', async () => {
    const api = stubAdminApi();
    const { user } = renderApp('/admin/agents');

    await user.click(
      await screen.findByRole('button', { name: 'Check the connection of Front desk' }),
    );
    expect(await screen.findByText('Not connected')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Repair Front desk' }));
    expect(await screen.findByText('Agent repaired')).toBeInTheDocument();
    expect(await screen.findByText('Connected')).toBeInTheDocument();
    expect(api.calls('POST /api/agents/asst_front_desk/repair')).toHaveLength(1);
    // Only the agent asked about was read from the platform.
    expect(api.calls('GET /api/agents/asst_after_hours/health')).toEqual([]);
  });

  it('puts the row back and says why when the server refuses', async () => {
    stubAdminApi({ refuse: errorResponse(404, 'NOT_FOUND', 'This agent no longer exists.') });
    const { user } = renderApp('/admin/agents');

    const picker = await screen.findByRole('combobox', { name: 'Business for Front desk' });
    await selectOption(user, picker, 'Acme Plumbing');

    expect(await screen.findByText('Could not change the assignment')).toBeInTheDocument();
    expect(screen.getByText('This agent no longer exists.')).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Business for Front desk' })).toHaveValue(
        'Unassigned',
      ),
    );
  });
});
