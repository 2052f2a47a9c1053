import { AuthCard } from '../../features/auth/components/auth-card';
import { SetPasswordFromLink } from '../../features/auth/components/set-password-form';

/** Where a "Forgot password" mail's link lands: a new password, then signed in. */
export default function ResetPasswordRoute() {
  return (
    <AuthCard
      title="Choose a new password"
      subtitle="You will be signed in, and signed out everywhere else."
      footer={{ prompt: 'Remembered it?', to: '/login', link: 'Sign in' }}
    >
      <title>Reset password · Switchboard</title>
      <SetPasswordFromLink submitLabel="Reset password and sign in" />
    </AuthCard>
  );
}
