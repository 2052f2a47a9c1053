import { Button, EmptyState, Paper } from '@mantine/core';
import { IconArrowLeft, IconLock } from '@tabler/icons-react';
import { Link } from 'react-router';

/** A signed-in user opened a page their role does not allow (the API answers 403 there too). */
export function AccessDenied() {
  return (
    <Paper withBorder p={{ base: 'xl', sm: 56 }} bg="var(--mantine-color-body)">
      <title>No access · Switchboard</title>
      <EmptyState
        variant="light"
        color="red"
        icon={<IconLock size={26} stroke={1.6} />}
        title="No access"
        description="You do not have access to this page."
        role="alert"
      >
        <EmptyState.Actions>
          <Button component={Link} to="/dashboard" leftSection={<IconArrowLeft size={18} />}>
            Back to dashboard
          </Button>
        </EmptyState.Actions>
      </EmptyState>
    </Paper>
  );
}
