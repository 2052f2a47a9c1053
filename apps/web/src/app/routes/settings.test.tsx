import { screen, waitFor, within } from '@testing-library/react';
import type { Business, TeamMember } from '@switchboard/shared/account';
import type { SessionUser } from '@switchboard/shared/auth';
import { describe, expect, it } from 'vitest';
import {
  buildAdminUser,
  buildSessionUser,
  errorResponse,
  jsonResponse,
  stubApi,
} from '../../test/fake-api';
import { renderApp } from '../../test/render';

const business: Business = {
  id: 'business-1',
  name: 'Bright Smile Dental',
  email: 'hello@brightsmile.example',
  phone: '+12125550100',
  website: 'https://brightsmile.example',
  country: 'United States',
  timezone: 'America/New_York',
};

const owner = buildSessionUser({ role: 'owner' });
const member = buildSessionUser({ id: 'user-2', role: 'member', userName: 'sam@b.example' });

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

describe('settings', { timeout: 30_000 }, () => {
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
    await user.click(await screen.findByRole('option', { name: /Asia\/Tokyo/ }));
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
    const table = await screen.findByRole('table', { name: 'Team members' });
    expect(within(table).getByText('sam@b.example')).toBeInTheDocument();
    expect(within(table).queryByRole('combobox', { name: /role of/i })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Send invitation' })).toBeNull();
  });

  it('an owner changes a role, and sees why the last owner cannot step down', async () => {
    const api = settingsApi(owner, {
      'PUT /api/team/members/user-2/role': () => jsonResponse({ ...team[1], role: 'owner' }),
      'PUT /api/team/members/user-1/role': () =>
        errorResponse(
          409,
          'LAST_OWNER',
          'A business needs at least one owner: make someone else an owner first.',
        ),
    });
    const { user } = renderApp('/settings?section=team');
    await user.click(await screen.findByRole('combobox', { name: 'Role of sam@b.example' }));
    await user.click(await screen.findByRole('option', { name: 'Owner' }));
    await waitFor(() => expect(api.calls('PUT /api/team/members/user-2/role')).toHaveLength(1));
    expect(api.calls('PUT /api/team/members/user-2/role')[0]?.body).toEqual({ role: 'owner' });

    await user.click(screen.getByRole('combobox', { name: `Role of ${owner.email}` }));
    await user.click(await screen.findByRole('option', { name: 'Member' }));
    expect(await screen.findByText(/needs at least one owner/)).toBeInTheDocument();
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
});
