import { Badge, Stack, Text, Tooltip } from '@mantine/core';
import type { OutboxMessage } from '@switchboard/shared/admin';
import { formatDateTime } from '@switchboard/shared/format';
import { IconSend } from '@tabler/icons-react';
import { DataTable, type DataColumn } from '../../../components/data-table';
import type { PageParams } from '../api/list-mail';
import { useOutbox } from '../api/list-outbox';

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

  const columns: DataColumn<OutboxMessage>[] = [
    {
      header: 'Message',
      maw: 280,
      cell: (message) => (
        <Stack gap={2}>
          <Text size="sm" fw={600} truncate="end">
            {message.subject}
          </Text>
          <Text size="xs" c="dimmed" truncate="end">
            To {message.toAddress}
          </Text>
        </Stack>
      ),
    },
    {
      header: 'Kind',
      cell: (message) => (
        <Text size="sm" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
          {message.kind}
        </Text>
      ),
    },
    {
      header: 'Status',
      cell: (message) => (
        <Badge
          color={statusColors[message.status] ?? 'gray'}
          variant="light"
          style={{ overflow: 'visible' }}
        >
          {message.status}
        </Badge>
      ),
    },
    {
      header: 'Attempts',
      numeric: true,
      cell: (message) => <Text size="sm">{message.attempts}</Text>,
    },
    {
      header: 'Last error',
      maw: 220,
      cell: (message) =>
        message.lastError ? (
          <Tooltip label={message.lastError} multiline w={360}>
            <Text size="sm" c="red" truncate="end">
              {message.lastError}
            </Text>
          </Tooltip>
        ) : (
          <Text size="sm" c="dimmed">
            None
          </Text>
        ),
    },
    {
      header: 'Created / sent',
      cell: (message) => (
        <Stack gap={2} style={{ whiteSpace: 'nowrap' }}>
          <Text size="sm">{formatDateTime(message.createdAt, timeZone)}</Text>
          <Text size="xs" c="dimmed">
            {message.sentAt ? `Sent ${formatDateTime(message.sentAt, timeZone)}` : 'Not sent yet'}
          </Text>
        </Stack>
      ),
    },
  ];

  return (
    <DataTable
      query={outbox}
      columns={columns}
      errorTitle="Could not load the outbox"
      empty={{
        icon: IconSend,
        title: 'Nothing sent yet',
        description:
          'Every message the app sends is listed here first, with its delivery attempts.',
      }}
      label="Outbox"
      minWidth={860}
      pager={{ noun: ['outgoing message', 'outgoing messages'], onChange: onPageChange }}
    />
  );
}
