import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router';
import { createRoutes } from '../app/router';
import { theme } from '../app/theme';

function createTestQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
}

/** Mantine in test mode (no transitions or portals) and a fresh query client. */
export function TestProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} env="test">
      <QueryClientProvider client={createTestQueryClient()}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}

/** Renders the real route table (lazy screens and all) at `path`, as a user arriving there. */
export function renderApp(path: string, routeTable: RouteObject[] = createRoutes()) {
  const router = createMemoryRouter(routeTable, { initialEntries: [path] });
  const user = userEvent.setup();
  const result = render(
    <TestProviders>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { ...result, router, user };
}

/** A JSON response as the server would send it. */
export function jsonResponse(body: unknown, init: ResponseInit = {}) {
  return new Response(JSON.stringify(body), {
    ...init,
    headers: { 'content-type': 'application/json; charset=utf-8', ...init.headers },
  });
}
