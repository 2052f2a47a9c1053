import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildAdminUser, errorResponse, jsonResponse } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { buildAgent, stubAgentsApi } from '../../../test/fake-agents-api';

const frontDesk = buildAgent({
  id: 'asst_front_desk',
  name: 'Front desk',
  phoneNumber: '+353 1 555 0100',
  last7Days: { calls: 12, successRate: 72.5, spend: 4.5 },
  lastCallAt: '2026-03-05T14:07:00.000Z',
  lastCallAtText: 'Mar 5, 2026, 14:07',
  timeZone: 'Europe/Dublin',
});
const afterHours = buildAgent({
  id: 'asst_after_hours',
  name: 'After hours',
  phoneNumber: null,
  businessId: null,
  businessName: null,
  last7Days: { calls: 0, successRate: null, spend: 0 },
  lastCallAt: null,
  lastCallAtText: null,
});

async function findRow(name: string) {
  const link = await screen.findByRole('link', { name });
  const row = link.closest('tr');
  if (!row) throw new Error(`No table row for ${name}`);
  return within(row);
}

function headers() {
  return screen.getAllByRole('columnheader').map((header) => header.textContent);
}

describe('dashboard agent list', () => {
  it('lists each agent with its last 7 days, formatted', async () => {
    stubAgentsApi({ agents: [frontDesk, afterHours] });
    renderApp('/dashboard');

    const busy = await findRow('Front desk');
    expect(busy.getByText('+353 1 555 0100')).toBeInTheDocument();
    expect(busy.getByText('12')).toHaveTextContent(/^12calls$/);
    expect(busy.getByText('72.5%')).toBeInTheDocument();
    expect(busy.getByText('$4.50')).toBeInTheDocument();
    // As the server wrote it, in the agent's zone (agents.int.test.ts checks the zone).
    expect(busy.getByText('Mar 5, 2026, 14:07')).toBeInTheDocument();
    for (const [name, href] of [
      ['Front desk', '/agent/asst_front_desk'],
      ['Overview of Front desk', '/agent/asst_front_desk'],
      ['Call logs of Front desk', '/agent/asst_front_desk/call-logs'],
    ]) {
      expect(busy.getByRole('link', { name })).toHaveAttribute('href', href);
    }
    expect(busy.getByRole('button', { name: 'Settings for Front desk' })).toBeInTheDocument();

    const quiet = await findRow('After hours');
    expect(quiet.getAllByText('-')).toHaveLength(2); // no phone number, no success rate
    expect(quiet.getByText('$0.00')).toBeInTheDocument();
    expect(quiet.getByText('No calls yet')).toBeInTheDocument();

    // A member sees only their business's agents: no Business column.
    expect(headers()).not.toContain('Business');
  });

  it('shows admins which business each agent answers for', async () => {
    stubAgentsApi({ agents: [frontDesk, afterHours], session: buildAdminUser() });
    renderApp('/dashboard');

    expect((await findRow('Front desk')).getByText('Bright Smile Dental')).toBeInTheDocument();
    expect((await findRow('After hours')).getByText('Unassigned')).toBeInTheDocument();
    expect(headers()).toContain('Business');
  });

  it('says "Failed to fetch agents: " and the server’s message when the list fails', async () => {
    stubAgentsApi({
      handlers: {
        'GET /api/agents': () =>
          errorResponse(502, 'PLATFORM_ERROR', 'The voice platform did not answer'),
      },
    });
    renderApp('/dashboard');

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Failed to fetch agents')).toBeInTheDocument();
    expect(
      within(alert).getByText('Failed to fetch agents: The voice platform did not answer'),
    ).toBeInTheDocument();
  });

  it('falls back to the HTTP status text when the failure has no message', async () => {
    stubAgentsApi({
      handlers: {
        'GET /api/agents': () =>
          new Response('', { status: 503, statusText: 'Service Unavailable' }),
      },
    });
    const { user } = renderApp('/dashboard');

    const alert = await screen.findByRole('alert');
    expect(
      within(alert).getByText('Failed to fetch agents: Service Unavailable'),
    ).toBeInTheDocument();

    // Trying again reaches the list once the server answers.
    stubAgentsApi({ agents: [frontDesk] });
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Front desk' })).toBeInTheDocument();
  });

  it('invites to create the first agent when there are none', async () => {
    stubAgentsApi({
      agents: [],
      handlers: { 'GET /api/agents': () => jsonResponse({ data: [] }) },
    });
    const { user } = renderApp('/dashboard');

    expect(await screen.findByText('No agents yet')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create your first agent' }));
    expect(await screen.findByRole('dialog', { name: 'Create agent' })).toBeInTheDocument();
  });
});
