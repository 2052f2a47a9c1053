import type { SessionUser } from '@switchboard/shared/auth';
import { canSpendAndDelete } from '@switchboard/shared/roles';
import { createContext, useContext } from 'react';
import { OPERATOR_TIME_ZONE } from './time-zones';

export const SessionUserContext = createContext<SessionUser | null>(null);

/** The signed-in user, for anything rendered inside `SessionGate` (the app screens). */
export function useSessionUser(): SessionUser {
  const user = useContext(SessionUserContext);
  if (!user) throw new Error('useSessionUser is only available inside <SessionGate>.');
  return user;
}

/**
 * The zone every date on the screen is shown in: the business's; for the operator, who has no
 * business and looks after many, UTC (never the browser's zone: decision 027).
 */
export function useDisplayTimeZone(): string {
  return useSessionUser().business?.timezone ?? OPERATOR_TIME_ZONE;
}

/**
 * Whether the signed-in user may spend money or delete on the voice platform: owners, managers
 * and the operator (decision 051). Members see those buttons greyed with the reason.
 */
export function useCanSpendAndDelete(): boolean {
  return canSpendAndDelete(useSessionUser().role);
}

/**
 * Whether the signed-in user is the operator, who runs the installation: only the operator is
 * told which server setting (an environment variable) is missing; owners and members are told
 * in plain words to ask the administrator. False outside a session.
 */
export function useIsOperator(): boolean {
  return useContext(SessionUserContext)?.role === 'admin';
}
