import { permissionMessages } from '@switchboard/shared/auth';
import type {
  CampaignResults,
  Campaign,
  CampaignContact,
  CampaignOptions,
  CampaignReview,
} from '@switchboard/shared/campaigns';
import { buildPaginationMeta } from '@switchboard/shared/pagination';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { buildSessionUser, errorResponse, jsonResponse, stubApi } from '../../../test/fake-api';
import { fakeMatchMedia } from '../../../test/match-media';
import { renderApp } from '../../../test/render';
import { selectOption } from '../../../test/combobox';

// The test DOM has no canvas: the results' chart renders its figures as text.
vi.mock('react-chartjs-2', () => import('../../../components/charts/fake-react-chartjs-2'));

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
    callingDays: [1, 2, 3, 4, 5],
    timeZone: 'Europe/Dublin',
    waitingUntil: null,
    maxConcurrency: 10,
    platformConcurrencyLimit: null,
    retry: { on: [], attempts: 1, gapMinutes: 60 },
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
      busy: 0,
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
  phoneNumbers: [{ id: 'p1', name: 'Main line · +35315550100', number: '+35315550100' }],
  imports: [
    {
      id: '4f1c2b1e-1111-4aaa-8bbb-123456789abc',
      fileName: 'list.csv',
      createdAt: '2026-03-05T08:00:00.000Z',
      contacts: 3,
    },
  ],
};

const RESULTS: CampaignResults = {
  outcomes: { answered: 2, voicemail: 1, no_answer: 0, busy: 0, failed: 0 },
  calls: 5,
  retries: 2,
  appointments: 1,
  enquiries: 0,
  cost: 1.25,
  timeZone: 'Europe/Dublin',
  callsPerHour: [
    { hour: '2026-03-09T09:00:00.000Z', calls: 3 },
    { hour: '2026-03-09T10:00:00.000Z', calls: 2 },
  ],
};

function buildReview(campaign: Campaign): CampaignReview {
  return {
    campaign,
    willCall: 3,
    leftOut: [
      { reason: 'do_not_call', label: 'Marked do-not-call', count: 1 },
      { reason: 'premium_rate', label: 'Premium-rate number', count: 1 },
    ],
    sample: [
      { name: 'Ann Murphy', phone: '+353871234567' },
      { name: 'Bob Byrne', phone: '+353871234568' },
    ],
    callerNumber: { number: '+35315550100', name: 'Main line · +35315550100' },
    target: { kind: 'agent', name: 'Receptionist' },
    // Monday 9 March 2026, 09:00 in Dublin.
    firstCallAt: '2026-03-09T09:00:00.000Z',
    averageCallSeconds: 120,
    averageFromCalls: true,
    expectedMinutes: 2,
    costPerMinute: 0.1,
    estimatedCost: 0.6,
    variables: {
      used: ['first_name', 'last_visit'],
      sample: {
        name: 'Ann Murphy',
        phone: '+353871234567',
        values: { name: 'Ann Murphy', first_name: 'Ann', last_visit: '2 March' },
      },
      missing: [{ variable: 'last_visit', count: 2 }],
    },
    dailyCap: { calls: 300, minutes: 600, callsUsedToday: 12 },
  };
}

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
  attempts: 2,
  nextAttemptAt: null,
  attemptList: [
    {
      attempt: 1,
      status: 'no_answer',
      endedReason: 'customer-did-not-answer',
      callId: 'call-0',
      at: '2026-03-05T09:00:00.000Z',
    },
    {
      attempt: 2,
      status: 'answered',
      endedReason: 'customer-ended-call',
      callId: 'call-1',
      at: '2026-03-05T09:04:00.000Z',
    },
  ],
  updatedAt: '2026-03-05T09:05:00.000Z',
};

describe('campaigns', () => {
  it('lists campaigns, makes a draft from an import, reviews it and starts it on confirmation', async () => {
    let status: Campaign['status'] = 'draft';
    const made = () =>
      buildCampaign({
        id: 'c2',
        name: 'From list',
        status,
        counts: {
          ...buildCampaign().counts,
          total: 4,
          pending: 3,
          answered: 0,
          voicemail: 0,
          refused: 1,
        },
      });
    const api = stubApi(
      {
        'GET /api/campaigns': () => jsonResponse({ data: [buildCampaign()] }),
        'GET /api/campaigns/options': () => jsonResponse(OPTIONS),
        'POST /api/campaigns': () => jsonResponse(made(), { status: 201 }),
        'GET /api/campaigns/c2': () => jsonResponse(made()),
        'GET /api/campaigns/c2/review': () => jsonResponse(buildReview(made())),
        'GET /api/campaigns/c2/contacts': () =>
          jsonResponse({ data: [ROW], meta: buildPaginationMeta(1, 1, 50) }),
        'GET /api/campaigns/c2/results': () => jsonResponse(RESULTS),
        'PATCH /api/campaigns/c2': () => {
          status = 'scheduled';
          return jsonResponse(made());
        },
      },
      { session: buildSessionUser() },
    );
    const { user, router } = renderApp('/campaigns');
    const table = await screen.findByRole('table', { name: 'Campaigns', busy: false });
    expect(await within(table).findByText('Spring recall')).toBeInTheDocument();
    expect(within(table).getByText('3 of 4 called')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'New campaign' }));
    const dialog = await screen.findByRole('dialog', { name: 'New campaign' });
    // Nothing chosen: the shared schema's messages, and no request.
    await user.click(within(dialog).getByRole('button', { name: 'Review campaign' }));
    expect(await within(dialog).findByText('Please enter a name')).toBeInTheDocument();
    expect(within(dialog).getByText('Please choose an agent or a squad')).toBeInTheDocument();
    expect(api.calls('POST /api/campaigns')).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'From list');
    await selectOption(
      user,
      within(dialog).getByRole('combobox', { name: /^Agent/ }),
      'Receptionist',
    );
    // "Call from" names the number, never the platform's id.
    await selectOption(
      user,
      within(dialog).getByRole('combobox', { name: /^Call from/ }),
      'Main line · +35315550100',
    );
    await user.click(within(dialog).getByText('One import'));
    await selectOption(
      user,
      within(dialog).getByRole('combobox', { name: /^Import/ }),
      'list.csv (3 contacts)',
    );
    // Weekdays by default; Saturday added.
    expect(within(dialog).getByRole('checkbox', { name: 'Mon' })).toBeChecked();
    expect(within(dialog).getByRole('checkbox', { name: 'Sun' })).not.toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Sat' }));
    // Retries: none by default; no answer chosen, 3 calls, 30 minutes apart.
    expect(
      within(dialog).queryByRole('textbox', { name: /Calls to a number at most/ }),
    ).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: 'No answer' }));
    const attempts = within(dialog).getByRole('textbox', { name: /Calls to a number at most/ });
    await user.clear(attempts);
    await user.type(attempts, '3');
    const gap = within(dialog).getByRole('textbox', { name: /Minutes between calls/ });
    await user.tripleClick(gap);
    await user.keyboard('30');
    await user.click(within(dialog).getByRole('button', { name: 'Review campaign' }));

    await waitFor(() => expect(api.calls('POST /api/campaigns')).toHaveLength(1));
    expect(api.calls('POST /api/campaigns')[0]?.body).toEqual({
      name: 'From list',
      agentId: 'a1',
      phoneNumberId: 'p1',
      audience: { kind: 'import', importId: OPTIONS.imports[0]!.id },
      callingHoursStart: '09:00',
      callingHoursEnd: '17:00',
      callingDays: [1, 2, 3, 4, 5, 6],
      maxConcurrency: 10,
      retry: { on: ['no_answer'], attempts: 3, gapMinutes: 30 },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/campaigns/c2'));

    // The review: who is called and who not, from which number, when, how long, what cost.
    expect(await screen.findByText('Review before starting')).toBeInTheDocument();
    const leftOut = await screen.findByRole('list', { name: 'Left out' });
    expect(within(leftOut).getByText('Marked do-not-call: 1 contact')).toBeInTheDocument();
    expect(within(leftOut).getByText('Premium-rate number: 1 contact')).toBeInTheDocument();
    expect(screen.getByText('3 contacts')).toBeInTheDocument();
    expect(screen.getByText('Main line · +35315550100')).toBeInTheDocument();
    expect(screen.getByText(/^Mon 09:00/)).toBeInTheDocument();
    expect(screen.getByText('09:00–17:00, Mon–Fri')).toBeInTheDocument();
    expect(screen.getByText(/about \$0\.60/)).toBeInTheDocument();
    const sample = screen.getByRole('table', { name: 'First to be called' });
    expect(within(sample).getByText('Bob Byrne')).toBeInTheDocument();
    // The agent's variables: a sample contact's values, and who lacks one it uses.
    const variables = screen.getByRole('table', { name: 'Variables for the first contact' });
    expect(within(variables).getByText('{{last_visit}}')).toBeInTheDocument();
    expect(within(variables).getByText('2 March')).toBeInTheDocument();
    expect(screen.getByText('{{last_visit}} is missing')).toBeInTheDocument();
    expect(screen.getByText(/2 contacts have no value for \{\{last_visit\}\}/)).toBeInTheDocument();
    // The daily limit.
    expect(screen.getByText(/300 calls and 600 minutes a day/)).toBeInTheDocument();
    expect(screen.getByText(/12 calls used today/)).toBeInTheDocument();

    // Start asks first, naming the count; "Not yet" sends nothing.
    await user.click(screen.getByRole('button', { name: 'Start campaign' }));
    const confirm = await screen.findByRole('dialog', { name: 'Start this campaign?' });
    expect(
      within(confirm).getByText(
        'From list will call 3 contacts from Main line · +35315550100, first at Mon 09:00.',
      ),
    ).toBeInTheDocument();
    await user.click(within(confirm).getByRole('button', { name: 'Not yet' }));
    expect(api.calls('PATCH /api/campaigns/c2')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Start campaign' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Start this campaign?' })).getByRole(
        'button',
        { name: 'Call 3 contacts' },
      ),
    );
    await waitFor(() => expect(api.calls('PATCH /api/campaigns/c2')).toHaveLength(1));
    expect(api.calls('PATCH /api/campaigns/c2')[0]?.body).toEqual({ action: 'start' });
    await waitFor(() =>
      expect(screen.queryByText('Review before starting')).not.toBeInTheDocument(),
    );
    const rows = await screen.findByRole('table', { name: 'Campaign contacts', busy: false });
    expect(within(rows).getByText('Ann Murphy')).toBeInTheDocument();
    expect(within(rows).getByRole('link', { name: 'View call' })).toHaveAttribute(
      'href',
      '/agent/a1/call-logs?call=call-1',
    );
    // Each call to the number, on the business's clock.
    const calls = within(rows).getByLabelText('Calls to Ann Murphy');
    expect(within(calls).getByText('1 · No answer Thu 09:00')).toBeInTheDocument();
    expect(within(calls).getByText('2 · Answered Thu 09:04')).toBeInTheDocument();
    // Results: calls with retries, what they produced and cost, per hour, and the CSV.
    expect(await screen.findByText('2 of them retries')).toBeInTheDocument();
    expect(screen.getByText('$1.25')).toBeInTheDocument();
    // Each result says what it counts; the zone is the header's, not repeated here.
    const result = (name: string) => screen.getByRole('group', { name });
    expect(result('Calls placed')).toHaveTextContent(/^Calls placed5calls2 of them retries$/);
    expect(result('Appointments')).toHaveTextContent(/^Appointments1appointment$/);
    expect(result('Enquiries')).toHaveTextContent(/^Enquiries0enquiries$/);
    expect(result('Reached')).toHaveTextContent(/^Reached2answered/);
    expect(screen.getByText('Calls per hour')).toBeInTheDocument();
    expect(screen.getAllByText(/^Times in /).map((line) => line.textContent)).toEqual([
      'Times in Europe/Dublin',
    ]);
    expect(
      screen.getByRole('img', {
        name: 'Bar chart of calls placed per hour (Europe/Dublin): 5 in total; busiest hour Mon 09:00 with 3.',
      }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download every call (CSV)' })).toHaveAttribute(
      'href',
      '/api/campaigns/c2/calls.csv',
    );
  });

  it('pauses a running campaign and shows a refusal', async () => {
    let status: Campaign['status'] = 'running';
    const api = stubApi(
      {
        'GET /api/campaigns/c1': () => jsonResponse(buildCampaign({ status })),
        'GET /api/campaigns/c1/results': () => jsonResponse(RESULTS),
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
    // Cancel asks first and says what happens to the calls in progress.
    await user.click(screen.getByRole('button', { name: 'Cancel campaign' }));
    const confirm = await screen.findByRole('dialog', { name: 'Cancel this campaign?' });
    expect(
      within(confirm).getByText(
        /No call is in progress\. No new calls are placed; 1 number not yet called will not be called\. This cannot be undone\./,
      ),
    ).toBeInTheDocument();
    expect(api.calls('PATCH /api/campaigns/c1')).toHaveLength(1);
    await user.click(within(confirm).getByRole('button', { name: 'Cancel campaign' }));
    expect(
      await within(confirm).findByText('Failed to update campaign: status 503'),
    ).toBeInTheDocument();
    expect(within(confirm).getByRole('button', { name: 'Keep it running' })).toBeInTheDocument();
  });

  it('a member sees New campaign, Pause and Cancel greyed with the reason, and sends nothing', async () => {
    const api = stubApi(
      {
        'GET /api/campaigns': () => jsonResponse({ data: [buildCampaign()] }),
        'GET /api/campaigns/c1': () => jsonResponse(buildCampaign()),
        'GET /api/campaigns/c1/results': () => jsonResponse(RESULTS),
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
        'GET /api/campaigns/c1/results': () => jsonResponse(RESULTS),
        'GET /api/campaigns/c1/contacts': () =>
          jsonResponse({ data: [ROW, refused], meta: buildPaginationMeta(2, 1, 50) }),
      },
      { session: buildSessionUser() },
    );
    renderApp('/campaigns/c1');
    const table = await screen.findByRole('table', { name: 'Campaign contacts', busy: false });
    expect(await within(table).findByText('Premium-rate number — not called')).toBeInTheDocument();
    expect(within(table).getByText('Not called')).toBeInTheDocument();
    expect(screen.getByText('3 of 4 called · 1 not called (calling rules)')).toBeInTheDocument();
    expect(
      screen.getByText(/The daily call limit is reached — the remaining numbers are called/),
    ).toBeInTheDocument();
  });

  it('says when a campaign outside its calling hours calls next, in the business’s zone', async () => {
    const waiting = buildCampaign({
      id: 'c2',
      status: 'scheduled',
      // Monday 9 March 2026, 09:00 in Dublin (UTC+0 in March).
      waitingUntil: '2026-03-09T09:00:00.000Z',
    });
    stubApi(
      {
        'GET /api/campaigns': () => jsonResponse({ data: [waiting] }),
        'GET /api/campaigns/c2': () => jsonResponse(waiting),
        'GET /api/campaigns/c2/contacts': () =>
          jsonResponse({ data: [ROW], meta: buildPaginationMeta(1, 1, 50) }),
      },
      { session: buildSessionUser() },
    );
    renderApp('/campaigns/c2');
    expect(
      await screen.findByText('Waiting for calling hours — next call Mon 09:00'),
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
      within(card).getByText(/2 answered · 1 voicemail · 0 no answer · 0 busy · 0 failed/),
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
        'GET /api/campaigns/c1/results': () => jsonResponse(RESULTS),
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
    const table = await screen.findByRole('table', { name: 'Campaign contacts', busy: false });
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
        'GET /api/campaigns/c1/results': () => jsonResponse(RESULTS),
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

  it('warns in the review when more calls at a time are chosen than the platform allows by default', async () => {
    let campaign = buildCampaign({ id: 'c3', status: 'draft', maxConcurrency: 20 });
    stubApi(
      {
        'GET /api/campaigns/c3': () => jsonResponse(campaign),
        'GET /api/campaigns/c3/review': () => jsonResponse(buildReview(campaign)),
        'GET /api/campaigns/c3/results': () => jsonResponse(RESULTS),
        'GET /api/campaigns/c3/contacts': () =>
          jsonResponse({ data: [], meta: buildPaginationMeta(0, 1, 50) }),
      },
      { session: buildSessionUser() },
    );
    const first = renderApp('/campaigns/c3');
    expect(await screen.findByText('Review before starting')).toBeInTheDocument();
    expect(await screen.findByText(/^20 at a time/)).toBeInTheDocument();
    expect(
      screen.getByText('Your voice platform account’s limit of calls at once is not known here'),
    ).toBeInTheDocument();
    expect(
      screen.getByText('More calls at a time than the platform may allow'),
    ).toBeInTheDocument();
    expect(
      screen.getByText(
        /Voice platform accounts take 10 calls at once unless their limit was raised/,
      ),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/Calls beyond your account’s limit wait for a free line/),
    ).toBeInTheDocument();
    first.unmount();

    // Within the platform's default and the account's known limit: no warning.
    campaign = buildCampaign({
      id: 'c3',
      status: 'draft',
      maxConcurrency: 10,
      platformConcurrencyLimit: 10,
    });
    renderApp('/campaigns/c3');
    expect(await screen.findByText('Review before starting')).toBeInTheDocument();
    expect(
      await screen.findByText('Your voice platform account allows 10 calls at once'),
    ).toBeInTheDocument();
    expect(screen.queryByText('More calls at a time than the platform may allow')).toBeNull();
    expect(screen.getByText(/about 2 min at 10 at a time/)).toBeInTheDocument();
  });

  it('says a call the busy platform account refused is called again, not counted as a call', async () => {
    const waited: CampaignContact = {
      ...ROW,
      attemptList: [
        {
          attempt: 1,
          status: 'platform_busy',
          endedReason: 'call.start.error-subscription-concurrency-limit-reached',
          callId: 'call-refused',
          at: '2026-03-05T08:59:00.000Z',
        },
        ...ROW.attemptList,
      ],
    };
    stubApi(
      {
        'GET /api/campaigns/c1': () =>
          jsonResponse(buildCampaign({ platformConcurrencyLimit: 10 })),
        'GET /api/campaigns/c1/results': () => jsonResponse(RESULTS),
        'GET /api/campaigns/c1/contacts': () =>
          jsonResponse({ data: [waited], meta: buildPaginationMeta(1, 1, 50) }),
      },
      { session: buildSessionUser() },
    );
    renderApp('/campaigns/c1');
    const table = await screen.findByRole('table', { name: 'Campaign contacts', busy: false });
    const calls = within(table).getByLabelText('Calls to Ann Murphy');
    expect(
      within(calls).getByText(
        'Your voice platform account was busy: called again when a line was free (Thu 08:59)',
      ),
    ).toBeInTheDocument();
    expect(within(calls).getByText('1 · No answer Thu 09:00')).toBeInTheDocument();
    expect(
      screen.getByText(/10 at a time \(your voice platform account allows 10\)/),
    ).toBeInTheDocument();
  });
});
