import {
  Anchor,
  Badge,
  Card,
  Group,
  Select,
  Stack,
  Switch,
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
import { DataTable, type DataColumn } from '../../../components/data-table';
import { FiltersFold } from '../../../components/filters-fold';
import { parseTestFilter, TestBadge, TestFilterSelect } from '../../../components/test-mark';
import { usePaginationParams } from '../../../lib/use-pagination-params';
import { useSearchParamsUpdater } from '../../../lib/use-search-params-updater';
import { useEnquiryInbox } from '../api/list-enquiries';
import { enquiryPath } from './contact-enquiries';
import { EnquiryStatusBadge, STATUS_OPTIONS } from './status';

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
  // The search applies as you type (debounced) and at once on Enter.
  const [search, setSearch] = useState(q);
  const applySearch = useDebouncedCallback((value: string) => set('q', value.trim() || null), 350);
  // Rows draw only once a page is in, so the fallback zone is never shown.
  const timeZone = inbox.data?.timeZone ?? 'UTC';

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
      <DataTable
        query={inbox}
        columns={inboxColumns(timeZone)}
        label="Enquiries"
        errorTitle="Could not load the enquiries"
        errorMessage={enquiriesErrorMessage}
        empty={{
          icon: IconInbox,
          title: filtered ? 'No enquiries match these filters' : 'No enquiries yet',
          description: filtered
            ? 'Change or clear the filters to see more.'
            : 'When callers ask your agents for something they cannot settle on the call, the agents record an enquiry here.',
        }}
        pager={{ noun: ['enquiry', 'enquiries'], onChange: setPagination }}
        minWidth={860}
        card={(enquiry) => <InboxCard enquiry={enquiry} timeZone={timeZone} />}
      />
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

/** The inbox's columns: the read mark, then what the enquiry is, who and when. */
function inboxColumns(timeZone: string): DataColumn<Enquiry>[] {
  return [
    {
      header: 'Read',
      hiddenHeader: true,
      w: 36,
      cell: (enquiry) =>
        enquiry.isRead ? (
          <IconMailOpened size={18} stroke={1.6} aria-label="Read" />
        ) : (
          <IconMail
            size={18}
            stroke={2}
            color="var(--mantine-color-blue-filled)"
            aria-label="Unread"
          />
        ),
    },
    {
      header: 'Subject',
      maw: 360,
      cell: (enquiry) => (
        <>
          <Group gap={6} wrap="nowrap">
            <Anchor
              component={Link}
              to={enquiryLink(enquiry)}
              fw={enquiry.isRead ? 400 : 700}
              size="sm"
            >
              {enquiry.subject}
            </Anchor>
            <Marks enquiry={enquiry} />
          </Group>
          {enquiry.message && (
            <Text size="xs" c="dimmed" lineClamp={1}>
              {enquiry.message}
            </Text>
          )}
        </>
      ),
    },
    {
      header: 'Contact',
      cell: (enquiry) => (
        <>
          <Text size="sm">{enquiry.contactName || 'Unnamed contact'}</Text>
          <Text size="xs" c="dimmed">
            {enquiry.contactEmail ?? enquiry.contactPhone ?? ''}
          </Text>
        </>
      ),
    },
    {
      header: 'Agent',
      cell: (enquiry) =>
        enquiry.agentId ? (
          <Text size="sm">{enquiry.agentName ?? enquiry.agentId}</Text>
        ) : (
          <Badge variant="outline" color="gray" size="sm">
            No agent
          </Badge>
        ),
    },
    { header: 'Status', cell: (enquiry) => <EnquiryStatusBadge status={enquiry.status} /> },
    {
      header: 'Received',
      cell: (enquiry) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(enquiry.createdAt, timeZone)}
        </Text>
      ),
    },
  ];
}
