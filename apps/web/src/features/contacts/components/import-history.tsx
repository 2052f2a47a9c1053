import {
  Alert,
  Anchor,
  Button,
  Group,
  Modal,
  Pagination,
  Paper,
  Stack,
  Table,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import type { ContactImport } from '@switchboard/shared/contact-imports';
import { IconAlertCircle, IconArrowBackUp, IconDownload, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { QueryError } from '../../../components/query-error';
import { TableSkeleton } from '../../../components/table-skeleton';
import { contactImportErrorsHref, isImportActive } from '../api/get-contact-import';
import { useContactImportPage } from '../api/list-contact-imports';
import { useDeleteContactImport } from '../api/delete-contact-import';
import { useUndoContactImport } from '../api/undo-contact-import';
import { formatDateTime } from '@switchboard/shared/format';
import { ImportCounts } from './import-counts';
import { ImportStatusBadge } from './import-status-badge';

const HISTORY_PAGE_SIZE = 10;
const COLUMNS = ['File', 'Date', 'Status', 'Rows', 'Actions'] as const;

/** The business's imports, newest first: how each went, its rejected rows, and Undo. */
export function ImportHistory({ timeZone }: { timeZone: string }) {
  const [page, setPage] = useState(1);
  const imports = useContactImportPage({ page, limit: HISTORY_PAGE_SIZE });
  const [undoing, setUndoing] = useState<ContactImport | null>(null);
  const rows = imports.data?.data;

  return (
    <Stack gap="sm" component="section" aria-labelledby="import-history-title" mt="xl">
      <Title order={3} id="import-history-title">
        Import history
      </Title>
      {imports.isError && !imports.data ? (
        <QueryError
          title="Could not load the import history"
          error={imports.error}
          onRetry={() => void imports.refetch()}
          retrying={imports.isFetching}
        />
      ) : rows && rows.length === 0 && page === 1 ? (
        <Text size="sm" c="dimmed">
          No imports yet. Lists you import appear here, and a finished import can be undone.
        </Text>
      ) : (
        <>
          <Paper withBorder style={{ overflow: 'hidden' }}>
            <Table.ScrollContainer minWidth={760}>
              <Table verticalSpacing="sm" horizontalSpacing="md" aria-busy={imports.isFetching}>
                <Table.Thead>
                  <Table.Tr>
                    {COLUMNS.map((column) => (
                      <Table.Th key={column}>
                        {column === 'Actions' ? <VisuallyHidden>{column}</VisuallyHidden> : column}
                      </Table.Th>
                    ))}
                  </Table.Tr>
                </Table.Thead>
                {rows ? (
                  <Table.Tbody>
                    {rows.map((row) => (
                      <ImportRow
                        key={row.id}
                        row={row}
                        timeZone={timeZone}
                        onUndo={() => setUndoing(row)}
                      />
                    ))}
                  </Table.Tbody>
                ) : (
                  <TableSkeleton columns={COLUMNS.length} rows={3} />
                )}
              </Table>
            </Table.ScrollContainer>
          </Paper>
          {imports.data && imports.data.meta.totalPages > 1 && (
            <Group justify="flex-end">
              <Pagination
                total={imports.data.meta.totalPages}
                value={page}
                onChange={setPage}
                size="sm"
                getControlProps={(control) => ({
                  'aria-label':
                    control === 'previous' ? 'Previous imports page' : 'Next imports page',
                })}
                getItemProps={(item) => ({ 'aria-label': `Imports page ${item}` })}
              />
            </Group>
          )}
        </>
      )}
      <UndoImportModal row={undoing} onClose={() => setUndoing(null)} />
    </Stack>
  );
}

function ImportRow({
  row,
  timeZone,
  onUndo,
}: {
  row: ContactImport;
  timeZone: string;
  onUndo: () => void;
}) {
  return (
    <Table.Tr>
      <Table.Td fw={500} miw={140} style={{ overflowWrap: 'anywhere' }}>
        {row.fileName}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        {formatDateTime(row.createdAt, timeZone)}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <ImportStatusBadge row={row} />
      </Table.Td>
      <Table.Td miw={220}>
        {row.status === 'failed' && row.error ? (
          <Text size="sm" c="red">
            {row.error}
          </Text>
        ) : row.status === 'uploaded' ? (
          <Text size="sm" c="dimmed">
            Not started · removed after a day
          </Text>
        ) : (
          <ImportCounts row={row} />
        )}
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
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
              onClick={onUndo}
              aria-label={`Undo the import of ${row.fileName}`}
            >
              Undo
            </Button>
          )}
        </Group>
      </Table.Td>
    </Table.Tr>
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
          {undo.isError && (
            <Alert
              color="red"
              variant="light"
              title="Could not undo the import"
              icon={<IconAlertCircle size={20} />}
              role="alert"
            >
              {undo.error.message}
            </Alert>
          )}
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
