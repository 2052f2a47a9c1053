import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { jsonResponse, renderApp } from '../../../test/render';

async function openLogin() {
  const app = renderApp('/login');
  await screen.findByRole('heading', { name: 'Sign in to Switchboard' });
  return app;
}

describe('sign-in form', () => {
  it('an empty submit says both fields are required and sends nothing', async () => {
    const fetchSpy = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchSpy);
    const { user } = await openLogin();

    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByText('User name is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(
      screen.queryByText('Password must be at least 6 characters long'),
    ).not.toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('a short password says it needs 6 characters', async () => {
    const fetchSpy = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchSpy);
    const { user } = await openLogin();

    await user.type(screen.getByLabelText(/user name/i), 'ada');
    await user.type(screen.getByLabelText(/^password/i), 'abc');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(
      await screen.findByText('Password must be at least 6 characters long'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Password is required')).not.toBeInTheDocument();
    expect(screen.queryByText('User name is required')).not.toBeInTheDocument();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('the message clears once the field is corrected', async () => {
    vi.stubGlobal('fetch', vi.fn<typeof fetch>());
    const { user } = await openLogin();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('User name is required')).toBeInTheDocument();

    await user.type(screen.getByLabelText(/user name/i), 'ada');
    await waitFor(() =>
      expect(screen.queryByText('User name is required')).not.toBeInTheDocument(),
    );
  });

  it('posts the credentials as JSON and shows what the server answered', async () => {
    const fetchSpy = vi.fn<typeof fetch>().mockResolvedValue(
      jsonResponse(
        {
          error: { code: 'INVALID_CREDENTIALS', message: 'User name or password is incorrect' },
          requestId: 'r1',
        },
        { status: 401 },
      ),
    );
    vi.stubGlobal('fetch', fetchSpy);
    const { user } = await openLogin();

    await user.type(screen.getByLabelText(/user name/i), '  ada  ');
    await user.type(screen.getByLabelText(/^password/i), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Could not sign you in');
    expect(alert).toHaveTextContent('User name or password is incorrect');

    expect(fetchSpy).toHaveBeenCalledTimes(1);
    const [url, init] = fetchSpy.mock.calls[0] ?? [];
    expect(url).toBe('/api/auth/login');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('same-origin');
    expect(JSON.parse(init?.body as string)).toEqual({ userName: 'ada', password: 'secret1' });
  });

  it('says so when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>().mockRejectedValue(new TypeError('Failed to fetch')),
    );
    const { user } = await openLogin();

    await user.type(screen.getByLabelText(/user name/i), 'ada');
    await user.type(screen.getByLabelText(/^password/i), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(/could not reach the server/i);
  });

  it('goes to the dashboard when the server accepts', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>().mockResolvedValue(jsonResponse({ user: { userName: 'ada' } })),
    );
    const { user, router } = await openLogin();

    await user.type(screen.getByLabelText(/user name/i), 'ada');
    await user.type(screen.getByLabelText(/^password/i), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });
});
