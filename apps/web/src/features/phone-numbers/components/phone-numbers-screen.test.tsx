import { permissionMessages } from '@switchboard/shared/auth';
import type { PhoneNumber } from '@switchboard/shared/phone-numbers';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildSessionUser, errorResponse, jsonResponse, stubApi } from '../../../test/fake-api';
import { selectOption } from '../../../test/combobox';
import { buildAgent } from '../../../test/fake-agents-api';
import { renderApp } from '../../../test/render';

const MAIN: PhoneNumber = {
  id: 'p1',
  provider: 'vapi',
  number: '+12125550142',
  name: 'Main line',
  status: 'active',
  agent: { id: 'a1', name: 'Receptionist' },
  squad: null,
  fallbackNumber: null,
  createdAt: '2026-03-05T14:07:00.000Z',
};

describe('phone numbers screen', () => {
  it('lists the numbers with the agent answering each; the search is the URL’s', async () => {
    stubApi(
      {
        'GET /api/phone-numbers': () =>
          jsonResponse({
            data: [
              MAIN,
              { ...MAIN, id: 'p2', number: '+13125550187', name: 'Night line', agent: null },
            ],
          }),
      },
      { session: buildSessionUser() },
    );
    const { user, router } = renderApp('/phone-numbers?q=night');
    const table = await screen.findByRole('table', { name: 'Phone numbers', busy: false });
    expect(await within(table).findByText('+13125550187')).toBeInTheDocument();
    expect(within(table).queryByText('+12125550142')).not.toBeInTheDocument();
    // Nobody answers it and nothing forwards it: flagged, not just dimmed.
    expect(within(table).getByText('Nobody answers')).toBeInTheDocument();
    await user.clear(screen.getByRole('textbox', { name: 'Search numbers' }));
    expect(await within(table).findByText('Receptionist')).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).get('q')).toBeNull();
  });

  it('a member sees Add number and Release greyed with the reason, and nothing is sent', async () => {
    const api = stubApi(
      { 'GET /api/phone-numbers': () => jsonResponse({ data: [MAIN] }) },
      { session: buildSessionUser({ role: 'member' }) },
    );
    const { user } = renderApp('/phone-numbers');
    const table = await screen.findByRole('table', { name: 'Phone numbers', busy: false });
    // Said once on the screen (and to a screen reader with each greyed button).
    expect(
      screen.getByText(permissionMessages.onlyManagers('add or release numbers'), {
        selector: 'p',
      }),
    ).toBeInTheDocument();
    const add = screen.getByRole('button', { name: 'Add number' });
    expect(add).toHaveAttribute('aria-disabled', 'true');
    expect(add).toHaveAccessibleDescription(
      permissionMessages.onlyManagers('add or release numbers'),
    );
    await user.click(add);
    const release = await within(table).findByRole('button', { name: 'Release +12125550142' });
    expect(release).toHaveAttribute('aria-disabled', 'true');
    expect(release).toHaveAccessibleDescription(permissionMessages.onlyManagers('release numbers'));
    await user.click(release);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls('POST /api/phone-numbers')).toEqual([]);
    expect(api.calls('DELETE /api/phone-numbers/p1')).toEqual([]);
  });

  it('a manager adds and releases numbers as an owner does', async () => {
    stubApi(
      { 'GET /api/phone-numbers': () => jsonResponse({ data: [MAIN] }) },
      { session: buildSessionUser({ role: 'manager' }) },
    );
    const { user } = renderApp('/phone-numbers');
    const table = await screen.findByRole('table', { name: 'Phone numbers', busy: false });
    expect(screen.getByRole('button', { name: 'Add number' })).not.toHaveAttribute('aria-disabled');
    await user.click(await within(table).findByRole('button', { name: 'Release +12125550142' }));
    expect(await screen.findByRole('dialog', { name: 'Release this number?' })).toBeInTheDocument();
  });

  it('says so when there are none, and shows the platform failure with Try again', async () => {
    let fail = true;
    stubApi(
      {
        'GET /api/phone-numbers': () =>
          fail
            ? errorResponse(502, 'PLATFORM_ERROR', 'Failed to fetch phone numbers: status 503')
            : jsonResponse({ data: [] }),
      },
      { session: buildSessionUser() },
    );
    const { user } = renderApp('/phone-numbers');
    expect(
      await screen.findByText('Failed to fetch phone numbers: status 503'),
    ).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('No phone numbers yet')).toBeInTheDocument();
  });

  it('imports a Twilio number: the shared schema checks E.164 first, then only that provider’s fields go', async () => {
    const api = stubApi(
      {
        'GET /api/phone-numbers': () => jsonResponse({ data: [MAIN] }),
        'GET /api/agents': () =>
          jsonResponse({ data: [buildAgent({ id: 'asst_front_desk', name: 'Front desk' })] }),
        'GET /api/squads': () => jsonResponse({ data: [] }),
        'POST /api/phone-numbers': ({ body }) =>
          jsonResponse(
            {
              ...MAIN,
              id: 'p3',
              provider: 'twilio',
              number: (body as { number: string }).number,
            },
            { status: 201 },
          ),
      },
      { session: buildSessionUser() },
    );
    const { user } = renderApp('/phone-numbers');
    await user.click(await screen.findByRole('button', { name: 'Add number' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add a phone number' });
    await user.click(within(dialog).getByText('Import from Twilio'));
    await user.type(within(dialog).getByRole('textbox', { name: 'Phone number' }), '5125550188');
    await user.type(
      within(dialog).getByRole('textbox', { name: 'Twilio account SID' }),
      `AC${'ab'.repeat(16)}`,
    );
    await user.type(within(dialog).getByLabelText('Twilio auth token'), 'a-twilio-auth-token');
    await user.click(within(dialog).getByRole('button', { name: 'Import number' }));
    expect(
      await within(dialog).findByText(/Enter the number in international format/),
    ).toBeInTheDocument();
    expect(api.calls('POST /api/phone-numbers')).toHaveLength(0);

    const numberBox = within(dialog).getByRole('textbox', { name: 'Phone number' });
    await user.clear(numberBox);
    await user.type(numberBox, '+15125550188');
    await user.click(within(dialog).getByRole('button', { name: 'Import number' }));
    // Who answers it is asked before anything is sent: a number nobody answers hangs up.
    expect(
      await within(dialog).findByText(
        'Choose who answers calls to this number: an agent, a squad or a number to forward calls to',
      ),
    ).toBeInTheDocument();
    expect(api.calls('POST /api/phone-numbers')).toHaveLength(0);

    const picker = within(dialog).getByRole('combobox', { name: 'Answered by' });
    await waitFor(() => expect(picker).toBeEnabled());
    await selectOption(user, picker, 'Front desk');
    await user.click(within(dialog).getByRole('button', { name: 'Import number' }));
    await waitFor(() => expect(api.calls('POST /api/phone-numbers')).toHaveLength(1));
    expect(api.calls('POST /api/phone-numbers')[0]?.body).toEqual({
      provider: 'twilio',
      number: '+15125550188',
      twilioAccountSid: `AC${'ab'.repeat(16)}`,
      twilioAuthToken: 'a-twilio-auth-token',
      agentId: 'asst_front_desk',
    });
  });
});
