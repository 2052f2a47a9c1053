import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { squadInputSchema, squadListSchema, squadSchema } from '@switchboard/shared/squads';
import { requireBusinessId } from '../../http/auth';
import type { SquadsService } from './squads.service';
import { errorResponses } from '../../http/error-responses';

// Any string: an id that is not one of the business's squads is simply not found (404).
const params = z.object({ id: z.string().min(1) });

/** The business's squads (platform console). */
export const squadRoutes =
  (deps: { squads: SquadsService }): FastifyPluginAsyncZod =>
  async (app) => {
    const config = { access: 'member' } as const;
    // Spends the business's money on the platform or deletes there: owners and managers (051).
    const spending = { access: 'manager' } as const;
    // A business's own resources: an administrator (no business) is refused before the body
    // is read, as every business-scoped module does.
    app.addHook('preValidation', async (request) => {
      requireBusinessId(request);
    });
    const tags = ['squads'];

    app.get(
      '/squads',
      {
        config,
        schema: {
          tags,
          summary: "The business's squads: its agents on one call, handing the caller over",
          response: {
            200: squadListSchema,
            ...errorResponses('PLATFORM_REJECTED', 'PLATFORM_ERROR'),
          },
        },
      },
      async (request) => ({ data: await deps.squads.list(requireBusinessId(request)) }),
    );

    app.post(
      '/squads',
      {
        config,
        schema: {
          tags,
          summary: 'Creates a squad of the business’s agents (the first member answers)',
          body: squadInputSchema,
          response: { 201: squadSchema, ...errorResponses('PLATFORM_REJECTED', 'PLATFORM_ERROR') },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await deps.squads.create(requireBusinessId(request), request.body)),
    );

    app.get(
      '/squads/:id',
      {
        config,
        schema: {
          tags,
          summary: 'One squad',
          params,
          response: { 200: squadSchema, ...errorResponses('PLATFORM_REJECTED', 'PLATFORM_ERROR') },
        },
      },
      async (request) => deps.squads.get(requireBusinessId(request), request.params.id),
    );

    app.put(
      '/squads/:id',
      {
        config,
        schema: {
          tags,
          summary: 'Replaces a squad’s name and members',
          params,
          body: squadInputSchema,
          response: { 200: squadSchema, ...errorResponses('PLATFORM_REJECTED', 'PLATFORM_ERROR') },
        },
      },
      async (request) =>
        deps.squads.update(requireBusinessId(request), request.params.id, request.body),
    );

    app.delete(
      '/squads/:id',
      {
        config: spending,
        schema: {
          tags,
          summary: 'Deletes a squad',
          params,
          response: { 204: z.null(), ...errorResponses('PLATFORM_REJECTED', 'PLATFORM_ERROR') },
        },
      },
      async (request, reply) => {
        await deps.squads.remove(requireBusinessId(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
