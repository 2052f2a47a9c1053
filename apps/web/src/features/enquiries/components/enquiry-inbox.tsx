import {
  Anchor,
  Badge,
  Card,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import {
  ENQUIRIES_PAGE_SIZE,
  ENQUIRY_PRIORITIES,
  ENQUIRY_PRIORITY_LABELS,
  ENQUIRY_SEARCH_MAX,
  ENQUIRY_STATUSES,
  enquiriesErrorMessage,
  type Enquiry,
  type EnquiryPriority,
  type EnquiryStatus,
} from '@switchboard/shared/enquiries';
import { useState } from 'react';
import { formatDateTime } from '@switchboard/shared/format';
import { IconInbox, IconMail, IconMailOpened, IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { EmptyPanel } from '../../../components/empty-panel';
import { FiltersFold } from '../../../components/filters-fold';
import { parseTestFilter, TestBadge, TestFilterSelect } from '../../../components/test-mark';
import { useIsPhone } from '../../../lib/use-is-phone';
import { PastLastPage } from '../../../components/past-last-page';
import { QueryError } from '../../../components/query-error';
import { TablePagination } from '../../../components/table-pagination';
import { TableSkeleton } from '../../../components/table-skeleton';
import { failureReason, withMessage } from '../../../lib/api-client';
import { usePaginationParams } from '../../../lib/use-pagination-params';
import { useSearchParamsUpdater } from '../../../lib/use-search-params-updater';
import { useEnquiryInbox } from '../api/list-enquiries';
import { enquiryPath } from './contact-enquiries';
import { EnquiryStatusBadge, STATUS_OPTIONS } from './status';

const COLUMNS = ['', 'Subject', 'Contact', 'Agent', 'Status', 'Received'] as const;

const PRIORITY_OPTIONS = ENQUIRY_PRIORITIES.map((value) => ({
  value,
  label: ENQUIRY_PRIORITY_LABELS[value],
}));

/** Where an enquiry opens: its contact's enquiries under its agent, expanded; else the contact. */
function enquiryLink(enquiry: Enquiry): string {
  return enquiry.agentId
    ? enquiryPath(enquiry.agentId, enquiry.contactId, enquiry.id)
    : `/contacts/${encodeURIComponent(enquiry.contactId)}`;
}

/** The inbox's filters, read from the URL: `?status=open&unread=1&agentId=…&priority&q&test`. */
function useInboxFilters() {
  const [params, update] = useSearchParamsUpdater();
  const rawStatus = params.get('status');
  const status = (ENQUIRY_STATUSES as readonly string[]).includes(rawStatus ?? '')
    ? (rawStatus as EnquiryStatus)
    : null;
  const unread = params.get('unread') === '1';
  const agentId = params.get('agentId') || null;
  const rawPriority = params.get('priority');
  const priority = (ENQUIRY_PRIORITIES as readonly string[]).includes(rawPriority ?? '')
    ? (rawPriority as EnquiryPriority)
    : null;
  const q = params.get('q') ?? '';
  const test = parseTestFilter(params.get('test'));
  const set = (key: string, value: string | null) =>
    update((current) => {
      if (value === null) current.delete(key);
      else current.set(key, value);
      // A new filter is a new list: back to its first page.
      current.delete('page');
      return current;
    });
  return { status, unread, agentId, priority, q, test, set };
}

type EnquiryInboxProps = {
  /** The business's agents, for the agent filter (the route brings them). */
  agents: { id: string; name: string }[];
};

/** Every enquiry of the business, newest first, filtered by status, unread and agent. */
export function EnquiryInbox({ agents }: EnquiryInboxProps) {
  const { page, limit, setPagination } = usePaginationParams(ENQUIRIES_PAGE_SIZE);
  const { status, unread, agentId, priority, q, test, set } = useInboxFilters();
  const inbox = useEnquiryInbox({ status, unread, agentId, priority, q, test, page, limit });
  const activeCount = [
    status !== null,
    unread,
    agentId !== null,
    priority !== null,
    test !== 'include',
  ].filter(Boolean).length;
  const filtered = activeCount > 0 || q !== '';
  const phone = useIsPhone();
  // The search applies as you type (debounced) and at once on Enter.
  const [search, setSearch] = useState(q);
  const applySearch = useDebouncedCallback((value: string) => set('q', value.trim() || null), 350);

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
    const cards = (
      <Stack gap="sm" aria-busy={inbox.isFetching} aria-label="Enquiries">
        {!list ? (
          <>
            <Skeleton height={96} />
            <Skeleton height={96} />
          </>
        ) : pastLastPage ? (
          <PastLastPage onFirstPage={() => setPagination({ page: 1 })} />
        ) : (
          list.data.map((enquiry) => (
            <InboxCard key={enquiry.id} enquiry={enquiry} timeZone={list.timeZone} />
          ))
        )}
      </Stack>
    );
    body = (
      <>
        {phone ? (
          cards
        ) : (
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
        )}
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

  const wide = (width: number) => ({ base: '100%', sm: width });
  return (
    <>
      <Stack gap="sm" mb="md">
        <TextInput
          label="Search"
          placeholder="Subject, message, name, email or phone"
          leftSection={<IconSearch size={16} />}
          value={search}
          maxLength={ENQUIRY_SEARCH_MAX}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            applySearch(event.currentTarget.value);
          }}
          onKeyDown={(event) => {
            if (event.key === 'Enter') set('q', search.trim() || null);
          }}
          w={{ base: '100%', sm: 420 }}
        />
        <FiltersFold active={activeCount}>
          <Select
            label="Status"
            placeholder="All statuses"
            data={STATUS_OPTIONS}
            value={status}
            clearable
            onChange={(value) => set('status', value)}
            w={wide(160)}
          />
          <Select
            label="Priority"
            placeholder="Any priority"
            data={PRIORITY_OPTIONS}
            value={priority}
            clearable
            onChange={(value) => set('priority', value)}
            w={wide(150)}
          />
          <Select
            label="Agent"
            placeholder="All agents"
            data={agents.map((agent) => ({ value: agent.id, label: agent.name || agent.id }))}
            value={agentId}
            clearable
            searchable
            onChange={(value) => set('agentId', value)}
            w={wide(220)}
          />
          <TestFilterSelect
            value={test}
            onChange={(value) => set('test', value === 'include' ? null : value)}
            w={wide(200)}
          />
          <Switch
            label="Unread only"
            checked={unread}
            onChange={(event) => set('unread', event.currentTarget.checked ? '1' : null)}
            mb={8}
          />
        </FiltersFold>
      </Stack>
      {body}
    </>
  );
}

function Marks({ enquiry }: { enquiry: Enquiry }) {
  return (
    <>
      {enquiry.priority === 'urgent' && (
        <Badge size="sm" color="red" variant="filled" style={{ flexShrink: 0 }}>
          Urgent
        </Badge>
      )}
      {enquiry.isTest && <TestBadge />}
    </>
  );
}

/** One enquiry as a card (phones). */
function InboxCard({ enquiry, timeZone }: { enquiry: Enquiry; timeZone: string }) {
  const weight = enquiry.isRead ? 500 : 700;
  return (
    <Card withBorder padding="sm" component="article" aria-label={enquiry.subject}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Anchor component={Link} to={enquiryLink(enquiry)} fw={weight} size="sm" miw={0}>
          {!enquiry.isRead && <VisuallyHidden>Unread: </VisuallyHidden>}
          {enquiry.subject}
        </Anchor>
        <EnquiryStatusBadge status={enquiry.status} />
      </Group>
      {enquiry.message && (
        <Text size="xs" c="dimmed" lineClamp={2} mt={4}>
          {enquiry.message}
        </Text>
      )}
      <Group gap={6} mt="xs" wrap="wrap">
        {!enquiry.isRead && (
          <Badge size="sm" variant="filled">
            Unread
          </Badge>
        )}
        <Marks enquiry={enquiry} />
      </Group>
      <Text size="xs" mt="xs">
        {enquiry.contactName || 'Unnamed contact'}
        {enquiry.agentName ? ` · ${enquiry.agentName}` : ''}
      </Text>
      <Text size="xs" c="dimmed">
        {formatDateTime(enquiry.createdAt, timeZone)}
      </Text>
    </Card>
  );
}

function InboxRow({ enquiry, timeZone }: { enquiry: Enquiry; timeZone: string }) {
  const to = enquiryLink(enquiry);
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
        <Group gap={6} wrap="nowrap">
          <Anchor component={Link} to={to} fw={weight} size="sm">
            {enquiry.subject}
          </Anchor>
          <Marks enquiry={enquiry} />
        </Group>
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
