import type { SessionUser } from '@switchboard/shared/auth';
import { createContext, useContext } from 'react';

export const SessionUserContext = createContext<SessionUser | null>(null);

/** The signed-in user, for anything rendered inside `SessionGate` (the app screens). */
export function useSessionUser(): SessionUser {
  const user = useContext(SessionUserContext);
  if (!user) throw new Error('useSessionUser is only available inside <SessionGate>.');
  return user;
}
