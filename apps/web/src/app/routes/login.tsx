import { Anchor, Group } from '@mantine/core';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useSession, useSignedOutArrival } from '../../features/auth/api/get-session';
import { AuthCard } from '../../features/auth/components/auth-card';
import { LoginForm } from '../../features/auth/components/login-form';
import { DEFAULT_AFTER_SIGN_IN, REDIRECT_PARAM, safeRedirectPath } from '../../lib/redirect-to';

export default function LoginRoute() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  // Back to the page that sent the user here, if it is one of ours; else the dashboard.
  const destination = safeRedirectPath(searchParams.get(REDIRECT_PARAM)) ?? DEFAULT_AFTER_SIGN_IN;
  const session = useSession();
  // Signing out arrives here before the session leaves the cache.
  const signedOut = useSignedOutArrival();

  // Already signed in (a bookmark, the back button): nothing to do here. While the check runs
  // the form shows, since most visitors of this page are signed out.
  if (session.data && !signedOut) return <Navigate to={destination} replace />;

  return (
    <AuthCard
      title="Sign in to Switchboard"
      subtitle="Welcome back. Your agents' calls are waiting."
      footer={{ prompt: 'New to Switchboard?', to: '/create-account', link: 'Create an account' }}
    >
      <title>Sign in · Switchboard</title>
      <LoginForm onSuccess={() => void navigate(destination, { replace: true })} />
      <Group justify="flex-end" mt="sm">
        <Anchor component={Link} to="/forgot-password" size="sm" fw={600}>
          Forgot password?
        </Anchor>
      </Group>
    </AuthCard>
  );
}
