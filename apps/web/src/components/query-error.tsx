import { Button, Group, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { isApiError } from '../lib/api-client';
import { AccessDenied } from './access-denied';
import { errorMessage, FormAlert } from './form-alert';

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
  return (
    <FormAlert title={title} error={error}>
      <Group justify="space-between" gap="sm">
        <Text size="sm">{errorMessage(error)}</Text>
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
    </FormAlert>
  );
}
