import type { PhoneNumber } from '@switchboard/shared/phone-numbers';
import type { Squad } from '@switchboard/shared/squads';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildSessionUser, errorResponse, jsonResponse, stubApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { buildAgent } from '../../../test/fake-agents-api';
import { findListbox, pickOption, selectOption } from '../../../test/combobox';

const AGENTS = [
  buildAgent({ id: 'asst_front_desk', name: 'Front desk' }),
  buildAgent({ id: 'asst_billing', name: 'Billing' }),
];

const RECEPTION: Squad = {
  id: 'squad_1',
  name: 'Reception',
  members: [
    { agentId: 'asst_front_desk', agentName: 'Front desk', handoffTo: ['asst_billing'] },
    { agentId: 'asst_billing', agentName: 'Billing', handoffTo: [] },
  ],
  createdAt: '2026-03-05T14:07:00.000Z',
  updatedAt: '2026-03-05T14:07:00.000Z',
};

async function pick(user: ReturnType<typeof renderApp>['user'], label: string, option: string) {
  await selectOption(user, screen.getByRole('combobox', { name: label }), option);
}

describe('squads screen', () => {
  it('lists the squads with their agents in order and who hands off to whom', async () => {
    stubApi(
      {
        'GET /api/squads': () => jsonResponse({ data: [RECEPTION] }),
        'GET /api/web-call/config': () =>
          jsonResponse({ mode: 'sandbox', enabled: true, apiBaseUrl: '/api/web-call' }),
      },
      { session: buildSessionUser() },
    );
    const { user } = renderApp('/squads');
    const table = await screen.findByRole('table', { name: 'Squads', busy: false });
    expect(await within(table).findByText('Reception')).toBeInTheDocument();
    expect(within(table).getByText(/1\. Front desk/)).toHaveTextContent('1. Front desk Billing');
    expect(within(table).getByLabelText('hands off to')).toBeInTheDocument();
    // "Talk to" opens the call panel for the squad.
    await user.click(within(table).getByRole('button', { name: 'Talk to Reception' }));
    expect(await screen.findByRole('heading', { name: 'Talk to squad' })).toBeInTheDocument();
    expect(screen.getByText(/A voice call with Reception in your browser/)).toBeInTheDocument();
  });

  it('says so when there are none, and shows the platform failure with Try again', async () => {
    let fail = true;
    stubApi(
      {
        'GET /api/squads': () =>
          fail
            ? errorResponse(502, 'PLATFORM_ERROR', 'Failed to fetch squads: status 503')
            : jsonResponse({ data: [] }),
      },
      { session: buildSessionUser() },
    );
    const { user } = renderApp('/squads');
    expect(await screen.findByText('Failed to fetch squads: status 503')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No squads yet')).toBeInTheDocument();
  });

  it('creates a squad of two agents with a hand-off; the form checks before sending', async () => {
    const api = stubApi(
      {
        'GET /api/squads': () => jsonResponse({ data: [] }),
        'GET /api/agents': () => jsonResponse({ data: AGENTS }),
        'POST /api/squads': () => jsonResponse(RECEPTION, { status: 201 }),
      },
      { session: buildSessionUser() },
    );
    const { user } = renderApp('/squads');
    await user.click((await screen.findAllByRole('button', { name: 'Create squad' }))[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Create a squad' });
    await user.click(within(dialog).getByRole('button', { name: 'Create squad' }));
    expect(await within(dialog).findByText('Give the squad a name')).toBeInTheDocument();
    expect(api.calls('POST /api/squads')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Reception');
    await pick(user, 'Agent 1', 'Front desk');
    await user.click(within(dialog).getByRole('button', { name: 'Add agent' }));
    await pick(user, 'Agent 2', 'Billing');
    // The first agent hands billing questions to Billing.
    const handoffs = within(dialog).getAllByLabelText('Hands the caller to');
    await selectOption(user, handoffs[0]!, 'Billing');
    await user.click(within(dialog).getByRole('button', { name: 'Create squad' }));
    await waitFor(() => expect(api.calls('POST /api/squads')).toHaveLength(1));
    expect(api.calls('POST /api/squads')[0]?.body).toEqual({
      name: 'Reception',
      members: [
        { agentId: 'asst_front_desk', handoffTo: ['asst_billing'] },
        { agentId: 'asst_billing', handoffTo: [] },
      ],
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('lets a phone number be answered by a squad (issue 20’s picker)', async () => {
    const phone: PhoneNumber = {
      id: 'p1',
      provider: 'vapi',
      number: '+12125550142',
      name: 'Main line',
      status: 'active',
      agent: { id: 'asst_front_desk', name: 'Front desk' },
      squad: null,
      fallbackNumber: null,
      createdAt: '2026-03-05T14:07:00.000Z',
    };
    const api = stubApi(
      {
        'GET /api/phone-numbers': () => jsonResponse({ data: [phone] }),
        'GET /api/agents': () => jsonResponse({ data: AGENTS }),
        'GET /api/squads': () => jsonResponse({ data: [RECEPTION] }),
        'PATCH /api/phone-numbers/p1': () =>
          jsonResponse({
            ...phone,
            agent: null,
            squad: { id: RECEPTION.id, name: RECEPTION.name },
          }),
      },
      { session: buildSessionUser() },
    );
    const { user } = renderApp('/phone-numbers');
    await user.click(await screen.findByRole('button', { name: /Edit/ }));
    const dialog = await screen.findByRole('dialog');
    const picker = within(dialog).getByRole('combobox', { name: 'Answered by' });
    await waitFor(() => expect(picker).toBeEnabled());
    await user.click(picker);
    expect(within(await findListbox(picker)).getByText('Squads')).toBeInTheDocument();
    await pickOption(user, picker, 'Reception');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.calls('PATCH /api/phone-numbers/p1')).toHaveLength(1));
    expect(api.calls('PATCH /api/phone-numbers/p1')[0]?.body).toMatchObject({
      squadId: RECEPTION.id,
    });
    expect(api.calls('PATCH /api/phone-numbers/p1')[0]?.body).not.toHaveProperty('agentId');
  });
});
