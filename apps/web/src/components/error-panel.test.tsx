import { render, screen, waitFor } from '@testing-library/react';
import { data, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { TestProviders, renderApp } from '../test/render';
import { ErrorBoundary } from './error-boundary';
import { ErrorPanel } from './error-panel';
import { RouteError } from './route-error';
import { setupUser } from '../test/user';

describe('ErrorPanel', () => {
  it('hides the error until "Show Error" is pressed, then toggles back with "Hide Error"', async () => {
    const user = setupUser();
    render(
      <TestProviders>
        <ErrorPanel error={new Error('Agent list exploded')} />
      </TestProviders>,
    );

    expect(screen.getByRole('heading', { name: 'Something went wrong!' })).toBeInTheDocument();
    expect(screen.queryByText(/Agent list exploded/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Show Error' }));
    expect(await screen.findByText(/Error: Agent list exploded/)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Hide Error' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
    expect(screen.queryByRole('button', { name: 'Show Error' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Hide Error' }));
    await waitFor(() => expect(screen.queryByText(/Agent list exploded/)).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Show Error' })).toBeInTheDocument();
  });

  it('shows the stack trace with the message', async () => {
    const user = setupUser();
    const error = new Error('boom');
    error.stack = 'Error: boom\n    at renderCallLogs (call-logs.tsx:10:5)';
    render(
      <TestProviders>
        <ErrorPanel error={error} />
      </TestProviders>,
    );
    await user.click(screen.getByRole('button', { name: 'Show Error' }));
    expect(await screen.findByText(/at renderCallLogs \(call-logs\.tsx:10:5\)/)).toBeVisible();
  });

  it('offers a way home', () => {
    render(
      <TestProviders>
        <ErrorPanel error="plain string" />
      </TestProviders>,
    );
    expect(screen.getByRole('link', { name: 'Go home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });
});

function Exploding(): never {
  throw new Error('Render failed in a screen');
}

describe('route errors', () => {
  it('a screen that throws shows the error panel, with the error behind "Show Error"', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const table: RouteObject[] = [
      { path: '/', Component: Exploding, errorElement: <RouteError /> },
    ];
    const { user } = renderApp('/', table);

    expect(
      await screen.findByRole('heading', { name: 'Something went wrong!' }),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show Error' }));
    expect(await screen.findByText(/Render failed in a screen/)).toBeVisible();
  });

  it('a screen whose code fails to load shows the error panel', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const table: RouteObject[] = [
      {
        path: '/',
        errorElement: <RouteError />,
        lazy: () =>
          Promise.reject(
            new TypeError('Failed to fetch dynamically imported module: /assets/login-x.js'),
          ),
      },
    ];
    renderApp('/', table);

    expect(
      await screen.findByRole('heading', { name: 'Something went wrong!' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Part of the app could not be loaded/)).toBeInTheDocument();
  });

  it('a 404 from a route renders "Not Found"', async () => {
    const table: RouteObject[] = [
      {
        path: '/agent/:agentId',
        errorElement: <RouteError />,
        loader: () => {
          // oxlint-disable-next-line typescript/only-throw-error -- how a loader answers 404
          throw data('No such agent', { status: 404 });
        },
        Component: () => null,
      },
    ];
    renderApp('/agent/missing', table);
    expect(await screen.findByRole('heading', { name: 'Not Found' })).toBeInTheDocument();
  });

  it('the app-wide boundary catches errors outside the router', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    render(
      <TestProviders>
        <ErrorBoundary>
          <Exploding />
        </ErrorBoundary>
      </TestProviders>,
    );
    expect(screen.getByRole('heading', { name: 'Something went wrong!' })).toBeInTheDocument();
  });
});
