import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Vapi } from '@vapi-ai/server-sdk';
import { z } from 'zod';
import type { SandboxContext } from '../context';
import { listByFilter } from '../demo/catalog';
import { checkBody, checkQuery } from '../http/document-validation';
import { badRequest, notFound } from '../http/errors';
import { paginate, pageLimitSchema, pageQueryShape } from '../http/paginated';
import { parseOrThrow, requireUuid, timeFilterShape, timeRange } from '../http/validation';

// /chat: a text turn with an assistant. The sandbox has no language model, so the reply is made
// plainly from the assistant's own settings: its first message opens a conversation, a request
// that names what one of its tools does gets that tool's description, anything else is echoed
// with the first sentence of its prompt. Multi-turn as the document says: `previousChatId`
// (the previous turn's messages and output become the context) or `sessionId` (the session's
// messages are the context and the turn is added to them); the two exclude each other.

type ChatMessage = Record<string, unknown>;

export interface SandboxChat {
  id: string;
  orgId: string;
  createdAt: string;
  updatedAt: string;
  assistantId?: string;
  sessionId?: string;
  previousChatId?: string;
  name?: string;
  input: unknown;
  messages: ChatMessage[];
  output: ChatMessage[];
  cost: number;
  costs: { type: 'chat'; cost: number }[];
}

interface SandboxSession {
  id: string;
  assistantId?: string;
  messages?: ChatMessage[];
  updatedAt: string;
}

const listQuery = z.object({
  id: z.string().optional(),
  idAny: z.string().optional(),
  assistantId: z.string().optional(),
  assistantIdAny: z.string().optional(),
  squadId: z.string().optional(),
  sessionId: z.string().optional(),
  previousChatId: z.string().optional(),
  limit: pageLimitSchema(),
  ...pageQueryShape,
  ...timeFilterShape,
});

/** The input's text: a string, or the user messages of a message list. */
function inputText(input: unknown): string {
  if (typeof input === 'string') return input;
  if (!Array.isArray(input)) return '';
  return input
    .filter(
      (m): m is { role: string; content?: unknown; message?: unknown } =>
        !!m && typeof m === 'object',
    )
    .filter((m) => m.role === 'user')
    .map((m) =>
      typeof m.content === 'string' ? m.content : typeof m.message === 'string' ? m.message : '',
    )
    .join('\n');
}

function systemPrompt(assistant: Vapi.CreateAssistantDto): string {
  const model = assistant.model as
    | { messages?: { role?: string; content?: unknown }[] }
    | undefined;
  const content = model?.messages?.find((m) => m.role === 'system')?.content;
  return typeof content === 'string' ? content : '';
}

const firstSentence = (text: string): string => /^[^.!?\n]*[.!?]?/.exec(text.trim())?.[0] ?? '';

const STOP_WORDS = new Set(['the', 'and', 'for', 'with', 'that', 'this', 'from', 'caller', 'when']);
const words = (text: string): string[] =>
  text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length > 3 && !STOP_WORDS.has(w));

/** The tool sharing the most words (by their first five letters) with what was asked, if any. */
function matchingTool(
  asked: string,
  tools: readonly Vapi.OpenAiModelToolsItem[],
): { name: string; description: string } | undefined {
  const stem = (w: string) => w.slice(0, 5);
  const said = new Set(words(asked).map(stem));
  let best: { name: string; description: string; score: number } | undefined;
  for (const tool of tools) {
    const fn = 'function' in tool ? tool.function : undefined;
    if (!fn?.name) continue;
    const toolWords = new Set(
      words(`${fn.name.replace(/_/g, ' ')} ${fn.description ?? ''}`).map(stem),
    );
    const score = [...said].filter((w) => toolWords.has(w)).length;
    if (score > 0 && (!best || score > best.score)) {
      best = { name: fn.name, description: fn.description ?? '', score };
    }
  }
  return best && { name: best.name, description: best.description };
}

export function sandboxReply(
  assistant: Vapi.CreateAssistantDto,
  tools: readonly Vapi.OpenAiModelToolsItem[],
  asked: string,
  firstTurn: boolean,
): string {
  const parts: string[] = [];
  if (firstTurn && assistant.firstMessage) parts.push(assistant.firstMessage);
  const tool = matchingTool(asked, tools);
  if (tool) {
    parts.push(
      `I can help with that with my ${tool.name} tool${tool.description ? ` (${tool.description.replace(/\.$/, '')})` : ''}.`,
    );
  } else {
    const about = firstSentence(systemPrompt(assistant));
    parts.push(`You said: "${asked.trim()}".${about ? ` ${about}` : ''}`);
  }
  return parts.join(' ');
}

export async function chatRoutes(app: FastifyInstance, { catalog }: SandboxContext): Promise<void> {
  const chats = catalog.consoleItems<SandboxChat>('/chat');
  const sessions = catalog.consoleItems<SandboxSession>('/session');
  const find = (id: string): SandboxChat => {
    const chat = chats.get(requireUuid(id));
    if (!chat) throw notFound('Chat not found');
    return chat;
  };

  app.post('/chat', async (request, reply) => {
    const body = checkBody<Vapi.CreateChatDto>('POST', '/chat', request.body);
    if (body.stream) {
      throw badRequest(['stream is not emulated by the sandbox platform; send stream: false']);
    }
    if (body.sessionId && body.previousChatId) {
      throw badRequest(['sessionId and previousChatId are mutually exclusive']);
    }
    const previous = body.previousChatId ? find(body.previousChatId) : undefined;
    const session = body.sessionId ? sessions.get(requireUuid(body.sessionId)) : undefined;
    if (body.sessionId && !session) throw notFound('Session not found');
    const assistantId = body.assistantId ?? previous?.assistantId ?? session?.assistantId;
    const record = assistantId ? catalog.getAssistant(assistantId) : undefined;
    if (assistantId && !record) throw notFound('Assistant not found');
    const assistant: Vapi.CreateAssistantDto | undefined = record
      ? { ...record.assistant, ...body.assistantOverrides }
      : body.assistant;
    if (!assistant) {
      throw badRequest(['One of assistantId, assistant, sessionId or previousChatId is required']);
    }
    const context: ChatMessage[] = previous
      ? [...previous.messages, ...previous.output]
      : (session?.messages ?? []);
    const asked = inputText(body.input);
    const at = new Date();
    const time = at.getTime();
    const userMessage: ChatMessage = {
      role: 'user',
      message: asked,
      time,
      endTime: time,
      secondsFromStart: 0,
    };
    const answer = sandboxReply(
      assistant,
      catalog.toolsOf(assistant),
      asked,
      !context.some((m) => m.role === 'assistant'),
    );
    const output: ChatMessage[] = [{ role: 'assistant', content: answer }];
    const cost = Math.round((asked.length + answer.length) * 2e-6 * 1e6) / 1e6;
    const iso = at.toISOString();
    const chat: SandboxChat = {
      id: randomUUID(),
      orgId: catalog.orgId,
      createdAt: iso,
      updatedAt: iso,
      ...(assistantId ? { assistantId } : {}),
      ...(body.sessionId ? { sessionId: body.sessionId } : {}),
      ...(body.previousChatId ? { previousChatId: body.previousChatId } : {}),
      ...(body.name ? { name: body.name } : {}),
      input: body.input,
      messages: [...context, userMessage],
      output,
      cost,
      costs: [{ type: 'chat', cost }],
    };
    chats.set(chat.id, chat);
    if (session) {
      session.messages = [...context, userMessage, ...output];
      session.updatedAt = iso;
    }
    return reply.status(201).send(chat);
  });

  app.get('/chat', async (request) => {
    checkQuery('GET', '/chat', request.query);
    const query = parseOrThrow(listQuery, request.query);
    const anyOf = (list: string | undefined) => (list ? list.split(',') : undefined);
    const ids = anyOf(query.idAny);
    const assistants = anyOf(query.assistantIdAny);
    const matching = listByFilter(chats.values(), {
      limit: Infinity,
      oldestFirst: query.sortOrder === 'ASC',
      createdAt: timeRange(query, 'createdAt'),
      updatedAt: timeRange(query, 'updatedAt'),
    }).filter(
      (chat) =>
        (!query.id || chat.id === query.id) &&
        (!ids || ids.includes(chat.id)) &&
        (!query.assistantId || chat.assistantId === query.assistantId) &&
        (!assistants ||
          (chat.assistantId !== undefined && assistants.includes(chat.assistantId))) &&
        // The sandbox's chats have no squads.
        !query.squadId &&
        (!query.sessionId || chat.sessionId === query.sessionId) &&
        (!query.previousChatId || chat.previousChatId === query.previousChatId),
    );
    return paginate(matching, query);
  });

  app.get<{ Params: { id: string } }>('/chat/:id', async (request) => find(request.params.id));

  app.delete<{ Params: { id: string } }>('/chat/:id', async (request) => {
    const chat = find(request.params.id);
    chats.delete(chat.id);
    return chat;
  });
}
