import { Button, Text, Tooltip } from '@mantine/core';
import {
  EMAIL_LOGS_PAGE_SIZE,
  emailLogsErrorMessage,
  type EmailLog,
} from '@switchboard/shared/enquiries';
import { formatDateTime } from '@switchboard/shared/format';
import { IconMailOff, IconRefresh } from '@tabler/icons-react';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { usePaginationParams } from '../../../lib/use-pagination-params';
import { useEmailLogs } from '../api/list-email-logs';
import { useRetryEmailLog } from '../api/retry-email-log';
import { EmailStatusBadge } from './status';

/** The replies sent to one enquiry: status, time, error, and Retry for a failed one. */
export function EmailLogs({ enquiryId }: { enquiryId: string }) {
  const { page, limit, setPagination } = usePaginationParams(EMAIL_LOGS_PAGE_SIZE);
  const logs = useEmailLogs({ enquiryId, page, limit });
  const answer = logs.data;
  const timeZone = answer?.timeZone ?? 'UTC';

  const columns: DataColumn<EmailLog>[] = [
    {
      header: 'Time',
      cell: (log) => (
        <div style={{ whiteSpace: 'nowrap' }}>
          <Text size="sm">{formatDateTime(log.sentAt ?? log.createdAt, timeZone)}</Text>
          <Text size="xs" c="dimmed">
            {log.sentAt ? 'sent' : 'written'}
            {log.sentBy ? ` by ${log.sentBy}` : ''}
          </Text>
        </div>
      ),
    },
    { header: 'To', cell: (log) => <Text size="sm">{log.toAddress}</Text> },
    {
      header: 'Subject and message',
      maw: 360,
      cell: (log) => (
        <>
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
        </>
      ),
    },
    { header: 'Status', cell: (log) => <EmailStatusBadge status={log.status} /> },
    { header: 'Attempts', cell: (log) => log.attempts },
    {
      header: 'Error',
      maw: 240,
      cell: (log) =>
        log.lastError ? (
          <Tooltip label={log.lastError} multiline w={320}>
            <Text size="sm" c="red" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
              {log.lastError}
            </Text>
          </Tooltip>
        ) : (
          <Text size="sm" c="dimmed">
            -
          </Text>
        ),
    },
    {
      header: 'Actions',
      hiddenHeader: true,
      cell: (log) => (log.status === 'failed' ? <RetryButton id={log.id} /> : null),
    },
  ];

  return (
    <>
      {answer && (answer.data.length > 0 || answer.meta.page > 1) && (
        <Text size="sm" c="dimmed" mb="sm">
          Replies to “{answer.enquiry.subject}”, newest first.
        </Text>
      )}
      <DataTable
        query={logs}
        columns={columns}
        label="Email log"
        errorTitle="Could not load the email log"
        errorMessage={emailLogsErrorMessage}
        loadingLabel="Loading the email log…"
        empty={{
          icon: IconMailOff,
          title: 'No replies yet',
          description: `Replies to “${answer?.enquiry.subject ?? ''}” and their delivery appear here once you send one.`,
        }}
        minWidth={900}
        pager={{ noun: ['email', 'emails'], onChange: setPagination }}
      />
    </>
  );
}

/** Sends a failed reply again. */
function RetryButton({ id }: { id: string }) {
  const retry = useRetryEmailLog();
  return (
    <Button
      size="compact-sm"
      variant="light"
      leftSection={<IconRefresh size={14} />}
      loading={retry.isPending}
      onClick={() => retry.mutate(id)}
    >
      Retry
    </Button>
  );
}
