import { MantineProvider, localStorageColorSchemeManager } from '@mantine/core';
import { notifications, useNotifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { ErrorBoundary } from '../components/error-boundary';
import {
  markSignedOut,
  sessionQueryKey,
  sessionQueryOptions,
} from '../features/auth/api/get-session';
import { createQueryClient, type QueryClientOptions } from '../lib/query-client';
import { cssVariablesResolver, theme } from '../styles/theme';

/**
 * The key is Mantine's default, and the colour-scheme script in index.html reads the same key
 * before first paint, so a dark-mode user never sees a light flash. "auto" follows the operating system
 * until the user picks a scheme with the toggle.
 */
const COLOR_SCHEME_STORAGE_KEY = 'mantine-color-scheme-value';
const colorSchemeManager = localStorageColorSchemeManager({ key: COLOR_SCHEME_STORAGE_KEY });

/**
 * Any request answering 401 means the session is gone (expired, revoked, signed out in another
 * tab): the session is marked signed out, and the app screens' guard sends the user to sign in
 * and back afterwards. Public pages are signed out anyway and do not react, so nothing loops.
 */
function handleUnauthenticated(queryClient: QueryClient) {
  const wasSignedIn = Boolean(queryClient.getQueryData(sessionQueryKey));
  markSignedOut(queryClient);
  if (wasSignedIn) {
    notifications.show({
      id: 'session-ended',
      color: 'yellow',
      title: 'Your session has ended',
      message: 'Sign in again to continue where you left off.',
    });
  }
}

// Toasts' container (components/notifications-host.tsx), loaded with the first toast.
const NotificationsHost = lazy(async () => ({
  default: (await import('../components/notifications-host')).NotificationsHost,
}));

/**
 * Mounts the toasts' container once there is a toast to show, and keeps it from then on: most
 * visits show none, and the container's code is not needed to render a screen (decision 075).
 */
function Toasts() {
  const { notifications: shown, queue } = useNotifications();
  const [needed, setNeeded] = useState(false);
  if (!needed && (shown.length > 0 || queue.length > 0)) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <NotificationsHost />
    </Suspense>
  ) : null;
}

/** The app's query client: the session handling above plus the defaults in lib/query-client. */
export function createAppQueryClient(options: Omit<QueryClientOptions, 'onUnauthenticated'> = {}) {
  return createQueryClient({ ...options, onUnauthenticated: handleUnauthenticated });
}

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(() => {
    const client = createAppQueryClient();
    // Every page but the landing page asks who is signed in before it shows anything: asked
    // here, the answer travels while the page's code loads, not after it (decision 082).
    if (window.location.pathname !== '/') void client.prefetchQuery(sessionQueryOptions());
    return client;
  });
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="auto"
    >
      <Toasts />
      <QueryClientProvider client={queryClient}>
        <ErrorBoundary>{children}</ErrorBoundary>
      </QueryClientProvider>
    </MantineProvider>
  );
}
