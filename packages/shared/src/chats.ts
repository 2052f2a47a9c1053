import { z } from 'zod';

/**
 * Text chat with an agent (the agent's overview, beside "Talk to agent"), through the
 * platform's `/chat`: each message is one platform chat; the next one names the previous
 * (`previousChatId`), so a conversation is a chain of chats.
 */

/** A platform id: a UUID (any version, either case), as the platform gives them out. */
const PLATFORM_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const chatMessages = {
  previousChatId:
    'previousChatId must be the id of a chat with this agent (a UUID, as the platform gives them)',
} as const;

/** POST /api/agents/:id/chats. */
export const sendChatMessageSchema = z.object({
  message: z
    .string()
    .trim()
    .min(1, { error: 'Type a message' })
    .max(2000, { error: 'At most 2000 characters' }),
  /**
   * The conversation's latest chat, to continue it; absent: a new conversation. The platform's
   * document types it as a string, but it names a chat, and the platform's chat ids are UUIDs:
   * `GET /chat/{id}` refuses anything else ("Validation failed (uuid is expected)"), so another
   * value is refused here with 400 instead of reaching the platform.
   */
  previousChatId: z
    .string()
    .regex(PLATFORM_ID_PATTERN, { error: chatMessages.previousChatId })
    .optional(),
});
export type SendChatMessageInput = z.infer<typeof sendChatMessageSchema>;

/** One exchange: what was sent and what the agent answered. */
export const chatTurnSchema = z.object({
  /** The platform chat's id (pass it as previousChatId to continue). */
  id: z.string(),
  previousChatId: z.string().nullable(),
  message: z.string(),
  reply: z.string(),
  createdAt: z.iso.datetime(),
});
export type ChatTurn = z.infer<typeof chatTurnSchema>;

/** A conversation: its turns oldest first. */
export const chatConversationSchema = z.object({
  /** The first chat's id. */
  id: z.string(),
  /** The latest chat's id: what the next message continues. */
  lastChatId: z.string(),
  startedAt: z.iso.datetime(),
  turns: z.array(chatTurnSchema),
});
export type ChatConversation = z.infer<typeof chatConversationSchema>;

/** GET /api/agents/:id/chats: the agent's conversations, newest first. */
export const chatConversationListSchema = z.object({ data: z.array(chatConversationSchema) });

/** Chats (turns) as conversations: chains by previousChatId, newest conversation first. */
export function toConversations(turns: readonly ChatTurn[]): ChatConversation[] {
  const byId = new Map(turns.map((turn) => [turn.id, turn]));
  const next = new Map<string, ChatTurn>();
  for (const turn of turns) {
    if (turn.previousChatId && byId.has(turn.previousChatId)) next.set(turn.previousChatId, turn);
  }
  const roots = turns.filter((turn) => !turn.previousChatId || !byId.has(turn.previousChatId));
  return roots
    .map((root) => {
      const chain: ChatTurn[] = [root];
      const seen = new Set([root.id]);
      let cursor = next.get(root.id);
      while (cursor && !seen.has(cursor.id)) {
        chain.push(cursor);
        seen.add(cursor.id);
        cursor = next.get(cursor.id);
      }
      return {
        id: root.id,
        lastChatId: chain[chain.length - 1]!.id,
        startedAt: root.createdAt,
        turns: chain,
      };
    })
    .sort((a, b) =>
      b.turns[b.turns.length - 1]!.createdAt.localeCompare(a.turns[a.turns.length - 1]!.createdAt),
    );
}
