import { Anchor, Button, EmptyState } from '@mantine/core';
import type { CreateAccountInput } from '@switchboard/shared/auth';
import { IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { AuthCard } from '../../features/auth/components/auth-card';
import { CreateAccountForm } from '../../features/auth/components/create-account-form';

export default function CreateAccountRoute() {
  const [created, setCreated] = useState<CreateAccountInput | null>(null);

  return (
    <AuthCard
      width={600}
      title="Create your business account"
      subtitle="Tell us about your business. We'll email you a link to set your password."
      footer={
        <>
          Already have an account?{' '}
          <Anchor component={Link} to="/login" fw={600}>
            Sign in
          </Anchor>
        </>
      }
    >
      <title>Create account · Switchboard</title>
      {created ? (
        <EmptyState
          variant="light"
          color="signal"
          icon={<IconMailCheck size={26} stroke={1.6} />}
          title="Check your email"
          description={`We've sent a link to set your password to ${created.email}.`}
        >
          <EmptyState.Actions>
            <Button component={Link} to="/login">
              Go to sign in
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      ) : (
        <CreateAccountForm onSuccess={setCreated} />
      )}
    </AuthCard>
  );
}
