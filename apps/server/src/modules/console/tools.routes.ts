import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  customToolInputSchema,
  toolListSchema,
  toolSchema,
  updateCustomToolSchema,
} from '@switchboard/shared/tools';
import { requireBusinessId } from '../../http/auth';
import type { ToolsService } from './tools.service';
import { errorResponses } from '../../http/error-responses';

// Any string: an id that is not one of the business's tools is simply not found (404).
const params = z.object({ id: z.string().min(1) });

/** The business's platform tools (platform console). */
export const toolRoutes =
  (deps: { tools: ToolsService }): FastifyPluginAsyncZod =>
  async (app) => {
    const config = { access: 'member' } as const;
    // Spends the business's money on the platform or deletes there: owners and managers (051).
    const spending = { access: 'manager' } as const;
    // A business's own resources: an administrator (no business) is refused before the body
    // is read, as every business-scoped module does.
    app.addHook('preValidation', async (request) => {
      requireBusinessId(request);
    });
    const tags = ['tools'];

    app.get(
      '/tools',
      {
        config,
        schema: {
          tags,
          summary: "The business's tools: Switchboard's managed ones and its custom ones",
          response: {
            200: toolListSchema,
            ...errorResponses('PLATFORM_REJECTED', 'PLATFORM_ERROR'),
          },
        },
      },
      async (request) => ({ data: await deps.tools.list(requireBusinessId(request)) }),
    );

    app.post(
      '/tools',
      {
        config,
        schema: {
          tags,
          summary: 'Creates a custom function tool that calls the business’s server',
          body: customToolInputSchema,
          response: { 201: toolSchema, ...errorResponses('PLATFORM_REJECTED', 'PLATFORM_ERROR') },
        },
      },
      async (request, reply) =>
        reply.status(201).send(await deps.tools.create(requireBusinessId(request), request.body)),
    );

    app.get(
      '/tools/:id',
      {
        config,
        schema: {
          tags,
          summary: 'One tool',
          params,
          response: { 200: toolSchema, ...errorResponses('PLATFORM_REJECTED', 'PLATFORM_ERROR') },
        },
      },
      async (request) => deps.tools.get(requireBusinessId(request), request.params.id),
    );

    app.patch(
      '/tools/:id',
      {
        config,
        schema: {
          tags,
          summary: 'Changes a custom tool (managed ones answer 409)',
          params,
          body: updateCustomToolSchema,
          response: {
            200: toolSchema,
            ...errorResponses('MANAGED_RESOURCE', 'PLATFORM_REJECTED', 'PLATFORM_ERROR'),
          },
        },
      },
      async (request) =>
        deps.tools.update(requireBusinessId(request), request.params.id, request.body),
    );

    app.delete(
      '/tools/:id',
      {
        config: spending,
        schema: {
          tags,
          summary: 'Deletes a custom tool (managed ones answer 409)',
          params,
          response: {
            204: z.null(),
            ...errorResponses('MANAGED_RESOURCE', 'PLATFORM_REJECTED', 'PLATFORM_ERROR'),
          },
        },
      },
      async (request, reply) => {
        await deps.tools.remove(requireBusinessId(request), request.params.id);
        return reply.status(204).send(null);
      },
    );
  };
