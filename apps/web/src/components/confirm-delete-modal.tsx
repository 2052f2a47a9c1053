import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { FormAlert } from './form-alert';

type ConfirmDeleteModalProps = {
  opened: boolean;
  title: string;
  /** What goes, and what follows from it. */
  children: ReactNode;
  confirmLabel: string;
  pending: boolean;
  error: unknown;
  errorTitle: string;
  onConfirm: () => void;
  onClose: () => void;
};

/** Asks before something is deleted on the platform; says why when the platform refuses. */
export function ConfirmDeleteModal({
  opened,
  title,
  children,
  confirmLabel,
  pending,
  error,
  errorTitle,
  onConfirm,
  onClose,
}: ConfirmDeleteModalProps) {
  return (
    <Modal opened={opened} onClose={() => !pending && onClose()} title={title} centered>
      <Stack>
        <Text size="sm">{children}</Text>
        {error ? <FormAlert title={errorTitle} error={error} /> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button color="red" onClick={onConfirm} loading={pending}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

type DeleteMutation = {
  mutate: (id: string, options: { onSuccess: () => void }) => void;
  reset: () => void;
  isPending: boolean;
  error: unknown;
};

/**
 * The item a list's delete dialog is open for, and the dialog's props: opening it clears the
 * last refusal; it closes once the item is gone (`onDeleted` first).
 */
export function useConfirmDelete<T extends { id: string }>(
  remove: DeleteMutation,
  onDeleted?: (item: T) => void,
) {
  const [deleting, setDeleting] = useState<T | null>(null);
  return {
    deleting,
    startDelete: (item: T) => {
      remove.reset();
      setDeleting(item);
    },
    deleteProps: {
      opened: deleting !== null,
      pending: remove.isPending,
      error: remove.error,
      onClose: () => setDeleting(null),
      onConfirm: () => {
        if (!deleting) return;
        remove.mutate(deleting.id, {
          onSuccess: () => {
            onDeleted?.(deleting);
            setDeleting(null);
          },
        });
      },
    },
  };
}
