import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import { isApiError } from '../lib/api-client';
import { AccessDenied } from './access-denied';

type QueryErrorProps = {
  /** What could not be loaded: "Could not load the businesses". */
  title: string;
  error: unknown;
  onRetry: () => void;
  retrying?: boolean;
};

/** A list or panel that failed to load: what the server said, and a way to try again. */
export function QueryError({ title, error, onRetry, retrying = false }: QueryErrorProps) {
  if (isApiError(error) && error.status === 403) return <AccessDenied />;
  const message =
    error instanceof Error ? error.message : 'Something went wrong. Please try again.';
  return (
    <Alert
      color="red"
      variant="light"
      title={title}
      icon={<IconAlertCircle size={20} />}
      role="alert"
    >
      <Group justify="space-between" gap="sm">
        <Text size="sm">{message}</Text>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconRefresh size={14} />}
          loading={retrying}
          onClick={onRetry}
        >
          Try again
        </Button>
      </Group>
    </Alert>
  );
}
