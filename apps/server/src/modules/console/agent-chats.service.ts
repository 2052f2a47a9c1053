import type { Vapi } from '@vapi-ai/server-sdk';
import { and, eq, isNull, type SQL } from 'drizzle-orm';
import {
  toConversations,
  type ChatConversation,
  type ChatTurn,
  type SendChatMessageInput,
} from '@switchboard/shared/chats';
import type { Db } from '../../db/client';
import { agents } from '../../db/schema';
import { notFound } from '../../lib/app-error';
import type { PlatformClient } from '../../platform/platform-client';
import { readAllPages } from '../../platform/read-all';
import type { AgentScope } from '../agents/agents.repository';
import { consoleFailure, isPlatformNotFound } from './console-errors';

/** The text of what was sent: the input string, or its user messages. */
function inputText(input: Vapi.Chat['input']): string {
  if (typeof input === 'string') return input;
  if (!Array.isArray(input)) return '';
  return input
    .map((m) => {
      const message = m as { role?: string; content?: unknown; message?: unknown };
      if (message.role !== 'user') return '';
      return typeof message.content === 'string'
        ? message.content
        : typeof message.message === 'string'
          ? message.message
          : '';
    })
    .filter(Boolean)
    .join('\n');
}

/** The agent's answer: the text of the output's assistant messages. */
function replyText(output: Vapi.Chat['output']): string {
  return (output ?? [])
    .map((m) => {
      const message = m as { role?: string; content?: unknown };
      return message.role === 'assistant' && typeof message.content === 'string'
        ? message.content
        : '';
    })
    .filter(Boolean)
    .join('\n');
}

function toTurn(chat: Vapi.Chat): ChatTurn {
  return {
    id: chat.id,
    previousChatId: chat.previousChatId ?? null,
    message: inputText(chat.input),
    reply: replyText(chat.output),
    createdAt: new Date(chat.createdAt).toISOString(),
  };
}

/**
 * Text chat with one of the business's agents through the platform's `/chat`. Each message is a
 * chat; the next names the previous one (`previousChatId`), which must be a chat of the same
 * agent. History is the platform's list of the agent's chats, chained into conversations.
 */
export class AgentChatsService {
  constructor(private readonly deps: { db: Db; platform: () => PlatformClient }) {}

  /** 404 unless the agent is in the scope's reach (the business's own, or any for the operator). */
  private async requireAgent(scope: AgentScope, agentId: string): Promise<void> {
    const conditions: SQL[] = [eq(agents.platformAssistantId, agentId), isNull(agents.removedAt)];
    if (scope.kind === 'business') conditions.push(eq(agents.businessId, scope.businessId));
    const [row] = await this.deps.db
      .select({ id: agents.id })
      .from(agents)
      .where(and(...conditions));
    if (!row) throw notFound('Agent');
  }

  async history(scope: AgentScope, agentId: string): Promise<ChatConversation[]> {
    await this.requireAgent(scope, agentId);
    let chats: Vapi.Chat[];
    try {
      const platform = this.deps.platform();
      // All of the agent's chats, page after page (the list answers `{results, metadata}`).
      const all = await readAllPages(
        (query) => platform.sdk.chats.list({ assistantId: agentId, ...query }),
        platform.listPageSize,
      );
      // The filter is the platform's; keep only this agent's chats whatever it answers.
      chats = all.filter((chat) => chat.assistantId === agentId);
    } catch (error) {
      throw consoleFailure('fetch chats', error);
    }
    return toConversations(chats.map(toTurn));
  }

  async send(scope: AgentScope, agentId: string, input: SendChatMessageInput): Promise<ChatTurn> {
    await this.requireAgent(scope, agentId);
    const { sdk } = this.deps.platform();
    if (input.previousChatId) {
      // Only a chat of this agent continues: anyone else's (or none) is not found.
      let previous: Vapi.Chat;
      try {
        previous = await sdk.chats.get({ id: input.previousChatId });
      } catch (error) {
        if (isPlatformNotFound(error)) throw notFound('Chat');
        throw consoleFailure('fetch chat', error);
      }
      if (previous.assistantId !== agentId) throw notFound('Chat');
    }
    let created: Vapi.CreateChatsResponse;
    try {
      created = await sdk.chats.create({
        assistantId: agentId,
        input: input.message,
        stream: false,
        ...(input.previousChatId ? { previousChatId: input.previousChatId } : {}),
      });
    } catch (error) {
      throw consoleFailure('send chat message', error);
    }
    if (!('id' in created) || !('orgId' in created)) {
      throw consoleFailure('send chat message', new Error('the platform answered with a stream'));
    }
    return toTurn(created);
  }
}
