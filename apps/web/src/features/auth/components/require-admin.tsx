import { Outlet } from 'react-router';
import { AccessDenied } from '../../../components/access-denied';
import { useSessionUser } from '../../../lib/session-context';

/** Route element for /admin/*: the operator's screens. The server enforces the same rule. */
export function RequireAdmin() {
  const user = useSessionUser();
  if (user.role !== 'admin') return <AccessDenied />;
  return <Outlet />;
}
