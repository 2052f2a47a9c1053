import {
  Anchor,
  Badge,
  Group,
  Paper,
  Select,
  Switch,
  Table,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import {
  ENQUIRIES_PAGE_SIZE,
  ENQUIRY_STATUSES,
  enquiriesErrorMessage,
  type Enquiry,
  type EnquiryStatus,
} from '@switchboard/shared/enquiries';
import { formatDateTime } from '@switchboard/shared/format';
import { IconInbox, IconMail, IconMailOpened } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyPanel } from '../../../components/empty-panel';
import { PastLastPage } from '../../../components/past-last-page';
import { QueryError } from '../../../components/query-error';
import { TablePagination } from '../../../components/table-pagination';
import { TableSkeleton } from '../../../components/table-skeleton';
import { failureReason, withMessage } from '../../../lib/api-client';
import { usePaginationParams } from '../../../lib/use-pagination-params';
import { useSearchParamsUpdater } from '../../../lib/use-search-params-updater';
import { useEnquiryInbox } from '../api/list-enquiries';
import { EnquiryStatusBadge, STATUS_OPTIONS } from './status';

const COLUMNS = ['', 'Subject', 'Contact', 'Agent', 'Status', 'Received'] as const;

/** The inbox's filters, read from the URL: `?status=open&unread=1&agentId=…`. */
function useInboxFilters() {
  const [params, update] = useSearchParamsUpdater();
  const rawStatus = params.get('status');
  const status = (ENQUIRY_STATUSES as readonly string[]).includes(rawStatus ?? '')
    ? (rawStatus as EnquiryStatus)
    : null;
  const unread = params.get('unread') === '1';
  const agentId = params.get('agentId') || null;
  const set = (key: string, value: string | null) =>
    update((current) => {
      if (value === null) current.delete(key);
      else current.set(key, value);
      // A new filter is a new list: back to its first page.
      current.delete('page');
      return current;
    });
  return { status, unread, agentId, set };
}

type EnquiryInboxProps = {
  /** The business's agents, for the agent filter (the route brings them). */
  agents: { id: string; name: string }[];
};

/** Every enquiry of the business, newest first, filtered by status, unread and agent. */
export function EnquiryInbox({ agents }: EnquiryInboxProps) {
  const { page, limit, setPagination } = usePaginationParams(ENQUIRIES_PAGE_SIZE);
  const { status, unread, agentId, set } = useInboxFilters();
  const inbox = useEnquiryInbox({ status, unread, agentId, page, limit });
  const filtered = status !== null || unread || agentId !== null;

  let body;
  if (inbox.isError && !inbox.data) {
    body = (
      <QueryError
        title="Could not load the enquiries"
        error={withMessage(inbox.error, enquiriesErrorMessage(failureReason(inbox.error)))}
        onRetry={() => void inbox.refetch()}
        retrying={inbox.isFetching}
      />
    );
  } else if (inbox.data && inbox.data.data.length === 0 && inbox.data.meta.page === 1) {
    body = (
      <EmptyPanel
        icon={IconInbox}
        title={filtered ? 'No enquiries match these filters' : 'No enquiries yet'}
        description={
          filtered
            ? 'Change or clear the filters to see more.'
            : 'When callers ask your agents for something they cannot settle on the call, the agents record an enquiry here.'
        }
      />
    );
  } else {
    const list = inbox.data;
    const pastLastPage = list !== undefined && list.data.length === 0;
    body = (
      <>
        <Paper withBorder style={{ overflow: 'hidden' }}>
          <Table.ScrollContainer minWidth={860}>
            <Table verticalSpacing="sm" horizontalSpacing="md" aria-busy={inbox.isFetching}>
              <Table.Thead>
                <Table.Tr>
                  {COLUMNS.map((column, index) => (
                    <Table.Th key={index} w={index === 0 ? 36 : undefined}>
                      {column || <VisuallyHidden>Read</VisuallyHidden>}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              {list ? (
                <Table.Tbody>
                  {pastLastPage ? (
                    <Table.Tr>
                      <Table.Td colSpan={COLUMNS.length}>
                        <PastLastPage onFirstPage={() => setPagination({ page: 1 })} />
                      </Table.Td>
                    </Table.Tr>
                  ) : (
                    list.data.map((enquiry) => (
                      <InboxRow key={enquiry.id} enquiry={enquiry} timeZone={list.timeZone} />
                    ))
                  )}
                </Table.Tbody>
              ) : (
                <TableSkeleton columns={COLUMNS.length} rows={8} />
              )}
            </Table>
          </Table.ScrollContainer>
        </Paper>
        {list && !pastLastPage && (
          <TablePagination
            meta={list.meta}
            noun={['enquiry', 'enquiries']}
            onChange={setPagination}
          />
        )}
      </>
    );
  }

  return (
    <>
      <Group gap="md" mb="md" align="flex-end">
        <Select
          label="Status"
          placeholder="All statuses"
          data={STATUS_OPTIONS}
          value={status}
          clearable
          onChange={(value) => set('status', value)}
          w={180}
        />
        <Select
          label="Agent"
          placeholder="All agents"
          data={agents.map((agent) => ({ value: agent.id, label: agent.name || agent.id }))}
          value={agentId}
          clearable
          searchable
          onChange={(value) => set('agentId', value)}
          w={240}
        />
        <Switch
          label="Unread only"
          checked={unread}
          onChange={(event) => set('unread', event.currentTarget.checked ? '1' : null)}
          mb={8}
        />
      </Group>
      {body}
    </>
  );
}

function InboxRow({ enquiry, timeZone }: { enquiry: Enquiry; timeZone: string }) {
  const to = enquiry.agentId
    ? `/agent/${encodeURIComponent(enquiry.agentId)}/enquiries/${encodeURIComponent(enquiry.contactId)}`
    : null;
  const weight = enquiry.isRead ? 400 : 700;
  return (
    <Table.Tr>
      <Table.Td>
        {enquiry.isRead ? (
          <IconMailOpened size={18} stroke={1.6} aria-label="Read" />
        ) : (
          <IconMail
            size={18}
            stroke={2}
            color="var(--mantine-color-blue-filled)"
            aria-label="Unread"
          />
        )}
      </Table.Td>
      <Table.Td maw={360}>
        {to ? (
          <Anchor component={Link} to={to} fw={weight} size="sm">
            {enquiry.subject}
          </Anchor>
        ) : (
          <Text size="sm" fw={weight}>
            {enquiry.subject}
          </Text>
        )}
        {enquiry.message && (
          <Text size="xs" c="dimmed" lineClamp={1}>
            {enquiry.message}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Text size="sm">{enquiry.contactName || 'Unnamed contact'}</Text>
        <Text size="xs" c="dimmed">
          {enquiry.contactEmail ?? enquiry.contactPhone ?? ''}
        </Text>
      </Table.Td>
      <Table.Td>
        {enquiry.agentId ? (
          <Text size="sm">{enquiry.agentName ?? enquiry.agentId}</Text>
        ) : (
          <Badge variant="outline" color="gray" size="sm">
            No agent
          </Badge>
        )}
      </Table.Td>
      <Table.Td>
        <EnquiryStatusBadge status={enquiry.status} />
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Text size="sm">{formatDateTime(enquiry.createdAt, timeZone)}</Text>
      </Table.Td>
    </Table.Tr>
  );
}
