import { AuthCard } from '../../features/auth/components/auth-card';
import { SetPasswordFromLink } from '../../features/auth/components/set-password-form';

export default function SetPasswordRoute() {
  return (
    <AuthCard
      title="Choose your password"
      subtitle="You'll use it with your email address to sign in."
      footer={{ prompt: 'Already set it?', to: '/login', link: 'Sign in' }}
    >
      <title>Set password · Switchboard</title>
      <SetPasswordFromLink />
    </AuthCard>
  );
}
