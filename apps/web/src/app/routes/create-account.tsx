import { Badge, Button, EmptyState, Stack, Text } from '@mantine/core';
import type { CreateAccountInput } from '@switchboard/shared/auth';
import { IconMail, IconMailCheck } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { CreateAccountResult } from '../../features/auth/api/create-account';
import { AuthCard } from '../../features/auth/components/auth-card';
import { CreateAccountForm } from '../../features/auth/components/create-account-form';

type Created = { account: CreateAccountInput; result: CreateAccountResult };

export default function CreateAccountRoute() {
  const [created, setCreated] = useState<Created | null>(null);

  return (
    <AuthCard
      width={600}
      title={created ? 'Almost there' : 'Create your business account'}
      subtitle={
        created
          ? 'One more step: choose a password.'
          : "Tell us about your business. We'll email you a link to set your password."
      }
      footer={{ prompt: 'Already have an account?', to: '/login', link: 'Sign in' }}
    >
      <title>Create account · Switchboard</title>
      {created ? (
        <EmptyState
          variant="light"
          color="signal"
          py="md"
          icon={<IconMailCheck size={26} stroke={1.6} />}
          title="Check your email"
          description={
            created.result?.message ||
            `We've sent a link to set your password to ${created.account.email}.`
          }
          role="status"
        >
          <Stack gap={6} align="center" mt={4}>
            <Badge
              variant="default"
              size="lg"
              radius="sm"
              tt="none"
              fw={600}
              leftSection={<IconMail size={14} />}
            >
              {created.account.email}
            </Badge>
            <Text size="sm" c="dimmed" ta="center" maw={400}>
              The link works once and expires in 24 hours. Your user name is this email address.
            </Text>
          </Stack>
          <EmptyState.Actions>
            <Button component={Link} to="/login">
              Go to sign in
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      ) : (
        <CreateAccountForm onSuccess={(account, result) => setCreated({ account, result })} />
      )}
    </AuthCard>
  );
}
