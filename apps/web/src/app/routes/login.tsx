import { Anchor } from '@mantine/core';
import { Link, useNavigate } from 'react-router';
import { AuthCard } from '../../features/auth/components/auth-card';
import { LoginForm } from '../../features/auth/components/login-form';

export default function LoginRoute() {
  const navigate = useNavigate();
  return (
    <AuthCard
      title="Sign in to Switchboard"
      subtitle="Welcome back. Your agents' calls are waiting."
      footer={
        <>
          New to Switchboard?{' '}
          <Anchor component={Link} to="/create-account" fw={600}>
            Create an account
          </Anchor>
        </>
      }
    >
      <title>Sign in · Switchboard</title>
      <LoginForm onSuccess={() => void navigate('/dashboard')} />
    </AuthCard>
  );
}
