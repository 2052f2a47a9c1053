import { EmptyPanel } from '../../../components/empty-panel';
import { Badge, Paper, Stack, Table, Text, Tooltip } from '@mantine/core';
import type { OutboxMessage } from '@switchboard/shared/admin';
import { formatDateTime } from '@switchboard/shared/format';
import { IconSend } from '@tabler/icons-react';
import { PastLastPage } from '../../../components/past-last-page';
import { QueryError } from '../../../components/query-error';
import { TablePagination } from '../../../components/table-pagination';
import { TableSkeleton } from '../../../components/table-skeleton';
import type { PageParams } from '../api/list-mail';
import { useOutbox } from '../api/list-outbox';

const COLUMNS = ['Message', 'Kind', 'Status', 'Attempts', 'Last error', 'Created / sent'];

const statusColors: Record<OutboxMessage['status'], string> = {
  queued: 'gray',
  sending: 'blue',
  sent: 'teal',
  failed: 'red',
};

type OutboxTableProps = PageParams & {
  onPageChange: (next: { page?: number; limit?: number }) => void;
  timeZone: string;
};

/** Every outgoing message and how sending it went (attempts, last error). */
export function OutboxTable({ page, limit, onPageChange, timeZone }: OutboxTableProps) {
  const outbox = useOutbox({ page, limit });

  if (outbox.isError && !outbox.data) {
    return (
      <QueryError
        title="Could not load the outbox"
        error={outbox.error}
        onRetry={() => void outbox.refetch()}
        retrying={outbox.isFetching}
      />
    );
  }

  const rows = outbox.data?.data;
  if (rows && rows.length === 0 && page === 1) {
    return (
      <EmptyPanel
        icon={IconSend}
        title="Nothing sent yet"
        description="Every message the app sends is listed here first, with its delivery attempts."
      />
    );
  }

  return (
    <>
      <Paper withBorder style={{ overflow: 'hidden' }}>
        <Table.ScrollContainer minWidth={860}>
          <Table
            verticalSpacing="sm"
            horizontalSpacing="md"
            highlightOnHover
            style={{ opacity: outbox.isPlaceholderData ? 0.6 : 1 }}
          >
            <Table.Thead>
              <Table.Tr>
                {COLUMNS.map((column) => (
                  <Table.Th
                    key={column}
                    ta={column === 'Attempts' ? 'right' : undefined}
                    style={{ whiteSpace: 'nowrap' }}
                  >
                    {column}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            {rows ? (
              <Table.Tbody>
                {rows.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={COLUMNS.length}>
                      <PastLastPage onFirstPage={() => onPageChange({ page: 1 })} />
                    </Table.Td>
                  </Table.Tr>
                )}
                {rows.map((message) => (
                  <Table.Tr key={message.id}>
                    <Table.Td maw={280}>
                      <Stack gap={2}>
                        <Text size="sm" fw={600} truncate="end">
                          {message.subject}
                        </Text>
                        <Text size="xs" c="dimmed" truncate="end">
                          To {message.toAddress}
                        </Text>
                      </Stack>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                        {message.kind}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Badge
                        color={statusColors[message.status] ?? 'gray'}
                        variant="light"
                        style={{ overflow: 'visible' }}
                      >
                        {message.status}
                      </Badge>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Text size="sm">{message.attempts}</Text>
                    </Table.Td>
                    <Table.Td maw={220}>
                      {message.lastError ? (
                        <Tooltip label={message.lastError} multiline w={360}>
                          <Text size="sm" c="red" truncate="end">
                            {message.lastError}
                          </Text>
                        </Tooltip>
                      ) : (
                        <Text size="sm" c="dimmed">
                          None
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Stack gap={2} style={{ whiteSpace: 'nowrap' }}>
                        <Text size="sm">{formatDateTime(message.createdAt, timeZone)}</Text>
                        <Text size="xs" c="dimmed">
                          {message.sentAt
                            ? `Sent ${formatDateTime(message.sentAt, timeZone)}`
                            : 'Not sent yet'}
                        </Text>
                      </Stack>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            ) : (
              <TableSkeleton columns={COLUMNS.length} />
            )}
          </Table>
        </Table.ScrollContainer>
      </Paper>
      {outbox.data && (
        <TablePagination
          meta={outbox.data.meta}
          noun={['outgoing message', 'outgoing messages']}
          onChange={onPageChange}
        />
      )}
    </>
  );
}
