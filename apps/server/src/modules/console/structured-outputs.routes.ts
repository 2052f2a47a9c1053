import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  structuredOutputInputSchema,
  structuredOutputListSchema,
  structuredOutputSchema,
  updateStructuredOutputSchema,
} from '@switchboard/shared/structured-outputs';
import { requireBusinessId } from '../../http/auth';
import type { StructuredOutputsService } from './structured-outputs.service';
import { errorResponses } from '../../http/error-responses';

// Any string: an id that is not one of the business's outputs is simply not found (404).
const params = z.object({ id: z.string().min(1) });

/** The business's structured outputs (platform console). */
export const structuredOutputRoutes =
  (deps: { structuredOutputs: StructuredOutputsService }): FastifyPluginAsyncZod =>
  async (app) => {
    const config = { access: 'member' } as const;
    // Spends the business's money on the platform or deletes there: owners and managers (051).
    const spending = { access: 'manager' } as const;
    // A business's own resources: an administrator (no business) is refused before the body.
    app.addHook('preValidation', async (request) => {
      requireBusinessId(request);
    });
    const tags = ['structured outputs'];
    const service = deps.structuredOutputs;

    app.get(
      '/structured-outputs',
      {
        config,
        schema: {
          tags,
          summary: "The business's structured outputs and the agents each is attached to",
          response: {
            200: structuredOutputListSchema,
            ...errorResponses('PLATFORM_REJECTED', 'PLATFORM_ERROR'),
          },
        },
      },
      async (request) => ({ data: await service.list(requireBusinessId(request)) }),
    );

    app.post(
      '/structured-outputs',
      {
        config,
        schema: {
          tags,
          summary: 'Defines a structured output (a JSON Schema) and attaches it to agents',
          body: structuredOutputInputSchema,
          response: {
            201: structuredOutputSchema,
            ...errorResponses('PLATFORM_REJECTED', 'PLATFORM_ERROR'),
          },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await service.create(requireBusinessId(request), request.body)),
    );

    app.get(
      '/structured-outputs/:id',
      {
        config,
        schema: {
          tags,
          summary: 'One structured output',
          params,
          response: {
            200: structuredOutputSchema,
            ...errorResponses('PLATFORM_REJECTED', 'PLATFORM_ERROR'),
          },
        },
      },
      async (request) => service.get(requireBusinessId(request), request.params.id),
    );

    app.patch(
      '/structured-outputs/:id',
      {
        config,
        schema: {
          tags,
          summary: 'Changes a structured output; agentIds replaces its attachments',
          params,
          body: updateStructuredOutputSchema,
          response: {
            200: structuredOutputSchema,
            ...errorResponses('PLATFORM_REJECTED', 'PLATFORM_ERROR'),
          },
        },
      },
      async (request) =>
        service.update(requireBusinessId(request), request.params.id, request.body),
    );

    app.delete(
      '/structured-outputs/:id',
      {
        config: spending,
        schema: {
          tags,
          summary: 'Detaches and deletes a structured output',
          params,
          response: { 204: z.null(), ...errorResponses('PLATFORM_REJECTED', 'PLATFORM_ERROR') },
        },
      },
      async (request, reply) => {
        await service.remove(requireBusinessId(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
