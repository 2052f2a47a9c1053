import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  buildAdminUser,
  buildSessionUser,
  errorResponse,
  jsonResponse,
  stubApi,
} from '../../../test/fake-api';
import { renderApp } from '../../../test/render';
import { expectCurrentLink, expectLinks } from '../../../test/links';

describe('the signed-in screens', () => {
  it('send a signed-out visitor to sign in, remembering the page and its query string', async () => {
    stubApi();
    const { router } = renderApp('/agent/x/call-logs?tab=failed&page=2');

    expect(
      await screen.findByRole('heading', { name: 'Sign in to Switchboard' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(new URLSearchParams(router.state.location.search).get('redirectTo')).toBe(
      '/agent/x/call-logs?tab=failed&page=2',
    );
  });

  it('send to plain /login when the page was the dashboard anyway', async () => {
    stubApi();
    const { router } = renderApp('/dashboard');
    await screen.findByRole('heading', { name: 'Sign in to Switchboard' });
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('');
  });

  it('show the screen to a signed-in user, with who they are in the header', async () => {
    stubApi({}, { session: buildSessionUser() });
    const { user } = renderApp('/contacts');

    expect(await screen.findByRole('heading', { name: 'Contacts', level: 2 })).toBeInTheDocument();
    await user.click(
      screen.getByRole('button', { name: 'Account menu for demo@brightsmile.example' }),
    );
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Bright Smile Dental')).toBeInTheDocument();
    expect(within(menu).queryByText('Admin')).not.toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Sign out' })).toBeInTheDocument();
  });

  it('say "could not check" (not "signed out") when the server cannot be reached', async () => {
    stubApi({ 'GET /api/auth/me': () => Promise.reject(new TypeError('Failed to fetch')) });
    const { router } = renderApp('/contacts');

    expect(await screen.findByRole('alert')).toHaveTextContent('Could not check your session');
    expect(router.state.location.pathname).toBe('/contacts');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('go to sign in, and back afterwards, when any request finds the session has ended', async () => {
    let expired = false;
    stubApi({
      'GET /api/auth/me': () =>
        expired
          ? errorResponse(401, 'UNAUTHENTICATED', 'You need to sign in')
          : jsonResponse({ user: buildSessionUser() }),
      'GET /api/platform/status': () => {
        expired = true;
        return errorResponse(401, 'UNAUTHENTICATED', 'Your session has expired');
      },
    });
    const { router } = renderApp('/appointments?page=3');

    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(new URLSearchParams(router.state.location.search).get('redirectTo')).toBe(
      '/appointments?page=3',
    );
    expect(await screen.findByText('Your session has ended')).toBeInTheDocument();
  });

  it('sign out: tell the server, forget the user, and show the sign-in screen', async () => {
    const api = stubApi(
      { 'POST /api/auth/logout': () => new Response(null, { status: 204 }) },
      { session: buildSessionUser() },
    );
    const { user, router, queryClient } = renderApp('/contacts');

    await user.click(
      await screen.findByRole('button', { name: 'Account menu for demo@brightsmile.example' }),
    );
    await waitFor(() => expect(api.calls('GET /api/enquiries/unread-counts')).toHaveLength(1));
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }));

    expect(
      await screen.findByRole('heading', { name: 'Sign in to Switchboard' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.location.search).toBe('');
    expect(api.calls('POST /api/auth/logout')).toHaveLength(1);
    await waitFor(() => expect(queryClient.getQueryData(['auth', 'me'])).toBeNull());
    // Nothing of the user's is kept, and nothing is asked for again once they signed out
    // (the navigation's badge used to ask once more and meet a 401).
    expect(
      queryClient
        .getQueryCache()
        .getAll()
        .map((query) => query.queryKey),
    ).toEqual([['auth', 'me']]);
    expect(api.calls('GET /api/enquiries/unread-counts')).toHaveLength(1);
  });
});

describe('the Admin section', () => {
  it('is in the navigation for an admin, whose menu says Admin', async () => {
    stubApi(
      { 'GET /api/admin/businesses': () => jsonResponse({ data: [], meta: emptyMeta }) },
      { session: buildAdminUser() },
    );
    const { user } = renderApp('/admin/businesses');

    expect(
      await screen.findByRole('heading', { name: 'Businesses', level: 2 }),
    ).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Admin' });
    expectCurrentLink(nav, 'Businesses');
    expectLinks(nav, { Agents: '/admin/agents', Mailbox: '/admin/mail' });
    await user.click(screen.getByRole('button', { name: 'Account menu for admin' }));
    expect(within(await screen.findByRole('menu')).getByText('Admin')).toBeInTheDocument();
  });

  it('is not shown to a member, and an admin page tells them they have no access', async () => {
    const api = stubApi({}, { session: buildSessionUser() });
    renderApp('/admin/mail');

    expect(await screen.findByText('You do not have access to this page.')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Admin' })).not.toBeInTheDocument();
    expect(api.requests.filter((request) => request.path.startsWith('/api/admin'))).toEqual([]);
  });
});

const emptyMeta = { total: 0, page: 1, limit: 20, totalPages: 0, hasNext: false, hasPrev: false };
