import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../test/render';

// The login screen's chunk cannot be fetched, as after a deploy removed it or the network dropped.
vi.mock('./routes/login', () => {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/login-abc123.js');
});

describe('a screen whose code fails to load', () => {
  it('shows the error panel inside the page frame when navigated to', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderApp('/');
    const signIn = await screen.findAllByRole('link', { name: 'Sign in' });
    await user.click(signIn[0]!);

    expect(
      await screen.findByRole('heading', { name: 'Something went wrong!' }),
    ).toBeInTheDocument();
    // The public header is still there to navigate away with.
    expect(screen.getByRole('navigation', { name: 'Account' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show Error' }));
    // (Vitest wraps the module's failure in its own error; the panel shows whatever was thrown.)
    expect(await screen.findByText(/Error/, { selector: 'pre' })).toBeVisible();
  });

  it('shows the error panel when it is the first page loaded', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp('/login');
    expect(
      await screen.findByRole('heading', { name: 'Something went wrong!' }),
    ).toBeInTheDocument();
  });
});
