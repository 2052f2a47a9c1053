import { Anchor, Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import type { ContactImport } from '@switchboard/shared/contact-imports';
import { IconArrowBackUp, IconDownload, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { contactImportErrorsHref, isImportActive } from '../api/get-contact-import';
import { useContactImportPage } from '../api/list-contact-imports';
import { useDeleteContactImport } from '../api/delete-contact-import';
import { useUndoContactImport } from '../api/undo-contact-import';
import { formatDateTime } from '@switchboard/shared/format';
import { ImportCounts } from './import-counts';
import { ImportStatusBadge } from './import-status-badge';
import { FormAlert } from '../../../components/form-alert';

const HISTORY_PAGE_SIZE = 10;

/** The business's imports, newest first: how each went, its rejected rows, and Undo. */
export function ImportHistory({ timeZone }: { timeZone: string }) {
  const [page, setPage] = useState(1);
  const imports = useContactImportPage({ page, limit: HISTORY_PAGE_SIZE });
  const [undoing, setUndoing] = useState<ContactImport | null>(null);

  const columns: DataColumn<ContactImport>[] = [
    {
      header: 'File',
      cell: (row) => (
        <Text size="sm" fw={500} miw={140} style={{ overflowWrap: 'anywhere' }}>
          {row.fileName}
        </Text>
      ),
    },
    {
      header: 'Date',
      cell: (row) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(row.createdAt, timeZone)}
        </Text>
      ),
    },
    { header: 'Status', cell: (row) => <ImportStatusBadge row={row} /> },
    {
      header: 'Rows',
      cell: (row) =>
        row.status === 'failed' && row.error ? (
          <Text size="sm" c="red" miw={220}>
            {row.error}
          </Text>
        ) : row.status === 'uploaded' ? (
          <Text size="sm" c="dimmed" miw={220}>
            Not started · removed after a day
          </Text>
        ) : (
          <ImportCounts row={row} />
        ),
    },
    {
      header: 'Actions',
      hiddenHeader: true,
      end: true,
      cell: (row) => (
        <Group gap="sm" justify="flex-end" wrap="nowrap">
          {/* The rows to fix are written with the rest: none are there until it ends. */}
          {row.failedCount + row.warningCount > 0 && !isImportActive(row.status) && (
            <Anchor
              href={contactImportErrorsHref(row.id)}
              download
              size="sm"
              aria-label={`Download the rows to fix of ${row.fileName}`}
            >
              <Group gap={4} component="span" wrap="nowrap">
                <IconDownload size={14} />
                Rows to fix
              </Group>
            </Anchor>
          )}
          {row.status === 'uploaded' && <DeleteUnstarted row={row} />}
          {row.status === 'completed' && (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconArrowBackUp size={14} />}
              onClick={() => setUndoing(row)}
              aria-label={`Undo the import of ${row.fileName}`}
            >
              Undo
            </Button>
          )}
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="sm" component="section" aria-labelledby="import-history-title" mt="xl">
      <Title order={3} id="import-history-title">
        Import history
      </Title>
      <DataTable
        query={imports}
        columns={columns}
        label="Import history"
        errorTitle="Could not load the import history"
        empty={
          <Text size="sm" c="dimmed">
            No imports yet. Lists you import appear here, and a finished import can be undone.
          </Text>
        }
        minWidth={760}
        pager={{
          noun: ['import', 'imports'],
          onChange: (next) => setPage(next.page ?? 1),
          pageSizes: false,
          pageName: 'imports page',
        }}
      />
      <UndoImportModal row={undoing} onClose={() => setUndoing(null)} />
    </Stack>
  );
}

function DeleteUnstarted({ row }: { row: ContactImport }) {
  const remove = useDeleteContactImport();
  return (
    <Button
      size="xs"
      variant="default"
      leftSection={<IconTrash size={14} />}
      loading={remove.isPending}
      onClick={() => remove.mutate(row.id)}
      aria-label={`Delete the unstarted import of ${row.fileName}`}
    >
      Delete
    </Button>
  );
}

function UndoImportModal({ row, onClose }: { row: ContactImport | null; onClose: () => void }) {
  const undo = useUndoContactImport();
  const close = () => {
    if (undo.isPending) return;
    undo.reset();
    onClose();
  };
  return (
    <Modal opened={row !== null} onClose={close} title="Undo import">
      {row && (
        <Stack gap="md">
          <Text size="sm">
            Undo the import of {row.fileName}? The {row.createdCount.toLocaleString('en-US')}{' '}
            contacts it created are deleted, and the {row.updatedCount.toLocaleString('en-US')} it
            filled in get their earlier details back. Contacts changed since the import, or with
            enquiries or appointments, are kept as they are.
          </Text>
          {undo.isError && <FormAlert title="Could not undo the import" error={undo.error} />}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} disabled={undo.isPending} data-autofocus>
              Keep the import
            </Button>
            <Button
              color="red"
              loading={undo.isPending}
              onClick={() =>
                undo.mutate(row.id, {
                  onSuccess: () => {
                    undo.reset();
                    onClose();
                  },
                })
              }
            >
              Yes, undo the import
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
