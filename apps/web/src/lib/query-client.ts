import { notifications } from '@mantine/notifications';
import { MutationCache, QueryCache, QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { isApiError } from './api-client';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** Title of the toast shown when a background refetch fails, e.g. "Could not refresh calls". */
      errorTitle?: string;
    };
    mutationMeta: {
      /** Set to false when the screen shows the error itself (a form's Alert), so it is not said twice. */
      errorToast?: boolean;
      errorTitle?: string;
    };
  }
}

const MAX_RETRIES = 2;

/** Retry what may succeed later (network, 5xx); never a 4xx, which will fail the same way again. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.isClientError) return false;
  return failureCount < MAX_RETRIES;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : 'Something went wrong. Please try again.';
}

/**
 * A 401 means "no session" (never signed in, expired, revoked). The sign-in form's own refusal is
 * also a 401 but says nothing about a session, so it is not one of these.
 */
export function isUnauthenticated(error: unknown): boolean {
  return isApiError(error) && error.status === 401 && error.code !== 'INVALID_CREDENTIALS';
}

export type QueryClientOptions = {
  /**
   * Called when any request answers 401 (the session expired or was revoked while the app was
   * open). The app marks the session signed out, which sends an app screen to sign-in.
   */
  onUnauthenticated?: (client: QueryClient) => void;
  defaultOptions?: DefaultOptions;
};

export function createQueryClient(options: QueryClientOptions = {}): QueryClient {
  const { onUnauthenticated, defaultOptions } = options;
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => {
        if (isUnauthenticated(error)) {
          onUnauthenticated?.(client);
          return;
        }
        // A first load shows its error in place; a failed background refresh of data already on
        // screen would otherwise go unnoticed, so it gets a toast.
        if (query.state.data === undefined) return;
        notifications.show({
          color: 'red',
          title: query.meta?.errorTitle ?? 'Could not refresh data',
          message: messageOf(error),
        });
      },
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => {
        if (isUnauthenticated(error)) {
          onUnauthenticated?.(client);
          return;
        }
        if (mutation.meta?.errorToast === false) return;
        notifications.show({
          color: 'red',
          title: mutation.meta?.errorTitle ?? 'Action failed',
          message: messageOf(error),
        });
      },
    }),
    defaultOptions: {
      ...defaultOptions,
      queries: {
        staleTime: 30_000,
        retry: shouldRetry,
        ...defaultOptions?.queries,
      },
      mutations: {
        retry: false,
        ...defaultOptions?.mutations,
      },
    },
  });
  return client;
}
