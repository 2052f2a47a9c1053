import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  structuredOutputInputSchema,
  structuredOutputListSchema,
  structuredOutputSchema,
  updateStructuredOutputSchema,
} from '@switchboard/shared/structured-outputs';
import { platformResourceRoutes } from '../../http/platform-resource';
import { routeGroup } from '../../http/routes';
import type { StructuredOutputsService } from './structured-outputs.service';

/** The business's structured outputs (platform console). */
export const structuredOutputRoutes =
  (deps: { structuredOutputs: StructuredOutputsService }): FastifyPluginAsyncZod =>
  async (app) => {
    const route = routeGroup(app, {
      tags: ['structured outputs'],
      access: 'member',
      businessOnly: true,
    });
    platformResourceRoutes(
      route,
      '/structured-outputs',
      deps.structuredOutputs,
      {
        list: structuredOutputListSchema,
        item: structuredOutputSchema,
        input: structuredOutputInputSchema,
        update: updateStructuredOutputSchema,
      },
      {
        list: { summary: "The business's structured outputs and the agents each is attached to" },
        create: {
          summary: 'Defines a structured output (a JSON Schema) and attaches it to agents',
        },
        get: { summary: 'One structured output' },
        update: {
          method: 'patch',
          summary: 'Changes a structured output; agentIds replaces its attachments',
        },
        remove: { summary: 'Detaches and deletes a structured output', spending: true },
      },
    );
  };
