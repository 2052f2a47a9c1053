import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildSessionUser, errorResponse, jsonResponse, stubApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';

async function openSetPassword(path = '/set-password?token=tok_123') {
  const app = renderApp(path);
  await screen.findByRole('heading', { name: 'Choose your password' });
  return app;
}

async function fill(user: ReturnType<typeof renderApp>['user'], password: string, confirm: string) {
  if (password) await user.type(screen.getByLabelText(/^new password/i), password);
  if (confirm) await user.type(screen.getByLabelText(/^confirm password/i), confirm);
  await user.click(screen.getByRole('button', { name: 'Set password and sign in' }));
}

describe('set-password screen', () => {
  it('puts the focus on the new password once the page is drawn', async () => {
    stubApi();
    await openSetPassword();
    const password = screen.getByLabelText(/^new password/i);
    await waitFor(() => expect(password).toHaveFocus());
  });

  it('asks for at least 8 characters and a matching confirmation, sending nothing', async () => {
    const api = stubApi();
    const { user } = await openSetPassword();

    await fill(user, 'abc', 'abd');

    expect(
      await screen.findByText('Password must be at least 8 characters long'),
    ).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(api.calls('POST /api/auth/set-password')).toEqual([]);
  });

  it('says the passwords do not match when only that is wrong', async () => {
    const api = stubApi();
    const { user } = await openSetPassword();

    await fill(user, 'long enough 1', 'long enough 2');

    expect(await screen.findByText('Passwords do not match')).toBeInTheDocument();
    expect(
      screen.queryByText('Password must be at least 8 characters long'),
    ).not.toBeInTheDocument();
    expect(api.calls('POST /api/auth/set-password')).toEqual([]);
  });

  it('an empty submit says the password is required', async () => {
    stubApi();
    const { user } = await openSetPassword();
    await fill(user, '', '');
    expect(await screen.findByText('Password is required')).toBeInTheDocument();
  });

  it('sets the password, signs in and opens the dashboard', async () => {
    const newcomer = buildSessionUser({
      userName: 'office@acme.com',
      email: 'office@acme.com',
      business: { id: 'b2', name: 'Acme Dental', timezone: 'Europe/Dublin', country: 'Ireland' },
    });
    const api = stubApi({
      'POST /api/auth/set-password': () => jsonResponse({ user: newcomer }),
    });
    const { user, router } = await openSetPassword();

    await fill(user, 'correct horse', 'correct horse');

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(api.calls('POST /api/auth/set-password')[0]?.body).toEqual({
      token: 'tok_123',
      password: 'correct horse',
    });
    await user.click(
      await screen.findByRole('button', { name: 'Account menu for office@acme.com' }),
    );
    expect(within(await screen.findByRole('menu')).getByText('Acme Dental')).toBeInTheDocument();
    // Signed in from the answer: the session was not asked for again.
    expect(api.calls('GET /api/auth/me')).toEqual([]);
  });

  it('an invalid or expired link says so, with a way to get a new one', async () => {
    stubApi({
      'POST /api/auth/set-password': () =>
        errorResponse(400, 'TOKEN_INVALID', 'This link is invalid or has expired.'),
    });
    const { user } = await openSetPassword();

    await fill(user, 'correct horse', 'correct horse');

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This link is invalid or has expired.');
    // The way out is a new link, not a second account (which the server would refuse).
    expect(within(alert).getByRole('link', { name: 'Ask for a new link' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(within(alert).queryByRole('link', { name: /create an account/i })).toBeNull();
    expect(screen.queryByLabelText(/^new password/i)).not.toBeInTheDocument();
  });

  it('a link without its token says so instead of showing the form', async () => {
    stubApi();
    await openSetPassword('/set-password');
    expect(screen.getByRole('alert')).toHaveTextContent(/missing its token/);
    expect(screen.queryByLabelText(/^new password/i)).not.toBeInTheDocument();
  });
});
