import type { UseQueryResult } from '@tanstack/react-query';
import type { ComponentProps, ReactNode } from 'react';
import { useCanSpendAndDelete } from '../lib/session-context';
import { DataTable, type DataColumn } from './data-table';
import type { EmptyPanelProps } from './empty-panel';
import { ManagerOnlyNotice, managerOnlyReason } from './manager-only';
import { PageHeader } from './page-header';
import { ResourceActions } from './resource-actions';

type RowActions = Omit<ComponentProps<typeof ResourceActions>, 'deleteRefusal'>;

type ConsoleListScreenProps<T extends { id: string }> = {
  /** The page's title, and the list's name ("Could not load the tools" when it fails). */
  title: string;
  description: string;
  /** The way to add an item (a button): in the header, and in the list while it is empty. */
  addButton: ReactNode;
  /** What a member may not do here, after "Only owners and managers can …" ("delete tools"). */
  managerOnly: string;
  /** The same for a row's red action when it says less ("release numbers"). */
  deleteAction?: string;
  query: UseQueryResult<T[]>;
  columns: DataColumn<T>[];
  /** A row's Edit and Delete (and any action before them); null for a row that has none. */
  rowActions: (row: T) => RowActions | null;
  searchText: (row: T) => string;
  searchLabel: string;
  empty: Omit<EmptyPanelProps, 'action'>;
  /** What stands between the header and the list (a call panel). */
  above?: ReactNode;
  /** The screen's dialogs: the item's form, the delete confirmation. */
  children: ReactNode;
};

/**
 * A console screen of one kind of item (phone numbers, tools, squads …): the header with the
 * way to add one, the searchable list with each row's Edit and Delete, and the dialogs. A member
 * sees the delete greyed with the reason, and the reason once under the header (decision 051).
 */
export function ConsoleListScreen<T extends { id: string }>({
  title,
  description,
  addButton,
  managerOnly,
  deleteAction = managerOnly,
  columns,
  rowActions,
  empty,
  above,
  children,
  ...table
}: ConsoleListScreenProps<T>) {
  const allowed = useCanSpendAndDelete();
  const deleteRefusal = allowed ? undefined : managerOnlyReason(deleteAction);
  const actionsColumn: DataColumn<T> = {
    header: 'Actions',
    end: true,
    cell: (row) => {
      const actions = rowActions(row);
      return actions && <ResourceActions {...actions} deleteRefusal={deleteRefusal} />;
    },
  };
  return (
    <>
      <PageHeader
        title={title}
        description={description}
        actions={addButton}
        notice={allowed ? undefined : <ManagerOnlyNotice action={managerOnly} />}
      />
      {above}
      <DataTable
        {...table}
        label={title}
        columns={[...columns, actionsColumn]}
        rowKey={(row) => row.id}
        errorTitle={`Could not load the ${title.toLowerCase()}`}
        empty={{ ...empty, action: addButton }}
      />
      {children}
    </>
  );
}
