import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  customToolInputSchema,
  toolListSchema,
  toolSchema,
  updateCustomToolSchema,
} from '@switchboard/shared/tools';
import { platformResourceRoutes } from '../../http/platform-resource';
import { routeGroup } from '../../http/routes';
import type { ToolsService } from './tools.service';

/** The business's platform tools (platform console). */
export const toolRoutes =
  (deps: { tools: ToolsService }): FastifyPluginAsyncZod =>
  async (app) => {
    const route = routeGroup(app, { tags: ['tools'], access: 'member', businessOnly: true });
    platformResourceRoutes(
      route,
      '/tools',
      deps.tools,
      {
        list: toolListSchema,
        item: toolSchema,
        input: customToolInputSchema,
        update: updateCustomToolSchema,
      },
      {
        list: { summary: "The business's tools: Switchboard's managed ones and its custom ones" },
        create: { summary: 'Creates a custom function tool that calls the business’s server' },
        get: { summary: 'One tool' },
        update: {
          method: 'patch',
          summary: 'Changes a custom tool (managed ones answer 409)',
          errors: ['MANAGED_RESOURCE'],
        },
        remove: {
          summary: 'Deletes a custom tool (managed ones answer 409)',
          errors: ['MANAGED_RESOURCE'],
          spending: true,
        },
      },
    );
  };
