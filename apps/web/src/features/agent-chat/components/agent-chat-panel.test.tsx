import type { ChatConversation, ChatTurn } from '@switchboard/shared/chats';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { jsonResponse, stubApi } from '../../../test/fake-api';
import { TestProviders } from '../../../test/render';
import { AgentChatPanel } from './agent-chat-panel';

const PATH = '/api/agents/asst_front_desk/chats';

function renderPanel() {
  return render(
    <TestProviders>
      <AgentChatPanel agentId="asst_front_desk" agentName="Front desk" timeZone="Europe/Dublin" />
    </TestProviders>,
  );
}

function turn(id: string, message: string, reply: string, previousChatId: string | null): ChatTurn {
  return { id, previousChatId, message, reply, createdAt: '2026-03-05T14:07:00.000Z' };
}

describe('Chat with agent panel', () => {
  it('sends two messages as one conversation and lists it in the history', async () => {
    const turns: ChatTurn[] = [];
    const api = stubApi({
      [`GET ${PATH}`]: () => {
        const conversation: ChatConversation[] =
          turns.length === 0
            ? []
            : [
                {
                  id: turns[0]!.id,
                  lastChatId: turns[turns.length - 1]!.id,
                  startedAt: turns[0]!.createdAt,
                  turns: [...turns],
                },
              ];
        return jsonResponse({ data: conversation });
      },
      [`POST ${PATH}`]: ({ body }) => {
        const { message, previousChatId } = body as { message: string; previousChatId?: string };
        const made = turn(
          `chat-${turns.length + 1}`,
          message,
          `Echo: ${message}`,
          previousChatId ?? null,
        );
        turns.push(made);
        return jsonResponse(made, { status: 201 });
      },
    });
    const user = userEvent.setup();
    renderPanel();
    expect(await screen.findByText('No conversations yet.')).toBeInTheDocument();

    const box = screen.getByRole('textbox', { name: 'Message' });
    await user.type(box, 'Are you open on Saturday?{Enter}');
    const log = screen.getByRole('log', { name: 'Conversation' });
    expect(await within(log).findByText('Echo: Are you open on Saturday?')).toBeInTheDocument();
    expect(api.calls(`POST ${PATH}`)[0]?.body).toEqual({ message: 'Are you open on Saturday?' });

    await user.type(box, 'Book me in');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await within(log).findByText('Echo: Book me in')).toBeInTheDocument();
    // The second message continues the first chat.
    expect(api.calls(`POST ${PATH}`)[1]?.body).toEqual({
      message: 'Book me in',
      previousChatId: 'chat-1',
    });
    const history = screen.getByRole('list', { name: 'Earlier conversations' });
    expect(await within(history).findByText(/· 2 messages$/)).toBeInTheDocument();

    // A new conversation starts empty; reopening the old one shows its turns.
    await user.click(screen.getByRole('button', { name: 'New conversation' }));
    expect(within(log).getByText('Send a message to start a conversation.')).toBeInTheDocument();
    await user.click(within(history).getByRole('button', { name: /Are you open on Saturday/ }));
    expect(within(log).getByText('Echo: Book me in')).toBeInTheDocument();
  });

  it('shows the platform failure for the history and for a message', async () => {
    stubApi({
      [`GET ${PATH}`]: () =>
        jsonResponse(
          {
            error: { code: 'PLATFORM_ERROR', message: 'Failed to fetch chats: connection reset' },
            requestId: 'r1',
          },
          { status: 502 },
        ),
      [`POST ${PATH}`]: () =>
        jsonResponse(
          {
            error: {
              code: 'PLATFORM_ERROR',
              message: 'Failed to send chat message: connection reset',
            },
            requestId: 'r2',
          },
          { status: 502 },
        ),
    });
    const user = userEvent.setup();
    renderPanel();
    expect(await screen.findByText('Failed to fetch chats: connection reset')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Hello{Enter}');
    await waitFor(() =>
      expect(screen.getByText('Failed to send chat message: connection reset')).toBeInTheDocument(),
    );
    // What was typed stays, to send again.
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveValue('Hello');
  });
});
