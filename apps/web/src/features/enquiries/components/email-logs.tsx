import {
  Button,
  Paper,
  Stack,
  Table,
  Text,
  Tooltip,
  VisuallyHidden,
  Skeleton,
} from '@mantine/core';
import {
  EMAIL_LOGS_PAGE_SIZE,
  emailLogsErrorMessage,
  type EmailLog,
} from '@switchboard/shared/enquiries';
import { formatDateTime } from '@switchboard/shared/format';
import { IconMailOff, IconRefresh } from '@tabler/icons-react';
import { EmptyPanel } from '../../../components/empty-panel';
import { PastLastPage } from '../../../components/past-last-page';
import { QueryError } from '../../../components/query-error';
import { TablePagination } from '../../../components/table-pagination';
import { failureReason, withMessage } from '../../../lib/api-client';
import { usePaginationParams } from '../../../lib/use-pagination-params';
import { useEmailLogs } from '../api/list-email-logs';
import { useRetryEmailLog } from '../api/retry-email-log';
import { EmailStatusBadge } from './status';

const COLUMNS = ['Time', 'To', 'Subject and message', 'Status', 'Attempts', 'Error', ''] as const;

/** The replies sent to one enquiry: status, time, error, and Retry for a failed one. */
export function EmailLogs({ enquiryId }: { enquiryId: string }) {
  const { page, limit, setPagination } = usePaginationParams(EMAIL_LOGS_PAGE_SIZE);
  const logs = useEmailLogs({ enquiryId, page, limit });

  if (logs.isError && !logs.data) {
    return (
      <QueryError
        title="Could not load the email log"
        error={withMessage(logs.error, emailLogsErrorMessage(failureReason(logs.error)))}
        onRetry={() => void logs.refetch()}
        retrying={logs.isFetching}
      />
    );
  }
  if (!logs.data) {
    return (
      <Stack gap="sm">
        <VisuallyHidden role="status">Loading the email log…</VisuallyHidden>
        <Skeleton height={48} />
        <Skeleton height={48} />
      </Stack>
    );
  }
  const { data, meta, timeZone, enquiry } = logs.data;
  if (data.length === 0 && meta.page === 1) {
    return (
      <EmptyPanel
        icon={IconMailOff}
        title="No replies yet"
        description={`Replies to “${enquiry.subject}” and their delivery appear here once you send one.`}
      />
    );
  }
  return (
    <>
      <Text size="sm" c="dimmed" mb="sm">
        Replies to “{enquiry.subject}”, newest first. Times in {timeZone}.
      </Text>
      <Paper withBorder style={{ overflow: 'hidden' }}>
        <Table.ScrollContainer minWidth={900}>
          <Table verticalSpacing="sm" horizontalSpacing="md" aria-busy={logs.isFetching}>
            <Table.Thead>
              <Table.Tr>
                {COLUMNS.map((column, index) => (
                  <Table.Th key={index}>
                    {column || <VisuallyHidden>Actions</VisuallyHidden>}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={COLUMNS.length}>
                    <PastLastPage onFirstPage={() => setPagination({ page: 1 })} />
                  </Table.Td>
                </Table.Tr>
              ) : (
                data.map((log) => <EmailLogRow key={log.id} log={log} timeZone={timeZone} />)
              )}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Paper>
      <TablePagination meta={meta} noun={['email', 'emails']} onChange={setPagination} />
    </>
  );
}

function EmailLogRow({ log, timeZone }: { log: EmailLog; timeZone: string }) {
  const retry = useRetryEmailLog();
  return (
    <Table.Tr>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Text size="sm">{formatDateTime(log.sentAt ?? log.createdAt, timeZone)}</Text>
        <Text size="xs" c="dimmed">
          {log.sentAt ? 'sent' : 'written'}
          {log.sentBy ? ` by ${log.sentBy}` : ''}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{log.toAddress}</Text>
      </Table.Td>
      <Table.Td maw={360}>
        <Text size="sm" fw={600}>
          {log.subject}
        </Text>
        {/* Plain text, escaped by React; line breaks kept. */}
        <Text
          size="sm"
          c="dimmed"
          lineClamp={4}
          style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
        >
          {log.body}
        </Text>
      </Table.Td>
      <Table.Td>
        <EmailStatusBadge status={log.status} />
      </Table.Td>
      <Table.Td>{log.attempts}</Table.Td>
      <Table.Td maw={240}>
        {log.lastError ? (
          <Tooltip label={log.lastError} multiline w={320}>
            <Text size="sm" c="red" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
              {log.lastError}
            </Text>
          </Tooltip>
        ) : (
          <Text size="sm" c="dimmed">
            -
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        {log.status === 'failed' && (
          <Button
            size="compact-sm"
            variant="light"
            leftSection={<IconRefresh size={14} />}
            loading={retry.isPending}
            onClick={() => retry.mutate(log.id)}
          >
            Retry
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
}
