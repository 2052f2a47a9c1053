import type { SessionUser } from '@switchboard/shared/auth';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiFetch, isApiError } from '../../../lib/api-client';

export const sessionQueryKey = ['auth', 'me'] as const;

/**
 * GET /api/auth/me. "Signed out" is an answer, not a failure: a 401 resolves to null, so screens
 * can tell "no session" (go and sign in) from "could not check" (network, server) apart.
 */
export async function getSession(): Promise<SessionUser | null> {
  try {
    const { user } = await apiFetch<{ user: SessionUser }>('/auth/me');
    return user;
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: sessionQueryKey,
    queryFn: getSession,
    // Checked again when the user comes back to the tab (the session may have expired meanwhile).
    staleTime: 60_000,
  });

export function useSession() {
  return useQuery(sessionQueryOptions());
}

/**
 * A new session (sign-in, set-password): whatever was cached belonged to someone else, or to
 * no one, so it goes; the new user is known from the answer without asking again.
 */
export function startSession(queryClient: QueryClient, user: SessionUser) {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionQueryKey[0] });
  queryClient.setQueryData(sessionQueryKey, user);
}

/** The session ended on the server (expired, revoked): app screens send the user to sign in. */
export function markSignedOut(queryClient: QueryClient) {
  queryClient.setQueryData(sessionQueryKey, null);
}
