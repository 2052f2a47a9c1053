import { useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { ConfirmDeleteModal, useConfirmDelete } from '../../../components/confirm-delete-modal';
import { managerOnlyReason } from '../../../components/manager-only';
import { useCanSpendAndDelete } from '../../../lib/session-context';
import { RenameModal } from './rename-modal';

type Mutation<V> = {
  mutate: (variables: V, options: { onSuccess: () => void }) => void;
  reset: () => void;
  isPending: boolean;
  error: unknown;
};

/**
 * A list's Rename and Delete (documents, knowledge bases): each item's actions (Delete greyed
 * with the reason for a member, decision 051), and the props of the two modals. Opening one
 * clears its last refusal; a modal closes once the platform has done it.
 */
export function useRenameAndDelete<T extends { id: string; name: string }>(
  /** "document": "Rename the document", "Delete this document?", "delete documents". */
  noun: string,
  rename: Mutation<{ id: string; name: string }>,
  remove: Parameters<typeof useConfirmDelete>[0],
) {
  const canDelete = useCanSpendAndDelete();
  const [renaming, setRenaming] = useState<T | null>(null);
  const { deleting, startDelete, deleteProps } = useConfirmDelete<T>(remove);
  return {
    noun,
    deleting,
    /** What `ResourceActions` takes for one item. */
    itemActions: (item: T) => ({
      name: item.name,
      editLabel: 'Rename',
      onEdit: () => {
        rename.reset();
        setRenaming(item);
      },
      deleteRefusal: canDelete ? undefined : managerOnlyReason(`delete ${noun}s`),
      onDelete: () => startDelete(item),
    }),
    renameProps: {
      current: renaming?.name ?? null,
      pending: rename.isPending,
      error: rename.error,
      onClose: () => setRenaming(null),
      onSave: (name: string) => {
        if (renaming)
          rename.mutate({ id: renaming.id, name }, { onSuccess: () => setRenaming(null) });
      },
    },
    deleteProps,
  };
}

type RenameAndDeleteModalsProps<T extends { id: string; name: string }> = {
  actions: ReturnType<typeof useRenameAndDelete<T>>;
  /** The shared rule for a new name. */
  schema: z.ZodType<{ name: string }>;
  /** What deleting the item does, after its name. */
  children: ReactNode;
};

/** The Rename and the Delete modals of a list's items. */
export function RenameAndDeleteModals<T extends { id: string; name: string }>({
  actions,
  schema,
  children,
}: RenameAndDeleteModalsProps<T>) {
  const { noun } = actions;
  return (
    <>
      <RenameModal title={`Rename the ${noun}`} schema={schema} {...actions.renameProps} />
      <ConfirmDeleteModal
        title={`Delete this ${noun}?`}
        confirmLabel={`Delete ${noun}`}
        errorTitle={`Could not delete the ${noun}`}
        {...actions.deleteProps}
      >
        {actions.deleting?.name} {children}
      </ConfirmDeleteModal>
    </>
  );
}
