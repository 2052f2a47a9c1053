import { permissionMessages } from '@switchboard/shared/auth';
import type { Campaign, CampaignContact, CampaignOptions } from '@switchboard/shared/campaigns';
import { buildPaginationMeta } from '@switchboard/shared/pagination';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildSessionUser, errorResponse, jsonResponse, stubApi } from '../../../test/fake-api';
import { fakeMatchMedia } from '../../../test/match-media';
import { renderApp } from '../../../test/render';
import { selectOption } from '../../../test/combobox';

function buildCampaign(overrides: Partial<Campaign> = {}): Campaign {
  return {
    id: 'c1',
    name: 'Spring recall',
    status: 'running',
    agentId: 'a1',
    squadId: null,
    targetName: 'Receptionist',
    phoneNumberId: 'p1',
    audience: { kind: 'all' },
    startAt: '2026-03-05T09:00:00.000Z',
    callingHoursStart: '09:00',
    callingHoursEnd: '17:00',
    timeZone: 'Europe/Dublin',
    maxConcurrency: 10,
    skippedDoNotCall: 1,
    skippedDuplicates: 0,
    skippedNoPhone: 2,
    hold: null,
    counts: {
      total: 4,
      pending: 1,
      calling: 0,
      answered: 2,
      voicemail: 1,
      no_answer: 0,
      failed: 0,
      refused: 0,
      appointments: 1,
      enquiries: 0,
    },
    createdAt: '2026-03-05T08:00:00.000Z',
    updatedAt: '2026-03-05T08:00:00.000Z',
    ...overrides,
  };
}

const OPTIONS: CampaignOptions = {
  timeZone: 'Europe/Dublin',
  agents: [{ id: 'a1', name: 'Receptionist' }],
  squads: [],
  phoneNumbers: [{ id: 'p1', name: 'Main line' }],
  imports: [
    {
      id: '4f1c2b1e-1111-4aaa-8bbb-123456789abc',
      fileName: 'list.csv',
      createdAt: '2026-03-05T08:00:00.000Z',
      contacts: 3,
    },
  ],
};

const ROW: CampaignContact = {
  id: 'r1',
  contactId: 'k1',
  name: 'Ann Murphy',
  phone: '+353871234567',
  status: 'answered',
  callId: 'call-1',
  endedReason: 'customer-ended-call',
  reason: null,
  agentId: 'a1',
  appointments: 1,
  enquiries: 0,
  updatedAt: '2026-03-05T09:05:00.000Z',
};

describe('campaigns', () => {
  it('lists campaigns with progress and creates one from an import', async () => {
    const api = stubApi(
      {
        'GET /api/campaigns': () => jsonResponse({ data: [buildCampaign()] }),
        'GET /api/campaigns/options': () => jsonResponse(OPTIONS),
        'POST /api/campaigns': () =>
          jsonResponse(buildCampaign({ id: 'c2', name: 'From list' }), { status: 201 }),
        'GET /api/campaigns/c2': () => jsonResponse(buildCampaign({ id: 'c2', name: 'From list' })),
        'GET /api/campaigns/c2/contacts': () =>
          jsonResponse({ data: [ROW], meta: buildPaginationMeta(1, 1, 50) }),
      },
      { session: buildSessionUser() },
    );
    const { user, router } = renderApp('/campaigns');
    const table = await screen.findByRole('table', { name: 'Campaigns' });
    expect(await within(table).findByText('Spring recall')).toBeInTheDocument();
    expect(within(table).getByText('3 of 4 called')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New campaign' }));
    const dialog = await screen.findByRole('dialog', { name: 'New campaign' });
    // Nothing chosen: the shared schema's messages, and no request.
    await user.click(within(dialog).getByRole('button', { name: 'Start campaign' }));
    expect(await within(dialog).findByText('Please enter a name')).toBeInTheDocument();
    expect(within(dialog).getByText('Please choose an agent or a squad')).toBeInTheDocument();
    expect(api.calls('POST /api/campaigns')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'From list');
    await selectOption(
      user,
      within(dialog).getByRole('combobox', { name: /^Agent/ }),
      'Receptionist',
    );
    await selectOption(
      user,
      within(dialog).getByRole('combobox', { name: /^Call from/ }),
      'Main line',
    );
    await user.click(within(dialog).getByText('One import'));
    await selectOption(
      user,
      within(dialog).getByRole('combobox', { name: /^Import/ }),
      'list.csv (3 contacts)',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Start campaign' }));

    await waitFor(() => expect(api.calls('POST /api/campaigns')).toHaveLength(1));
    expect(api.calls('POST /api/campaigns')[0]?.body).toEqual({
      name: 'From list',
      agentId: 'a1',
      phoneNumberId: 'p1',
      audience: { kind: 'import', importId: OPTIONS.imports[0]!.id },
      callingHoursStart: '09:00',
      callingHoursEnd: '17:00',
      maxConcurrency: 10,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/campaigns/c2'));
    const rows = await screen.findByRole('table', { name: 'Campaign contacts' });
    expect(within(rows).getByText('Ann Murphy')).toBeInTheDocument();
    expect(within(rows).getByRole('link', { name: 'View call' })).toHaveAttribute(
      'href',
      '/agent/a1/call-logs?call=call-1',
    );
    expect(within(rows).getByRole('link', { name: '1 appointment' })).toHaveAttribute(
      'href',
      '/contacts/k1',
    );
  });

  it('pauses a running campaign and shows a refusal', async () => {
    let status: Campaign['status'] = 'running';
    const api = stubApi(
      {
        'GET /api/campaigns/c1': () => jsonResponse(buildCampaign({ status })),
        'GET /api/campaigns/c1/contacts': () =>
          jsonResponse({ data: [ROW], meta: buildPaginationMeta(1, 1, 50) }),
        'PATCH /api/campaigns/c1': ({ body }) => {
          if ((body as { action: string }).action === 'cancel')
            return errorResponse(502, 'PLATFORM_ERROR', 'Failed to update campaign: status 503');
          status = 'paused';
          return jsonResponse(buildCampaign({ status }));
        },
      },
      { session: buildSessionUser() },
    );
    const { user } = renderApp('/campaigns/c1');
    await user.click(await screen.findByRole('button', { name: 'Pause' }));
    expect(await screen.findByRole('button', { name: 'Resume' })).toBeInTheDocument();
    expect(api.calls('PATCH /api/campaigns/c1')[0]?.body).toEqual({ action: 'pause' });
    await user.click(screen.getByRole('button', { name: 'Cancel campaign' }));
    expect(await screen.findByText('Failed to update campaign: status 503')).toBeInTheDocument();
  });

  it('a member sees New campaign, Pause and Cancel greyed with the reason, and sends nothing', async () => {
    const api = stubApi(
      {
        'GET /api/campaigns': () => jsonResponse({ data: [buildCampaign()] }),
        'GET /api/campaigns/c1': () => jsonResponse(buildCampaign()),
        'GET /api/campaigns/c1/contacts': () =>
          jsonResponse({ data: [ROW], meta: buildPaginationMeta(1, 1, 50) }),
      },
      { session: buildSessionUser({ role: 'member' }) },
    );
    const { user } = renderApp('/campaigns');
    const start = await screen.findByRole('button', { name: 'New campaign' });
    expect(start).toHaveAttribute('aria-disabled', 'true');
    expect(start).toHaveAccessibleDescription(permissionMessages.onlyManagers('start campaigns'));
    await user.click(start);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(await screen.findByRole('link', { name: 'Spring recall' }));
    const reason = permissionMessages.onlyManagers('pause, resume or cancel a campaign');
    expect(await screen.findByText(reason, { selector: 'p' })).toBeInTheDocument();
    for (const name of ['Pause', 'Cancel campaign']) {
      const button = screen.getByRole('button', { name });
      expect(button).toHaveAttribute('aria-disabled', 'true');
      expect(button).toHaveAccessibleDescription(reason);
      await user.click(button);
    }
    expect(api.calls('PATCH /api/campaigns/c1')).toEqual([]);
    expect(api.calls('POST /api/campaigns')).toEqual([]);
  });

  it('says why a number was not called, and why a running campaign waits', async () => {
    const refused: CampaignContact = {
      ...ROW,
      id: 'r2',
      name: 'Toll line',
      phone: '+19005550100',
      status: 'refused',
      callId: null,
      endedReason: null,
      reason: 'premium_rate',
      appointments: 0,
    };
    stubApi(
      {
        'GET /api/campaigns/c1': () =>
          jsonResponse(
            buildCampaign({
              hold: 'daily_calls',
              counts: { ...buildCampaign().counts, total: 5, refused: 1 },
            }),
          ),
        'GET /api/campaigns/c1/contacts': () =>
          jsonResponse({ data: [ROW, refused], meta: buildPaginationMeta(2, 1, 50) }),
      },
      { session: buildSessionUser() },
    );
    renderApp('/campaigns/c1');
    const table = await screen.findByRole('table', { name: 'Campaign contacts' });
    expect(await within(table).findByText('Premium-rate number — not called')).toBeInTheDocument();
    expect(within(table).getByText('Not called')).toBeInTheDocument();
    expect(screen.getByText('3 of 4 called · 1 not called (calling rules)')).toBeInTheDocument();
    expect(
      screen.getByText(/The daily call limit is reached — the remaining numbers are called/),
    ).toBeInTheDocument();
  });

  it('the dashboard card shows recent campaign results', async () => {
    stubApi(
      {
        'GET /api/campaigns': ({ search }) => {
          expect(search.get('limit')).toBe('5');
          return jsonResponse({ data: [buildCampaign({ status: 'completed' })] });
        },
      },
      { session: buildSessionUser() },
    );
    renderApp('/dashboard');
    const card = await screen.findByRole('region', { name: 'Recent campaigns' });
    expect(await within(card).findByText('Spring recall')).toBeInTheDocument();
    expect(
      within(card).getByText(/2 answered · 1 voicemail · 0 no answer · 0 failed/),
    ).toBeInTheDocument();
  });
  it('a change in the progress reads the numbers again in place, not dimmed', async () => {
    let version = 0;
    let release: (() => void) | undefined;
    const api = stubApi(
      {
        // Paused: nothing polls, so only the campaign's new updatedAt reads the numbers again.
        'GET /api/campaigns/c1': () =>
          jsonResponse(
            buildCampaign({ status: 'paused', updatedAt: `2026-03-05T08:0${version}:00.000Z` }),
          ),
        'GET /api/campaigns/c1/contacts': async () => {
          if (version === 0)
            return jsonResponse({ data: [ROW], meta: buildPaginationMeta(1, 1, 50) });
          await new Promise<void>((resolve) => (release = resolve));
          const row = { ...ROW, status: 'voicemail' as const };
          return jsonResponse({ data: [row], meta: buildPaginationMeta(1, 1, 50) });
        },
      },
      { session: buildSessionUser() },
    );
    const { queryClient } = renderApp('/campaigns/c1');
    const table = await screen.findByRole('table', { name: 'Campaign contacts' });
    expect(await within(table).findByText('Answered')).toBeInTheDocument();
    const reads = api.calls('GET /api/campaigns/c1/contacts').length;

    version = 1;
    await queryClient.invalidateQueries({ queryKey: ['campaigns', 'one', 'c1'] });
    await waitFor(() => expect(release).toBeDefined());
    // While the page reads again its rows stay as they are: same page, no placeholder.
    expect(table).toHaveStyle({ opacity: '1' });
    release!();
    expect(await within(table).findByText('Voicemail')).toBeInTheDocument();
    expect(api.calls('GET /api/campaigns/c1/contacts')).toHaveLength(reads + 1);
  });

  it('the numbers are cards on a phone', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      fakeMatchMedia((query) => query.includes('max-width')),
    );
    stubApi(
      {
        'GET /api/campaigns/c1': () => jsonResponse(buildCampaign()),
        'GET /api/campaigns/c1/contacts': () =>
          jsonResponse({ data: [ROW], meta: buildPaginationMeta(1, 1, 50) }),
      },
      { session: buildSessionUser() },
    );
    renderApp('/campaigns/c1');
    const list = await screen.findByRole('list', { name: 'Campaign contacts' });
    expect(screen.queryByRole('table', { name: 'Campaign contacts' })).toBeNull();
    const [card] = within(list).getAllByRole('listitem');
    expect(within(card!).getByRole('link', { name: 'Ann Murphy' })).toHaveAttribute(
      'href',
      '/contacts/k1',
    );
    expect(within(card!).getByText('Status')).toBeInTheDocument();
    expect(within(card!).getByRole('link', { name: 'View call' })).toHaveAttribute(
      'href',
      '/agent/a1/call-logs?call=call-1',
    );
    expect(within(card!).getByRole('link', { name: '1 appointment' })).toBeInTheDocument();
  });
});
