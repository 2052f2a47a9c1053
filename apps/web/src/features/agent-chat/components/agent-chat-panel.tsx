import {
  Alert,
  Box,
  Button,
  Group,
  Loader,
  Paper,
  ScrollArea,
  Stack,
  Text,
  Textarea,
  Title,
  UnstyledButton,
} from '@mantine/core';
import type { ChatConversation } from '@switchboard/shared/chats';
import { formatDateTime } from '@switchboard/shared/format';
import { IconMessageCircle, IconPlus, IconSend } from '@tabler/icons-react';
import { useEffect, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useAgentChats, useSendChatMessage } from '../api/agent-chats';

type Props = {
  agentId: string;
  agentName: string;
  /** The agent's business's zone, for the conversations' times. */
  timeZone: string;
};

/**
 * "Chat with agent": a text conversation with the agent through the voice platform's chats.
 * Each message is a platform chat continuing the previous one; earlier conversations are listed
 * from the platform and can be reopened and continued.
 */
export function AgentChatPanel({ agentId, agentName, timeZone }: Props) {
  const history = useAgentChats(agentId);
  const send = useSendChatMessage(agentId);
  // The conversation on screen, by its first chat's id; null: a new one.
  const [openId, setOpenId] = useState<string | null>(null);
  const [draft, setDraft] = useState('');
  const [pending, setPending] = useState<string | null>(null);

  const conversations = history.data ?? [];
  const open: ChatConversation | undefined = conversations.find((c) => c.id === openId);
  const turns = open?.turns ?? [];
  const viewport = useRef<HTMLDivElement>(null);
  // The newest message in view, as a chat reads.
  useEffect(() => {
    const element = viewport.current;
    if (element && typeof element.scrollTo === 'function') {
      element.scrollTo({ top: element.scrollHeight });
    }
  }, [turns.length, pending, openId]);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const message = draft.trim();
    if (!message || send.isPending) return;
    setPending(message);
    send.mutate(
      { message, ...(open ? { previousChatId: open.lastChatId } : {}) },
      {
        onSuccess: (turn) => {
          setDraft('');
          if (!open) setOpenId(turn.id);
        },
        onSettled: () => setPending(null),
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter sends; Shift+Enter starts a new line.
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <Paper component="section" withBorder p="md" radius="md" aria-labelledby="agent-chat-title">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" gap="xs">
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <IconMessageCircle size={22} aria-hidden />
            <div>
              <Title order={2} size="h4" id="agent-chat-title">
                Chat with agent
              </Title>
              <Text size="sm" c="dimmed">
                A text conversation with {agentName} through the voice platform’s chat.
              </Text>
            </div>
          </Group>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconPlus size={14} />}
            onClick={() => {
              setOpenId(null);
              send.reset();
            }}
            disabled={openId === null}
          >
            New conversation
          </Button>
        </Group>

        <ScrollArea.Autosize mah={320} type="auto" viewportRef={viewport}>
          <Stack gap="xs" role="log" aria-label="Conversation" aria-live="polite">
            {turns.length === 0 && !pending && (
              <Text size="sm" c="dimmed">
                {open
                  ? 'This conversation has no messages.'
                  : 'Send a message to start a conversation.'}
              </Text>
            )}
            {turns.map((turn) => (
              <Box key={turn.id}>
                <Bubble who="You" text={turn.message} />
                <Bubble who={agentName} text={turn.reply || '(no reply)'} agent />
              </Box>
            ))}
            {pending && (
              <Box>
                <Bubble who="You" text={pending} />
                <Group gap="xs">
                  <Loader size="xs" />
                  <Text size="sm" c="dimmed">
                    {agentName} is answering…
                  </Text>
                </Group>
              </Box>
            )}
          </Stack>
        </ScrollArea.Autosize>

        {send.error && (
          <Alert color="red" title="The message was not sent">
            {send.error.message}
          </Alert>
        )}

        <form onSubmit={submit} noValidate>
          <Group align="flex-end" gap="xs" wrap="nowrap">
            <Textarea
              style={{ flex: 1 }}
              label="Message"
              placeholder="Ask the agent something"
              autosize
              minRows={1}
              maxRows={4}
              maxLength={2000}
              value={draft}
              onChange={(event) => setDraft(event.currentTarget.value)}
              onKeyDown={onKeyDown}
            />
            <Button
              type="submit"
              leftSection={<IconSend size={16} />}
              loading={send.isPending}
              disabled={draft.trim() === ''}
            >
              Send
            </Button>
          </Group>
        </form>

        <Stack gap={4}>
          <Text size="sm" fw={600} id="agent-chat-history">
            Earlier conversations
          </Text>
          {history.isPending && (
            <Group gap="xs">
              <Loader size="xs" />
              <Text size="sm" c="dimmed">
                Loading conversations…
              </Text>
            </Group>
          )}
          {history.isError && (
            <Alert color="red" title="Could not load the conversations">
              {history.error.message}
            </Alert>
          )}
          {history.isSuccess && conversations.length === 0 && (
            <Text size="sm" c="dimmed">
              No conversations yet.
            </Text>
          )}
          {conversations.length > 0 && (
            <Stack gap={2} component="ul" aria-labelledby="agent-chat-history" p={0} m={0}>
              {conversations.map((conversation) => {
                const last = conversation.turns[conversation.turns.length - 1];
                return (
                  <Box component="li" key={conversation.id} style={{ listStyle: 'none' }}>
                    <UnstyledButton
                      onClick={() => {
                        setOpenId(conversation.id);
                        send.reset();
                      }}
                      aria-current={conversation.id === openId ? 'true' : undefined}
                      w="100%"
                      p={6}
                      style={{
                        borderRadius: 'var(--mantine-radius-sm)',
                        background:
                          conversation.id === openId
                            ? 'var(--mantine-color-default-hover)'
                            : undefined,
                      }}
                    >
                      <Text size="sm" truncate="end">
                        {conversation.turns[0]?.message || '(empty)'}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {formatDateTime(last?.createdAt ?? conversation.startedAt, timeZone)} ·{' '}
                        {conversation.turns.length === 1
                          ? '1 message'
                          : `${conversation.turns.length} messages`}
                      </Text>
                    </UnstyledButton>
                  </Box>
                );
              })}
            </Stack>
          )}
        </Stack>
      </Stack>
    </Paper>
  );
}

function Bubble({ who, text, agent = false }: { who: string; text: string; agent?: boolean }) {
  return (
    <Box
      mb={6}
      ml={agent ? 0 : 'auto'}
      mr={agent ? 'auto' : 0}
      maw="85%"
      p="xs"
      style={{
        borderRadius: 'var(--mantine-radius-md)',
        background: agent
          ? 'var(--mantine-color-default-hover)'
          : 'var(--mantine-primary-color-light)',
      }}
    >
      <Text size="xs" c="dimmed" fw={600}>
        {who}
      </Text>
      <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {text}
      </Text>
    </Box>
  );
}
