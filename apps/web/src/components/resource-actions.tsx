import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type ResourceActionsProps = {
  /** Names the row in the buttons' labels: "Edit Front desk", "Delete Front desk". */
  name: string;
  onEdit?: () => void;
  onDelete?: () => void;
  /** The word for the red action when it is not a deletion ("Release" a phone number). */
  deleteLabel?: string;
  /** Actions before Edit (a "Talk to" button). */
  children?: ReactNode;
};

/** A console row's actions: Edit and Delete as icons with their names, right-aligned. */
export function ResourceActions({
  name,
  onEdit,
  onDelete,
  deleteLabel = 'Delete',
  children,
}: ResourceActionsProps) {
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {children}
      {onEdit && (
        <Tooltip label="Edit">
          <ActionIcon variant="subtle" aria-label={`Edit ${name}`} onClick={onEdit}>
            <IconPencil size={18} />
          </ActionIcon>
        </Tooltip>
      )}
      {onDelete && (
        <Tooltip label={deleteLabel}>
          <ActionIcon
            variant="subtle"
            color="red"
            aria-label={`${deleteLabel} ${name}`}
            onClick={onDelete}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}
