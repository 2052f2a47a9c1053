import { EmptyPanel } from '../../../components/empty-panel';
import {
  Box,
  Divider,
  EmptyState,
  Grid,
  Group,
  Paper,
  Skeleton,
  Stack,
  Text,
  Title,
  UnstyledButton,
  useMantineTheme,
} from '@mantine/core';
import type { MailboxMessage } from '@switchboard/shared/admin';
import { useEffect, useRef } from 'react';
import { formatDateTime } from '@switchboard/shared/format';
import { IconMail, IconMailOpened } from '@tabler/icons-react';
import { PastLastPage } from '../../../components/past-last-page';
import { QueryError } from '../../../components/query-error';
import { TablePagination } from '../../../components/table-pagination';
import { useMail, type PageParams } from '../api/list-mail';
import { MailBody } from './mail-body';
import classes from './mailbox.module.css';

type MailInboxProps = PageParams & {
  onPageChange: (next: { page?: number; limit?: number }) => void;
  /** The message open in the reading pane (kept in the URL by the screen). */
  selectedId: string | null;
  onSelect: (id: string) => void;
  timeZone: string;
};

/** Messages delivered to the local mailbox: the list, and the open message beside it. */
export function MailInbox({
  page,
  limit,
  onPageChange,
  selectedId,
  onSelect,
  timeZone,
}: MailInboxProps) {
  const mail = useMail({ page, limit });
  const theme = useMantineTheme();
  const readerRef = useRef<HTMLDivElement>(null);
  const selectedLoaded = Boolean(mail.data?.data.some((message) => message.id === selectedId));

  // Side by side on wide screens; on narrow ones the message is below the list, out of sight.
  useEffect(() => {
    if (!selectedLoaded || !readerRef.current) return;
    // Below `md` (the Grid's breakpoint for the two columns).
    if (window.matchMedia(`(width < ${theme.breakpoints.md})`).matches) {
      readerRef.current.scrollIntoView({ behavior: 'smooth', block: 'start' });
    }
  }, [selectedId, selectedLoaded, theme.breakpoints.md]);

  if (mail.isError && !mail.data) {
    return (
      <QueryError
        title="Could not load the mailbox"
        error={mail.error}
        onRetry={() => void mail.refetch()}
        retrying={mail.isFetching}
      />
    );
  }

  const messages = mail.data?.data;
  if (messages && messages.length === 0 && page === 1) {
    return (
      <EmptyPanel
        icon={IconMail}
        title="The mailbox is empty"
        description="Mail the app sends (set-password links, enquiry replies) is delivered here while no SMTP server is configured."
      />
    );
  }

  const selected = messages?.find((message) => message.id === selectedId) ?? null;

  return (
    <Grid gap="lg" align="flex-start">
      <Grid.Col span={{ base: 12, md: 5 }}>
        <Paper withBorder style={{ overflow: 'hidden' }}>
          {messages && messages.length === 0 ? (
            <PastLastPage onFirstPage={() => onPageChange({ page: 1 })} />
          ) : messages ? (
            <Box component="ul" aria-label="Messages" m={0} p={0} style={{ listStyle: 'none' }}>
              {messages.map((message) => (
                <li key={message.id}>
                  <MessageListItem
                    message={message}
                    current={message.id === selectedId}
                    onSelect={onSelect}
                    timeZone={timeZone}
                  />
                </li>
              ))}
            </Box>
          ) : (
            <Stack gap={0} aria-hidden>
              {Array.from({ length: 6 }, (_, index) => (
                <Stack key={index} gap={8} p="md">
                  <Skeleton height={12} width="50%" />
                  <Skeleton height={12} width="85%" />
                </Stack>
              ))}
            </Stack>
          )}
        </Paper>
        {mail.data && (
          <TablePagination
            meta={mail.data.meta}
            noun={['message', 'messages']}
            onChange={onPageChange}
          />
        )}
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 7 }}>
        <Box className={classes.reader} ref={readerRef}>
          {selected ? (
            <MessageView message={selected} timeZone={timeZone} />
          ) : (
            <Paper withBorder p={{ base: 'xl', sm: 48 }} bg="var(--mantine-color-body)">
              <EmptyState
                icon={<IconMailOpened size={26} stroke={1.6} />}
                withIndicatorBackground
                title="No message selected"
                description="Choose a message from the list to read it."
              />
            </Paper>
          )}
        </Box>
      </Grid.Col>
    </Grid>
  );
}

type MessageListItemProps = {
  message: MailboxMessage;
  current: boolean;
  onSelect: (id: string) => void;
  timeZone: string;
};

function MessageListItem({ message, current, onSelect, timeZone }: MessageListItemProps) {
  return (
    <UnstyledButton
      className={classes.item}
      aria-current={current}
      onClick={() => onSelect(message.id)}
    >
      <Group justify="space-between" wrap="nowrap" gap="sm" mb={2}>
        <Text size="sm" fw={600} truncate="end">
          {message.toAddress}
        </Text>
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(message.deliveredAt, timeZone)}
        </Text>
      </Group>
      <Text size="sm" c="dimmed" truncate="end">
        {message.subject}
      </Text>
    </UnstyledButton>
  );
}

function MessageView({ message, timeZone }: { message: MailboxMessage; timeZone: string }) {
  return (
    <Paper withBorder p={{ base: 'md', sm: 'xl' }} component="article" aria-label={message.subject}>
      <Title order={3} mb="md">
        {message.subject}
      </Title>
      <Stack gap={4}>
        <HeaderLine label="From" value={message.fromAddress} />
        <HeaderLine label="To" value={message.toAddress} />
        <HeaderLine label="Delivered" value={formatDateTime(message.deliveredAt, timeZone)} />
      </Stack>
      <Divider my="lg" />
      <MailBody text={message.textBody} />
    </Paper>
  );
}

function HeaderLine({ label, value }: { label: string; value: string }) {
  return (
    <Group gap="xs" wrap="nowrap" align="baseline">
      <Text size="sm" c="dimmed" w={76} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Group>
  );
}
