import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  chatConversationListSchema,
  chatTurnSchema,
  sendChatMessageSchema,
} from '@switchboard/shared/chats';
import { agentScopeOf } from '../agents/agent-scope';
import type { AgentChatsService } from './agent-chats.service';
import { idParams as params, platformErrors, routeGroup } from '../../http/routes';

/** Text chat with an agent through the platform's chats. */
export const agentChatRoutes =
  (deps: { chats: AgentChatsService }): FastifyPluginAsyncZod =>
  async (app) => {
    const route = routeGroup(app, { tags: ['agent chat'], access: 'member' });

    route.get(
      '/agents/:id/chats',
      {
        summary: "The agent's chat conversations (its latest chats on the platform), newest first",
        params,
        response: { 200: chatConversationListSchema, ...platformErrors },
      },
      async (request) => ({
        data: await deps.chats.history(agentScopeOf(request), request.params.id),
      }),
    );

    route.post(
      '/agents/:id/chats',
      {
        summary:
          'Sends a message to the agent and answers its reply; previousChatId continues a conversation',
        params,
        body: sendChatMessageSchema,
        response: { 201: chatTurnSchema, ...platformErrors },
      },
      async (request) => deps.chats.send(agentScopeOf(request), request.params.id, request.body),
    );
  };
