import { Accordion, Anchor, Badge, Box, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  ENQUIRIES_PAGE_SIZE,
  enquiriesErrorMessage,
  type Enquiry,
} from '@switchboard/shared/enquiries';
import { formatDateTime } from '@switchboard/shared/format';
import {
  IconMail,
  IconMailOpened,
  IconFlag,
  IconMessages,
  IconPhoneCall,
  IconPlus,
  IconSend,
} from '@tabler/icons-react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { TestBadge } from '../../../components/test-mark';
import { EmptyPanel } from '../../../components/empty-panel';
import { PastLastPage } from '../../../components/past-last-page';
import { QueryError } from '../../../components/query-error';
import { TablePagination } from '../../../components/table-pagination';
import { failureReason, withMessage } from '../../../lib/api-client';
import { usePaginationParams } from '../../../lib/use-pagination-params';
import { useContactEnquiries } from '../api/list-contact-enquiries';
import { useMarkEnquiryRead } from '../api/mark-enquiry-read';
import { useUpdateEnquiryPriority } from '../api/update-enquiry-priority';
import { AddEnquiryModal } from './add-enquiry-modal';
import { EnquiryThreadView } from './enquiry-thread';
import { StatusChangeModal } from './status-change-modal';
import { ReplyModal } from './reply-modal';
import { EnquiryStatusBadge, EnquiryStatusSelect } from './status';
import { LoadingBlocks } from '../../../components/loading-blocks';

type ContactEnquiriesProps = {
  agentId: string;
  contactId: string;
  /** The call an enquiry was recorded in, with its transcript (the route brings the call feature). */
  renderCall: (callId: string) => ReactNode;
};

/** An enquiry's place: the contact's enquiries under the agent, with that enquiry open. */
export const enquiryPath = (agentId: string, contactId: string, enquiryId: string) =>
  `/agent/${encodeURIComponent(agentId)}/enquiries/${encodeURIComponent(contactId)}?open=${encodeURIComponent(enquiryId)}`;

export const emailLogPath = (agentId: string, contactId: string, enquiryId: string) =>
  `/agent/${encodeURIComponent(agentId)}/enquiries/${encodeURIComponent(contactId)}/email-logs/${encodeURIComponent(enquiryId)}`;

/**
 * One contact's enquiries to one agent, newest first: opening one marks it read; each has its
 * status, a read/unread toggle, the call it came from, Reply and its email log.
 */
export function ContactEnquiries({ agentId, contactId, renderCall }: ContactEnquiriesProps) {
  const { page, limit, setPagination } = usePaginationParams(ENQUIRIES_PAGE_SIZE);
  const list = useContactEnquiries({ contactId, agentId, page, limit });
  const markRead = useMarkEnquiryRead();
  // `?open=<id>` (a link from the inbox): that enquiry lands expanded, read, and in view.
  const [params] = useSearchParams();
  const linked = params.get('open');
  const [opened, setOpened] = useState<string[]>(linked ? [linked] : []);
  const landed = useRef(false);
  const [replyTo, setReplyTo] = useState<Enquiry | null>(null);
  const [statusChange, setStatusChange] = useState<{
    enquiry: Enquiry;
    status: Enquiry['status'];
  } | null>(null);
  useEffect(() => {
    if (landed.current || !linked || !list.data) return;
    landed.current = true;
    const enquiry = list.data.data.find((candidate) => candidate.id === linked);
    if (!enquiry) return;
    if (!enquiry.isRead) markRead.mutate({ id: enquiry.id, read: true });
    document
      .getElementById(`enquiry-${enquiry.id}`)
      ?.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
  }, [linked, list.data, markRead]);
  const [adding, addModal] = useDisclosure(false);

  const addButton = (
    <Button leftSection={<IconPlus size={16} />} variant="default" onClick={addModal.open}>
      Add enquiry
    </Button>
  );

  let body: ReactNode;
  if (list.isError && !list.data) {
    body = (
      <QueryError
        title="Could not load the enquiries"
        error={withMessage(list.error, enquiriesErrorMessage(failureReason(list.error)))}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  } else if (!list.data) {
    body = <LoadingBlocks label="Loading the enquiries…" heights={[64, 64, 64]} />;
  } else if (list.data.data.length === 0 && list.data.meta.page === 1) {
    body = (
      <EmptyPanel
        icon={IconMessages}
        title="No enquiries from this contact to this agent"
        description="When the caller asks this agent for something it cannot settle on the call, the agent records an enquiry here. You can also add one by hand."
        action={addButton}
      />
    );
  } else if (list.data.data.length === 0) {
    body = <PastLastPage onFirstPage={() => setPagination({ page: 1 })} />;
  } else {
    const { data: enquiries, timeZone, meta } = list.data;
    body = (
      <>
        <Accordion
          multiple
          variant="separated"
          value={opened}
          onChange={(values) => {
            // Opening an unread enquiry is reading it.
            for (const id of values) {
              if (opened.includes(id)) continue;
              const enquiry = enquiries.find((candidate) => candidate.id === id);
              if (enquiry && !enquiry.isRead) markRead.mutate({ id, read: true });
            }
            setOpened(values);
          }}
          aria-busy={list.isFetching}
        >
          {enquiries.map((enquiry) => (
            <EnquiryItem
              key={enquiry.id}
              enquiry={enquiry}
              timeZone={timeZone}
              emailLogTo={emailLogPath(agentId, contactId, enquiry.id)}
              renderCall={renderCall}
              onReply={() => setReplyTo(enquiry)}
              onStatus={(status) => setStatusChange({ enquiry, status })}
              expanded={opened.includes(enquiry.id)}
            />
          ))}
        </Accordion>
        <TablePagination meta={meta} noun={['enquiry', 'enquiries']} onChange={setPagination} />
      </>
    );
  }

  return (
    <>
      <Group justify="space-between" mb="md" gap="sm">
        <ContactLine enquiry={list.data?.data[0]} />
        {list.data && list.data.data.length > 0 && addButton}
      </Group>
      {body}
      <ReplyModal enquiry={replyTo} onClose={() => setReplyTo(null)} />
      <StatusChangeModal change={statusChange} onClose={() => setStatusChange(null)} />
      <AddEnquiryModal
        opened={adding}
        contactId={contactId}
        agentId={agentId}
        onClose={addModal.close}
      />
    </>
  );
}

/** Who the enquiries are from (as the newest one names the contact). */
function ContactLine({ enquiry }: { enquiry: Enquiry | undefined }) {
  if (!enquiry) return <span />;
  const parts = [enquiry.contactEmail, enquiry.contactPhone].filter(Boolean);
  return (
    <Box>
      <Text fw={600}>{enquiry.contactName || 'Unnamed contact'}</Text>
      {parts.length > 0 && (
        <Text size="sm" c="dimmed">
          {parts.join(' · ')}
        </Text>
      )}
    </Box>
  );
}

type EnquiryItemProps = {
  enquiry: Enquiry;
  timeZone: string;
  emailLogTo: string;
  renderCall: (callId: string) => ReactNode;
  onReply: () => void;
  onStatus: (status: Enquiry['status']) => void;
  /** Open: its conversation is loaded. */
  expanded: boolean;
};

function EnquiryItem({
  enquiry,
  timeZone,
  emailLogTo,
  renderCall,
  onReply,
  onStatus,
  expanded,
}: EnquiryItemProps) {
  const read = useMarkEnquiryRead();
  const priority = useUpdateEnquiryPriority();
  const urgent = enquiry.priority === 'urgent';
  const [showCall, setShowCall] = useState(false);
  return (
    <Accordion.Item value={enquiry.id} id={`enquiry-${enquiry.id}`}>
      <Accordion.Control
        aria-label={`${enquiry.subject}${enquiry.isRead ? '' : ' (unread)'}`}
        icon={
          enquiry.isRead ? (
            <IconMailOpened size={18} stroke={1.6} color="var(--mantine-color-dimmed)" />
          ) : (
            <IconMail size={18} stroke={2} color="var(--mantine-color-blue-filled)" />
          )
        }
      >
        <Group justify="space-between" gap="sm" wrap="nowrap">
          <Box miw={0}>
            <Text fw={enquiry.isRead ? 500 : 700} truncate="end">
              {enquiry.subject}
            </Text>
            <Text size="xs" c="dimmed">
              {formatDateTime(enquiry.createdAt, timeZone)}
              {enquiry.source === 'manual' ? ' · added by hand' : ' · from a call'}
              {enquiry.replyCount > 0 &&
                ` · ${enquiry.replyCount} ${enquiry.replyCount === 1 ? 'reply' : 'replies'}`}
              {enquiry.inboundCount > 0 &&
                ` · ${enquiry.inboundCount} ${enquiry.inboundCount === 1 ? 'answer' : 'answers'}`}
            </Text>
          </Box>
          <Group gap={6} wrap="wrap" justify="flex-end">
            {urgent && (
              <Badge size="sm" color="red" variant="filled">
                Urgent
              </Badge>
            )}
            {enquiry.isTest && <TestBadge />}
            {!enquiry.isRead && (
              <Badge size="sm" variant="filled">
                Unread
              </Badge>
            )}
            <EnquiryStatusBadge status={enquiry.status} />
          </Group>
        </Group>
      </Accordion.Control>
      <Accordion.Panel>
        <Stack gap="md">
          {/* Plain text: React escapes it; line breaks kept. */}
          <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {enquiry.message || 'No message.'}
          </Text>
          <Group gap="sm">
            <EnquiryStatusSelect status={enquiry.status} onChange={onStatus} />
            <Button
              variant={urgent ? 'light' : 'default'}
              color={urgent ? 'red' : undefined}
              size="sm"
              leftSection={<IconFlag size={16} />}
              loading={priority.isPending}
              onClick={() =>
                priority.mutate({ id: enquiry.id, priority: urgent ? 'normal' : 'urgent' })
              }
            >
              {urgent ? 'Not urgent' : 'Mark urgent'}
            </Button>
            <Button
              variant="default"
              size="sm"
              loading={read.isPending}
              onClick={() => read.mutate({ id: enquiry.id, read: !enquiry.isRead })}
            >
              {enquiry.isRead ? 'Mark as unread' : 'Mark as read'}
            </Button>
            <Button size="sm" leftSection={<IconSend size={16} />} onClick={onReply}>
              Reply
            </Button>
            <Anchor component={Link} to={emailLogTo} size="sm">
              Email log{enquiry.replyCount > 0 ? ` (${enquiry.replyCount})` : ''}
            </Anchor>
          </Group>
          {expanded && <EnquiryThreadView enquiryId={enquiry.id} />}
          {enquiry.callId ? (
            <Paper withBorder p="md">
              <Group justify="space-between">
                <Text size="sm" fw={600}>
                  The call it came from
                </Text>
                <Button
                  variant="subtle"
                  size="compact-sm"
                  leftSection={<IconPhoneCall size={16} />}
                  onClick={() => setShowCall((shown) => !shown)}
                  aria-expanded={showCall}
                >
                  {showCall ? 'Hide the call' : 'Show the call and transcript'}
                </Button>
              </Group>
              {showCall && <Box mt="md">{renderCall(enquiry.callId)}</Box>}
            </Paper>
          ) : (
            <Text size="xs" c="dimmed">
              Not recorded in a call.
            </Text>
          )}
        </Stack>
      </Accordion.Panel>
    </Accordion.Item>
  );
}
