import { screen, waitFor, within } from '@testing-library/react';
import {
  accountMessages,
  TEAM_ROLE_DESCRIPTIONS,
  type TeamMember,
} from '@switchboard/shared/account';
import type { SessionUser } from '@switchboard/shared/auth';
import { describe, expect, it, vi } from 'vitest';
import {
  buildAdminUser,
  buildBusiness,
  buildMemberUser,
  buildSessionUser,
  errorResponse,
  jsonResponse,
  stubApi,
} from '../../test/fake-api';
import { renderApp } from '../../test/render';
import { buildAgent, buildAgentHealth } from '../../test/fake-agents-api';
import { fakeMatchMedia } from '../../test/match-media';
import { findListbox, pickOption, selectOption } from '../../test/combobox';

const business = buildBusiness();

const owner = buildSessionUser({ role: 'owner' });
const member = buildMemberUser();

const team: TeamMember[] = [
  {
    id: owner.id,
    name: 'Dr. Maya Patel',
    email: owner.email,
    role: 'owner',
    status: 'active',
    createdAt: '2026-01-01T00:00:00.000Z',
  },
  {
    id: 'user-2',
    name: 'Sam',
    email: 'sam@b.example',
    role: 'member',
    status: 'invited',
    createdAt: '2026-01-02T00:00:00.000Z',
  },
];

function settingsApi(session: SessionUser, extra: Parameters<typeof stubApi>[0] = {}) {
  return stubApi(
    {
      'GET /api/business': () => jsonResponse(business),
      'GET /api/team': () => jsonResponse({ data: team }),
      ...extra,
    },
    { session },
  );
}

describe('settings', () => {
  it('an owner saves the business; the new time zone reaches the session (everything is asked again)', async () => {
    let saved = false;
    const api = settingsApi(owner, {
      'GET /api/auth/me': () =>
        jsonResponse({
          user: saved
            ? { ...owner, business: { ...owner.business!, timezone: 'Asia/Tokyo' } }
            : owner,
        }),
      'PUT /api/business': () => {
        saved = true;
        return jsonResponse({
          ...business,
          timezone: 'Asia/Tokyo',
          website: 'https://new.example',
        });
      },
    });
    const { user } = renderApp('/settings?section=business');
    const website = await screen.findByLabelText('Website');
    await user.clear(website);
    await user.type(website, 'new.example');
    const zone = screen.getByRole('combobox', { name: /time zone/i });
    await user.click(zone);
    await user.clear(zone);
    await user.type(zone, 'Tokyo');
    await pickOption(user, zone, /Asia\/Tokyo/);
    const before = api.calls('GET /api/auth/me').length;
    await user.click(screen.getByRole('button', { name: 'Save business' }));

    await waitFor(() => expect(api.calls('PUT /api/business')).toHaveLength(1));
    expect(api.calls('PUT /api/business')[0]?.body).toMatchObject({
      website: 'https://new.example',
      timezone: 'Asia/Tokyo',
    });
    await waitFor(() => expect(api.calls('GET /api/auth/me').length).toBeGreaterThan(before));
  });

  it('a member reads the business but cannot change it, and sees the team without controls', async () => {
    settingsApi(member);
    const { user } = renderApp('/settings?section=business');
    expect(await screen.findByText(/Only an owner of the business can change/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Business name/)).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save business' })).toBeNull();

    await user.click(screen.getByRole('tab', { name: 'Team' }));
    const table = await screen.findByRole('table', { name: 'Team members', busy: false });
    expect(within(table).getByText('sam@b.example')).toBeInTheDocument();
    expect(within(table).queryByRole('combobox', { name: /role of/i })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send invitation' })).toBeNull();
  });

  it('an owner makes someone a manager, reading what each role may do in plain words', async () => {
    const api = settingsApi(owner, {
      'PUT /api/team/members/user-2/role': () => jsonResponse({ ...team[1], role: 'manager' }),
    });
    const { user } = renderApp('/settings?section=team');
    const roles = await screen.findByRole('list', { name: 'What each role may do' });
    expect(within(roles).getByText(TEAM_ROLE_DESCRIPTIONS.manager)).toBeInTheDocument();
    expect(within(roles).getByText(TEAM_ROLE_DESCRIPTIONS.member)).toBeInTheDocument();
    const role = await screen.findByRole('combobox', { name: 'Role of sam@b.example' });
    await user.click(role);
    const listbox = await findListbox(role);
    expect(within(listbox).getByRole('option', { name: /^Manager/ })).toHaveTextContent(
      /Can spend money and delete: buy and release numbers, start and stop campaigns/,
    );
    await pickOption(user, role, /^Manager/);
    await waitFor(() => expect(api.calls('PUT /api/team/members/user-2/role')).toHaveLength(1));
    expect(api.calls('PUT /api/team/members/user-2/role')[0]?.body).toEqual({ role: 'manager' });
  });

  it('the only owner who has joined can neither step down nor be removed: an invited owner does not count', async () => {
    const invitedOwner: TeamMember = {
      ...team[1]!,
      id: 'user-3',
      email: 'pending@b.example',
      role: 'owner',
      status: 'invited',
    };
    settingsApi(owner, {
      'GET /api/team': () => jsonResponse({ data: [team[0], invitedOwner, team[1]] }),
    });
    renderApp('/settings?section=team');
    const table = await screen.findByRole('table', { name: 'Team members', busy: false });
    await within(table).findByText('pending@b.example');
    expect(within(table).queryByRole('combobox', { name: `Role of ${owner.email}` })).toBeNull();
    expect(within(table).queryByRole('button', { name: `Remove ${owner.email}` })).toBeNull();
    expect(within(table).getByText(/The only owner who has joined/)).toBeInTheDocument();
    // The invited owner may be changed or removed.
    expect(
      within(table).getByRole('combobox', { name: 'Role of pending@b.example' }),
    ).toBeEnabled();
    expect(
      within(table).getByRole('button', { name: 'Remove pending@b.example' }),
    ).toBeInTheDocument();
  });

  it('an owner stepping down sees the server’s reason when another owner left meanwhile', async () => {
    const second: TeamMember = { ...team[0]!, id: 'user-4', email: 'second@b.example' };
    settingsApi(owner, {
      'GET /api/team': () => jsonResponse({ data: [team[0], second] }),
      'PUT /api/team/members/user-1/role': () =>
        errorResponse(409, 'LAST_OWNER', accountMessages.lastOwner),
    });
    const { user } = renderApp('/settings?section=team');
    await selectOption(
      user,
      await screen.findByRole('combobox', { name: `Role of ${owner.email}` }),
      /^Member/,
    );
    expect(await screen.findByText(accountMessages.lastOwner)).toBeInTheDocument();
  });

  it('an owner invites by email with a role', async () => {
    const api = settingsApi(owner, {
      'POST /api/team/invitations': () =>
        jsonResponse({ ...team[1], email: 'new@b.example' }, { status: 201 }),
    });
    const { user } = renderApp('/settings?section=team');
    await user.type(await screen.findByLabelText(/^Email/), 'new@b.example');
    await user.click(screen.getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(api.calls('POST /api/team/invitations')).toHaveLength(1));
    expect(api.calls('POST /api/team/invitations')[0]?.body).toEqual({
      email: 'new@b.example',
      name: '',
      role: 'member',
    });
  });

  it('changes the password with the current one; a wrong one shows under its field', async () => {
    const api = settingsApi(owner, {
      'POST /api/account/password': () =>
        errorResponse(400, 'VALIDATION_ERROR', 'Your current password is not correct', {
          issues: [
            { path: 'body.currentPassword', message: 'Your current password is not correct' },
          ],
        }),
    });
    const { user } = renderApp('/settings');
    await user.type(await screen.findByLabelText(/^Current password/), 'wrong-one');
    await user.type(screen.getByLabelText(/^New password/), 'short');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'short');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(
      await screen.findByText('Password must be at least 8 characters long'),
    ).toBeInTheDocument();
    expect(api.calls('POST /api/account/password')).toEqual([]);

    await user.clear(screen.getByLabelText(/^New password/));
    await user.clear(screen.getByLabelText(/^Confirm new password/));
    await user.type(screen.getByLabelText(/^New password/), 'a new long password');
    await user.type(screen.getByLabelText(/^Confirm new password/), 'a new long password');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your current password is not correct')).toBeInTheDocument();
    expect(api.calls('POST /api/account/password')[0]?.body).toEqual({
      currentPassword: 'wrong-one',
      newPassword: 'a new long password',
    });
  });

  it('the operator has the profile only, and Settings is in the user menu', async () => {
    settingsApi(buildAdminUser());
    const { user, router } = renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: /Account menu for admin/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Settings' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
    expect(await screen.findByRole('tab', { name: 'Profile' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Team' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Change password' })).toBeInTheDocument();
  });
  describe('platform: agent health', () => {
    const tokyo = (session: SessionUser): SessionUser => ({
      ...session,
      business: { ...session.business!, timezone: 'Asia/Tokyo' },
    });
    const broken = buildAgentHealth({
      ok: false,
      serverUrl: 'https://elsewhere.example/hook',
      serverPointsAtUs: false,
      missingServerMessages: ['status-update'],
      problems: [
        'The agent sends its calls to https://elsewhere.example/hook, not to Switchboard.',
        'The agent does not send its call status updates to Switchboard.',
      ],
      // 14:07 UTC is 23:07 in Tokyo, the business's zone (and 14:07 in the browser's UTC).
      lastWebhookAt: '2026-03-05T14:07:00.000Z',
    });
    const platformApi = (session: SessionUser, extra: Parameters<typeof stubApi>[0] = {}) =>
      settingsApi(session, {
        'GET /api/platform/status': () =>
          jsonResponse({
            mode: 'sandbox',
            sync: {
              status: 'idle',
              running: false,
              lastStartedAt: null,
              lastSuccessAt: '2026-03-05T14:00:00.000Z',
              lastError: null,
              consecutiveFailures: 0,
              nextRunAt: null,
              progress: { pages: 0, callsFetched: 0, callsWritten: 0 },
            },
          }),
        'GET /api/agents': () =>
          jsonResponse({
            data: [
              buildAgent(),
              buildAgent({ id: 'asst_after_hours', name: 'After hours', timeZone: 'Asia/Tokyo' }),
            ],
          }),
        'GET /api/agents/asst_front_desk/health': () => jsonResponse(buildAgentHealth()),
        'GET /api/agents/asst_after_hours/health': () => jsonResponse(broken),
        ...extra,
      });

    it('an owner sees each agent’s checks in the business’s zone and repairs the broken one', async () => {
      const api = platformApi(tokyo(owner), {
        'POST /api/agents/asst_after_hours/repair': () =>
          jsonResponse(buildAgentHealth({ lastWebhookAt: broken.lastWebhookAt })),
      });
      const { user } = renderApp('/settings?section=platform');
      const good = await screen.findByRole('region', { name: 'Health of Front desk' });
      expect(await within(good).findByText('Connected to Switchboard')).toBeInTheDocument();
      // In the business's words: what reaches Switchboard, never servers, secrets or tool names.
      expect(within(good).getByText('Calls reach Switchboard: yes')).toBeInTheDocument();
      expect(within(good).getByText('Takes enquiries from callers: yes')).toBeInTheDocument();
      expect(within(good).getByText('Books appointments: yes')).toBeInTheDocument();

      const bad = screen.getByRole('region', { name: 'Health of After hours' });
      expect(await within(bad).findByText('Needs attention')).toBeInTheDocument();
      expect(within(bad).getByText('Calls reach Switchboard: no')).toBeInTheDocument();
      expect(
        within(bad).getByText(/enquiries and bookings it makes may be lost, until it is repaired/),
      ).toBeInTheDocument();
      for (const plumbing of [/elsewhere\.example/, /status updates/, /secret/i, /Server/]) {
        expect(screen.queryByText(plumbing)).toBeNull();
      }
      expect(
        within(bad).getByText('Last call update received Mar 5, 2026, 23:07.'),
      ).toBeInTheDocument();
      // The platform's last sync is in the business's zone too, 24-hour.
      expect(screen.getByText('Mar 5, 2026, 23:00')).toBeInTheDocument();

      await user.click(within(bad).getByRole('button', { name: 'Repair' }));
      await waitFor(() =>
        expect(api.calls('POST /api/agents/asst_after_hours/repair')).toHaveLength(1),
      );
      expect(await within(bad).findByText('Connected')).toBeInTheDocument();
    });

    it('a member reads the health but cannot repair', async () => {
      const api = platformApi(tokyo(member));
      renderApp('/settings?section=platform');
      const bad = await screen.findByRole('region', { name: 'Health of After hours' });
      expect(
        await within(bad).findByText('Ask an owner of the business to repair this agent.'),
      ).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Repair' })).toBeNull();
      expect(
        screen.getByText(/Read-only: an owner of the business can repair/),
      ).toBeInTheDocument();
      expect(api.calls('POST /api/agents/asst_after_hours/repair')).toEqual([]);
    });
  });

  it('the team is a list of cards on a phone, with the owner’s controls', async () => {
    vi.spyOn(window, 'matchMedia').mockImplementation(
      fakeMatchMedia((query) => query.includes('max-width')),
    );
    settingsApi(owner);
    renderApp('/settings?section=team');
    const list = await screen.findByRole('list', { name: 'Team members' });
    expect(screen.queryByRole('table', { name: 'Team members' })).toBeNull();
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(within(cards[1]!).getByText('sam@b.example')).toBeInTheDocument();
    expect(
      within(cards[1]!).getByRole('combobox', { name: 'Role of sam@b.example' }),
    ).toBeInTheDocument();
    expect(
      within(cards[1]!).getByRole('button', { name: 'Remove sam@b.example' }),
    ).toBeInTheDocument();
  });
});
