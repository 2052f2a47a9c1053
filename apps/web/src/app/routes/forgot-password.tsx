import { AuthCard } from '../../features/auth/components/auth-card';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';

export default function ForgotPasswordRoute() {
  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="We'll mail you a link to choose a new one. It also works if your set-password link was lost or has expired."
      footer={{ prompt: 'Remembered it?', to: '/login', link: 'Sign in' }}
    >
      <title>Forgot password · Switchboard</title>
      <ForgotPasswordForm />
    </AuthCard>
  );
}
