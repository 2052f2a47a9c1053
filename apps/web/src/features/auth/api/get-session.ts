import type { SessionUser } from '@switchboard/shared/auth';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { isApiError, api } from '../../../lib/api-client';

export const sessionQueryKey = ['auth', 'me'] as const;

/**
 * GET /api/auth/me. "Signed out" is an answer, not a failure: a 401 resolves to null, so screens
 * can tell "no session" (go and sign in) from "could not check" (network, server) apart.
 */
export async function getSession(): Promise<SessionUser | null> {
  try {
    const { user } = await api('get', '/auth/me');
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

/** The history state that signing out leaves on the sign-in page (see `useSignedOutArrival`). */
export const SIGNED_OUT_STATE = { signedOut: true } as const;

/**
 * Signing out goes to the sign-in page first and drops the cache there, once the app screens
 * have left: dropped while they were still mounted, their queries (the navigation's unread
 * badge) fetched again and met a 401; marking the session signed out before leaving made the
 * app's guard send the user to sign in "and back" to the page they left. Returns whether the
 * page was reached by signing out, so the sign-in page shows its form to a user still cached.
 */
export function useSignedOutArrival(): boolean {
  const queryClient = useQueryClient();
  const state: unknown = useLocation().state;
  const signedOut =
    typeof state === 'object' && state !== null && 'signedOut' in state && state.signedOut === true;
  useEffect(() => {
    if (!signedOut) return;
    queryClient.clear();
    markSignedOut(queryClient);
  }, [signedOut, queryClient]);
  return signedOut;
}
