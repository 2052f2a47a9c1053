import { Anchor } from '@mantine/core';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '../../features/auth/components/auth-card';
import {
  InvalidLinkAlert,
  SetPasswordForm,
} from '../../features/auth/components/set-password-form';
import { DEFAULT_AFTER_SIGN_IN } from '../../lib/redirect-to';

export default function SetPasswordRoute() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';

  return (
    <AuthCard
      title="Choose your password"
      subtitle="You'll use it with your email address to sign in."
      footer={
        <>
          Already set it?{' '}
          <Anchor component={Link} to="/login" fw={600}>
            Sign in
          </Anchor>
        </>
      }
    >
      <title>Set password · Switchboard</title>
      {token ? (
        <SetPasswordForm
          token={token}
          onSuccess={() => void navigate(DEFAULT_AFTER_SIGN_IN, { replace: true })}
        />
      ) : (
        <InvalidLinkAlert message="This address is missing its token. Open the link from the email exactly as it was sent; if it still fails, ask for a new one." />
      )}
    </AuthCard>
  );
}
