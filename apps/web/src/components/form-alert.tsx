import { IconAlertCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Notice } from './notice';

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
    <Notice tone="danger" title={title} icon={IconAlertCircle}>
      {children ?? errorMessage(error)}
    </Notice>
  );
}
