import { ActionIcon, Group, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';

type ResourceActionsProps = {
  /** Names the row in the buttons' labels: "Edit Front desk", "Delete Front desk". */
  name: string;
  onEdit?: () => void;
  /** The word for the pencil when it does one thing ("Rename"); "Edit" by default. */
  editLabel?: string;
  onDelete?: () => void;
  /** The word for the red action when it is not a deletion ("Release" a phone number). */
  deleteLabel?: string;
  /** Actions before Edit (a "Talk to" button). */
  children?: ReactNode;
  /**
   * Why the signed-in user may not delete (a member, decision 051): the red action stays,
   * greyed, and says so when hovered or focused.
   */
  deleteRefusal?: string | undefined;
};

/** A console row's actions: Edit and Delete as icons with their names, right-aligned. */
export function ResourceActions({
  name,
  onEdit,
  editLabel = 'Edit',
  onDelete,
  deleteLabel = 'Delete',
  children,
  deleteRefusal,
}: ResourceActionsProps) {
  const refusalId = useId();
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {children}
      {onEdit && (
        <Tooltip label={editLabel}>
          <ActionIcon variant="subtle" aria-label={`${editLabel} ${name}`} onClick={onEdit}>
            <IconPencil size={18} />
          </ActionIcon>
        </Tooltip>
      )}
      {onDelete && !deleteRefusal && (
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
      {onDelete && deleteRefusal && (
        <Tooltip label={deleteRefusal} multiline w={280} withArrow>
          {/* aria-disabled, not disabled: it keeps the focus and the tooltip that says why. */}
          <ActionIcon
            variant="subtle"
            color="red"
            data-disabled
            aria-disabled="true"
            aria-label={`${deleteLabel} ${name}`}
            aria-describedby={refusalId}
            onClick={(event) => event.preventDefault()}
          >
            <IconTrash size={18} />
          </ActionIcon>
        </Tooltip>
      )}
      {onDelete && deleteRefusal && <VisuallyHidden id={refusalId}>{deleteRefusal}</VisuallyHidden>}
    </Group>
  );
}
