import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type FormAlertProps = {
  title: string;
  error: unknown;
  /** Instead of the message alone (the message and a way to try again, say). */
  children?: ReactNode;
};

/** What the server (or the network) said, or a plea to try again when it said nothing. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : 'Something went wrong. Please try again.';
}

/** The request failed: says what the server (or the network) said. */
export function FormAlert({ title, error, children }: FormAlertProps) {
  return (
    <Alert
      color="red"
      variant="light"
      title={title}
      icon={<IconAlertCircle size={20} />}
      role="alert"
    >
      {children ?? errorMessage(error)}
    </Alert>
  );
}
