import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  chatConversationListSchema,
  chatTurnSchema,
  sendChatMessageSchema,
} from '@switchboard/shared/chats';
import { agentScopeOf } from '../agents/agent-scope';
import type { AgentChatsService } from './agent-chats.service';
import { errorResponses } from '../../http/error-responses';

// Any string: an id that is not one of the caller's agents is simply not found (404).
const params = z.object({ id: z.string().min(1) });

/** Text chat with an agent through the platform's chats. */
export const agentChatRoutes =
  (deps: { chats: AgentChatsService }): FastifyPluginAsyncZod =>
  async (app) => {
    const config = { access: 'member' } as const;
    const tags = ['agent chat'];

    app.get(
      '/agents/:id/chats',
      {
        config,
        schema: {
          tags,
          summary:
            "The agent's chat conversations (its latest chats on the platform), newest first",
          params,
          response: {
            200: chatConversationListSchema,
            ...errorResponses('PLATFORM_REJECTED', 'PLATFORM_ERROR'),
          },
        },
      },
      async (request) => ({
        data: await deps.chats.history(agentScopeOf(request), request.params.id),
      }),
    );

    app.post(
      '/agents/:id/chats',
      {
        config,
        schema: {
          tags,
          summary:
            'Sends a message to the agent and answers its reply; previousChatId continues a conversation',
          params,
          body: sendChatMessageSchema,
          response: {
            201: chatTurnSchema,
            ...errorResponses('PLATFORM_REJECTED', 'PLATFORM_ERROR'),
          },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await deps.chats.send(agentScopeOf(request), request.params.id, request.body)),
    );
  };
