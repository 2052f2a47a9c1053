import { AppError } from '../../lib/app-error';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  agentHealthSchema,
  agentToolChoicesSchema,
  agentListSchema,
  agentSchema,
  agentSettingsResponseSchema,
  agentSettingsSchema,
} from '@switchboard/shared/agents';
import { requireUser } from '../../http/auth';
import { idParams as params, platformErrors, routeGroup } from '../../http/routes';
import { agentScopeOf } from './agent-scope';
import type { AgentsService } from './agents.service';
import { errorResponses } from '../../http/error-responses';

/** Agents (the platform's assistants a business has); their analytics are analytics.routes.ts. */
export const agentRoutes =
  (deps: { agents: AgentsService }): FastifyPluginAsyncZod =>
  async (app) => {
    const route = routeGroup(app, { tags: ['agents'], access: 'member' });
    // Spends the business's money on the platform or deletes there: owners and managers (051).
    const spending = route.with({ access: 'manager' });

    route.get(
      '/agents',
      {
        summary: "The caller's agents with their last 7 days (admins: every agent)",
        response: { 200: agentListSchema },
      },
      async (request) => ({ data: await deps.agents.list(agentScopeOf(request)) }),
    );

    route.post(
      '/agents',
      {
        summary:
          "Creates an assistant on the platform with the enquiry and appointment tools, as the caller's business's agent",
        body: agentSettingsSchema,
        response: { 201: agentSchema, ...platformErrors },
      },
      async (request) =>
        deps.agents.create(requireUser(request).business?.id ?? null, request.body),
    );

    route.get(
      '/agent-tools',
      {
        summary:
          "The business's own tools an agent may attach (Switchboard's two are always attached; an operator has none)",
        response: { 200: agentToolChoicesSchema, ...platformErrors },
      },
      async (request) => deps.agents.toolChoices(requireUser(request).business?.id ?? null),
    );

    route.get(
      '/agents/:id',
      { summary: 'One agent', params, response: { 200: agentSchema } },
      async (request) => deps.agents.get(agentScopeOf(request), request.params.id),
    );

    route.get(
      '/agents/:id/settings',
      {
        summary: "The agent's editable settings, as the platform holds them now",
        params,
        response: { 200: agentSettingsResponseSchema, ...platformErrors },
      },
      async (request) => deps.agents.getSettings(agentScopeOf(request), request.params.id),
    );

    route.get(
      '/agents/:id/health',
      {
        summary:
          "Whether the platform reaches us for this agent: its server and tools point at our webhook with our secret, and the last webhook's time",
        params,
        response: { 200: agentHealthSchema, ...platformErrors },
      },
      async (request) => deps.agents.health(agentScopeOf(request), request.params.id),
    );

    route.post(
      '/agents/:id/repair',
      {
        summary:
          "Points the agent's server and our tools at our webhook with our secret again, keeping everything else",
        params,
        response: {
          200: agentHealthSchema,
          ...errorResponses('CONFLICT', 'PLATFORM_REJECTED', 'PLATFORM_ERROR'),
        },
      },
      async (request) => {
        // Agent health is read-only for a business's members and managers: an owner (or the
        // operator) repairs.
        const role = request.user?.role;
        if (role !== 'owner' && role !== 'admin') {
          throw new AppError('FORBIDDEN', 'Only an owner of the business can repair an agent.');
        }
        return deps.agents.repair(agentScopeOf(request), request.params.id);
      },
    );

    route.patch(
      '/agents/:id',
      {
        summary: "Changes the agent's settings on the platform",
        params,
        body: agentSettingsSchema,
        response: { 200: agentSchema, ...platformErrors },
      },
      async (request) => deps.agents.update(agentScopeOf(request), request.params.id, request.body),
    );

    spending.delete(
      '/agents/:id',
      {
        summary: 'Deletes the assistant on the platform; its call history stays',
        params,
        response: { 204: z.null(), ...platformErrors },
      },
      async (request) => {
        await deps.agents.remove(agentScopeOf(request), request.params.id);
        return null;
      },
    );
  };
