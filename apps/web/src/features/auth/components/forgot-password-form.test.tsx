import { screen, waitFor } from '@testing-library/react';
import { FORGOT_PASSWORD_MESSAGE } from '@switchboard/shared/auth';
import { describe, expect, it } from 'vitest';
import { buildSessionUser, errorResponse, jsonResponse, stubApi } from '../../../test/fake-api';
import { renderApp } from '../../../test/render';

describe('forgot password', () => {
  it('puts the focus on the user name or email once the page is drawn', async () => {
    stubApi();
    renderApp('/forgot-password');
    await screen.findByRole('heading', { name: 'Forgot your password?' });
    const login = screen.getByLabelText(/user name or email/i);
    await waitFor(() => expect(login).toHaveFocus());
  });

  it('is linked from the sign-in page, sends the user name or email, and answers the server’s one message', async () => {
    const api = stubApi({
      'POST /api/auth/forgot-password': () =>
        jsonResponse({ message: FORGOT_PASSWORD_MESSAGE }, { status: 202 }),
    });
    const { user, router } = renderApp('/login');
    await user.click(await screen.findByRole('link', { name: 'Forgot password?' }));
    await screen.findByRole('heading', { name: 'Forgot your password?' });
    expect(router.state.location.pathname).toBe('/forgot-password');

    await user.click(screen.getByRole('button', { name: 'Send me a link' }));
    expect(await screen.findByText('Enter your user name or email')).toBeInTheDocument();
    expect(api.calls('POST /api/auth/forgot-password')).toEqual([]);

    await user.type(screen.getByLabelText(/user name or email/i), ' Pat@Example.com ');
    await user.click(screen.getByRole('button', { name: 'Send me a link' }));
    expect(await screen.findByRole('status')).toHaveTextContent(FORGOT_PASSWORD_MESSAGE);
    expect(api.calls('POST /api/auth/forgot-password')[0]?.body).toEqual({
      login: 'Pat@Example.com',
    });
  });

  it('shows the wait when the server limits requests', async () => {
    stubApi({
      'POST /api/auth/forgot-password': () =>
        errorResponse(
          429,
          'RATE_LIMITED',
          'Too many reset requests. Please wait 40 minutes and try again.',
        ),
    });
    const { user } = renderApp('/forgot-password');
    await user.type(await screen.findByLabelText(/user name or email/i), 'pat');
    await user.click(screen.getByRole('button', { name: 'Send me a link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please wait 40 minutes');
  });

  it('the reset link sets a new password of at least 8 characters and signs in', async () => {
    const owner = buildSessionUser();
    const api = stubApi({
      'POST /api/auth/set-password': () => jsonResponse({ user: owner }),
    });
    const { user, router } = renderApp('/reset-password?token=reset_tok');
    await screen.findByRole('heading', { name: 'Choose a new password' });
    await user.type(screen.getByLabelText(/^new password/i), 'short');
    await user.type(screen.getByLabelText(/^confirm password/i), 'short');
    await user.click(screen.getByRole('button', { name: 'Reset password and sign in' }));
    expect(
      await screen.findByText('Password must be at least 8 characters long'),
    ).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^new password/i));
    await user.clear(screen.getByLabelText(/^confirm password/i));
    await user.type(screen.getByLabelText(/^new password/i), 'long enough now');
    await user.type(screen.getByLabelText(/^confirm password/i), 'long enough now');
    await user.click(screen.getByRole('button', { name: 'Reset password and sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(api.calls('POST /api/auth/set-password')[0]?.body).toEqual({
      token: 'reset_tok',
      password: 'long enough now',
    });
  });
});
