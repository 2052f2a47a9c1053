import { Anchor } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '../../features/auth/components/auth-card';
import {
  InvalidLinkAlert,
  SetPasswordForm,
} from '../../features/auth/components/set-password-form';
import { DEFAULT_AFTER_SIGN_IN } from '../../lib/redirect-to';

/** Where a "Forgot password" mail's link lands: a new password, then signed in. */
export default function ResetPasswordRoute() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';

  return (
    <AuthCard
      title="Choose a new password"
      subtitle="You will be signed in, and signed out everywhere else."
      footer={
        <>
          Remembered it?{' '}
          <Anchor component={Link} to="/login" fw={600}>
            Sign in
          </Anchor>
        </>
      }
    >
      <title>Reset password · Switchboard</title>
      {token ? (
        <SetPasswordForm
          token={token}
          submitLabel="Reset password and sign in"
          onSuccess={() => void navigate(DEFAULT_AFTER_SIGN_IN, { replace: true })}
        />
      ) : (
        <InvalidLinkAlert message="This address is missing its token. Open the link from the email exactly as it was sent; if it still fails, ask for a new one." />
      )}
    </AuthCard>
  );
}
