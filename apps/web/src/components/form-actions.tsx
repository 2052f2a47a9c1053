import { Button, Group, type GroupProps } from '@mantine/core';
import type { ReactNode } from 'react';

type FormActionsProps = Omit<GroupProps, 'children'> & {
  onCancel: () => void;
  /** Saving: the submit button spins and Cancel waits for the answer. */
  pending: boolean;
  submitLabel: ReactNode;
};

/** A form's foot: Cancel, then the submit button, on the right. */
export function FormActions({ onCancel, pending, submitLabel, ...group }: FormActionsProps) {
  return (
    <Group justify="flex-end" {...group}>
      <Button variant="default" onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
      <Button type="submit" loading={pending}>
        {submitLabel}
      </Button>
    </Group>
  );
}
