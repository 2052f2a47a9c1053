import { Alert } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';

/** A settings form's request failed: what the server (or the network) said. */
export function SettingsAlert({ title, error }: { title: string; error: unknown }) {
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
