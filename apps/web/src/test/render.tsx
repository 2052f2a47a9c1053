import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { useState, type ReactNode } from 'react';
import { RouterProvider, createMemoryRouter, type RouteObject } from 'react-router';
import { createAppQueryClient } from '../app/provider';
import { createRoutes } from '../app/router';
import { theme } from '../styles/theme';
import { setupUser } from './user';

/** The app's own query client (session handling included), without retries to wait for. */
export function createTestQueryClient() {
  return createAppQueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
}

/** Mantine in test mode (no transitions or portals), notifications and a fresh query client. */
export function TestProviders({
  children,
  queryClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  const [client] = useState(() => queryClient ?? createTestQueryClient());
  return (
    <MantineProvider theme={theme} env="test">
      <Notifications />
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}

/** Renders the real route table (lazy screens and all) at `path`, as a user arriving there. */
export function renderApp(path: string, routeTable: RouteObject[] = createRoutes()) {
  const router = createMemoryRouter(routeTable, { initialEntries: [path] });
  const queryClient = createTestQueryClient();
  const user = setupUser();
  const result = render(
    <TestProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </TestProviders>,
  );
  return { ...result, router, user, queryClient };
}
