import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildSessionUser, errorResponse, jsonResponse, stubApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';

async function openLogin(path = '/login') {
  const app = renderApp(path);
  await screen.findByRole('heading', { name: 'Sign in to Switchboard' });
  return app;
}

async function signIn(user: ReturnType<typeof renderApp>['user'], userName = 'ada') {
  await user.type(screen.getByLabelText(/user name/i), userName);
  await user.type(screen.getByLabelText(/^password/i), 'secret1');
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('sign-in form', () => {
  it('puts the focus on the user name once the page is drawn', async () => {
    stubApi();
    await openLogin();
    const userName = screen.getByRole('textbox', { name: /user name/i });
    await waitFor(() => expect(userName).toHaveFocus());
  });

  it('an empty submit says both fields are required and sends nothing', async () => {
    const api = stubApi();
    const { user } = await openLogin();

    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('User name is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(
      screen.queryByText('Password must be at least 6 characters long'),
    ).not.toBeInTheDocument();
    expect(api.calls('POST /api/auth/login')).toEqual([]);
  });

  it('a short password says it needs 6 characters', async () => {
    const api = stubApi();
    const { user } = await openLogin();

    await user.type(screen.getByLabelText(/user name/i), 'ada');
    await user.type(screen.getByLabelText(/^password/i), 'abc');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(
      await screen.findByText('Password must be at least 6 characters long'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Password is required')).not.toBeInTheDocument();
    expect(screen.queryByText('User name is required')).not.toBeInTheDocument();
    expect(api.calls('POST /api/auth/login')).toEqual([]);
  });

  it('the message clears once the field is corrected', async () => {
    stubApi();
    const { user } = await openLogin();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('User name is required')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/user name/i), 'ada');
    await waitFor(() =>
      expect(screen.queryByText('User name is required')).not.toBeInTheDocument(),
    );
  });

  it('posts the credentials as JSON and shows the server’s generic refusal', async () => {
    const api = stubApi({
      'POST /api/auth/login': () =>
        errorResponse(401, 'INVALID_CREDENTIALS', 'Incorrect user name or password'),
    });
    const { user } = await openLogin();

    await user.type(screen.getByLabelText(/user name/i), '  ada  ');
    await user.type(screen.getByLabelText(/^password/i), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not sign you in');
    expect(alert).toHaveTextContent('Incorrect user name or password');

    expect(api.calls('POST /api/auth/login')).toEqual([
      expect.objectContaining({ body: { userName: 'ada', password: 'secret1' } }),
    ]);
    const init = api.fetchSpy.mock.calls.find(([url]) => url === '/api/auth/login')?.[1];
    expect(init?.credentials).toBe('same-origin');
  });

  it('says when there were too many attempts, in the server’s words', async () => {
    stubApi({
      'POST /api/auth/login': () =>
        errorResponse(
          429,
          'RATE_LIMITED',
          'Too many sign-in attempts. Please wait 4 seconds and try again.',
        ),
    });
    const { user } = await openLogin();
    await signIn(user);

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Too many sign-in attempts');
    expect(alert).toHaveTextContent('Please wait 4 seconds and try again.');
  });

  it('says so when the server cannot be reached', async () => {
    stubApi({
      'POST /api/auth/login': () => Promise.reject(new TypeError('Failed to fetch')),
    });
    const { user } = await openLogin();
    await signIn(user);

    expect(await screen.findByRole('alert')).toHaveTextContent(/could not reach the server/i);
  });

  it('goes to the dashboard when the server accepts, signed in', async () => {
    stubApi({
      'POST /api/auth/login': () => jsonResponse({ user: buildSessionUser() }),
    });
    const { user, router } = await openLogin();
    await signIn(user);

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(
      await screen.findByRole('button', { name: /account menu for demo@brightsmile.example/i }),
    ).toBeInTheDocument();
  });

  it('goes back to the page that asked for sign-in, query string included', async () => {
    stubApi({
      'POST /api/auth/login': () => jsonResponse({ user: buildSessionUser() }),
    });
    const { user, router } = await openLogin(
      `/login?redirectTo=${encodeURIComponent('/agent/x/call-logs?tab=failed')}`,
    );
    await signIn(user);

    await waitFor(() => expect(router.state.location.pathname).toBe('/agent/x/call-logs'));
    expect(router.state.location.search).toBe('?tab=failed');
    expect(await screen.findByRole('heading', { name: 'Call logs' })).toBeInTheDocument();
  });

  it.each(['//evil.com', 'https://evil.com/x', '/\\evil.com', 'javascript:alert(1)'])(
    'ignores a redirectTo that would leave the site (%s) and goes to the dashboard',
    async (target) => {
      stubApi({
        'POST /api/auth/login': () => jsonResponse({ user: buildSessionUser() }),
      });
      const { user, router } = await openLogin(`/login?redirectTo=${encodeURIComponent(target)}`);
      await signIn(user);

      await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    },
  );

  it('sends a user who is already signed in on to the dashboard', async () => {
    stubApi({}, { session: buildSessionUser() });
    const { router } = renderApp('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});
