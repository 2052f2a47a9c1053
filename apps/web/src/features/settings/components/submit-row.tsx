import { Button, Group } from '@mantine/core';
import type { ReactNode } from 'react';

type SubmitRowProps = {
  /** Saving: the button spins. */
  pending: boolean;
  /** Nothing to save yet (no change). */
  disabled?: boolean;
  children: ReactNode;
};

/** A settings form's submit button, on the right. */
export function SubmitRow({ pending, disabled, children }: SubmitRowProps) {
  return (
    <Group justify="flex-end">
      <Button type="submit" loading={pending} disabled={disabled}>
        {children}
      </Button>
    </Group>
  );
}
