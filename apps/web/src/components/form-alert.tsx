import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

type FormAlertProps = { title: string; error: unknown };

/** The request failed: says what the server (or the network) said. */
export function FormAlert({ title, error }: FormAlertProps) {
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
      {message}
    </Alert>
  );
}
