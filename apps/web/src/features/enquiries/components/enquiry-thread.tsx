import { Alert, Badge, Group, Paper, Skeleton, Stack, Text, Timeline } from '@mantine/core';
import {
  ENQUIRY_STATUS_LABELS,
  statusChangeText,
  type EnquiryThreadItem,
} from '@switchboard/shared/enquiries';
import { formatDateTime } from '@switchboard/shared/format';
import { IconArrowsExchange, IconMailForward, IconMessageReply } from '@tabler/icons-react';
import { useEnquiryThread } from '../api/get-enquiry-thread';
import { EmailStatusBadge } from './status';
import { useIsOperator } from '../../../lib/session-context';

const CHANNEL_LABELS = { postmark: 'Postmark', mailgun: 'Mailgun', imap: 'IMAP' } as const;

/**
 * The enquiry's conversation, oldest first: our replies, the customer's answers taken in by
 * email, and each status change with who or what changed it, when and why.
 */
export function EnquiryThreadView({ enquiryId }: { enquiryId: string }) {
  const thread = useEnquiryThread(enquiryId);
  const isAdmin = useIsOperator();
  if (thread.isError && !thread.data) {
    return (
      <Alert color="red" title="Could not load the conversation">
        {thread.error.message}
      </Alert>
    );
  }
  if (!thread.data) return <Skeleton height={80} aria-label="Loading the conversation" />;
  const { items, timeZone, enquiry } = thread.data;
  return (
    <Stack gap="sm" aria-label="Conversation">
      <Text size="sm" fw={600}>
        Conversation
      </Text>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          No replies yet.
        </Text>
      ) : (
        <Timeline bulletSize={26} lineWidth={2} active={items.length - 1}>
          {items.map((item) => (
            <Timeline.Item
              key={`${item.kind}-${item.id}`}
              bullet={<ItemIcon kind={item.kind} />}
              title={<ItemTitle item={item} />}
            >
              <Text size="xs" c="dimmed" mb={4}>
                {formatDateTime(item.at, timeZone)}
              </Text>
              <ItemBody item={item} />
            </Timeline.Item>
          ))}
        </Timeline>
      )}
      <Text size="xs" c="dimmed">
        {enquiry.replyTo
          ? `The customer’s answers to ${enquiry.replyTo} appear here.`
          : isAdmin
            ? 'Customers’ answers by email appear here once inbound mail is set up (INBOUND_MAIL_DOMAIN).'
            : 'Customers’ answers by email will appear here once your Switchboard administrator turns on incoming mail.'}
      </Text>
    </Stack>
  );
}

function ItemIcon({ kind }: { kind: EnquiryThreadItem['kind'] }) {
  if (kind === 'reply') return <IconMailForward size={14} />;
  if (kind === 'inbound') return <IconMessageReply size={14} />;
  return <IconArrowsExchange size={14} />;
}

function ItemTitle({ item }: { item: EnquiryThreadItem }) {
  switch (item.kind) {
    case 'reply':
      return (
        <Group gap={6}>
          <Text size="sm" fw={600}>
            Reply{item.sentBy ? ` by ${item.sentBy}` : ''} to {item.toAddress}
          </Text>
          <EmailStatusBadge status={item.status} />
        </Group>
      );
    case 'inbound':
      return (
        <Group gap={6}>
          <Text size="sm" fw={600}>
            {item.fromName || item.fromAddress} answered
          </Text>
          <Badge size="xs" variant="light" color="gray">
            {CHANNEL_LABELS[item.channel]}
          </Badge>
        </Group>
      );
    case 'status':
      return (
        <Text size="sm" fw={600}>
          Status {ENQUIRY_STATUS_LABELS[item.fromStatus]} → {ENQUIRY_STATUS_LABELS[item.toStatus]}
        </Text>
      );
  }
}

function ItemBody({ item }: { item: EnquiryThreadItem }) {
  if (item.kind === 'status') {
    return (
      <Text size="sm" c="dimmed">
        {statusChangeText(item)}
      </Text>
    );
  }
  return (
    <Paper
      withBorder
      p="sm"
      bg={item.kind === 'inbound' ? 'var(--mantine-color-default-hover)' : undefined}
    >
      {item.subject && (
        <Text size="xs" c="dimmed" mb={4}>
          {item.subject}
        </Text>
      )}
      {/* Plain text: React escapes it; line breaks kept. */}
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {item.body}
      </Text>
    </Paper>
  );
}
