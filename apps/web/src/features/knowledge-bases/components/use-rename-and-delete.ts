import { useState } from 'react';
import { useConfirmDelete } from '../../../components/confirm-delete-modal';

type Mutation<V> = {
  mutate: (variables: V, options: { onSuccess: () => void }) => void;
  reset: () => void;
  isPending: boolean;
  error: unknown;
};

/**
 * A list's Rename and Delete (documents, knowledge bases): the item each modal is open for, and
 * the props of `RenameModal` and `ConfirmDeleteModal`. Opening one clears its last refusal; a
 * modal closes once the platform has done it.
 */
export function useRenameAndDelete<T extends { id: string; name: string }>(
  rename: Mutation<{ id: string; name: string }>,
  remove: Parameters<typeof useConfirmDelete>[0],
) {
  const [renaming, setRenaming] = useState<T | null>(null);
  const { deleting, startDelete, deleteProps } = useConfirmDelete<T>(remove);
  return {
    deleting,
    startRename: (item: T) => {
      rename.reset();
      setRenaming(item);
    },
    startDelete,
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
