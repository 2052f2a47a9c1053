import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { squadInputSchema, squadListSchema, squadSchema } from '@switchboard/shared/squads';
import { platformResourceRoutes } from '../../http/platform-resource';
import { routeGroup } from '../../http/routes';
import type { SquadsService } from './squads.service';

/** The business's squads (platform console). */
export const squadRoutes =
  (deps: { squads: SquadsService }): FastifyPluginAsyncZod =>
  async (app) => {
    const route = routeGroup(app, { tags: ['squads'], access: 'member', businessOnly: true });
    platformResourceRoutes(
      route,
      '/squads',
      deps.squads,
      {
        list: squadListSchema,
        item: squadSchema,
        input: squadInputSchema,
        update: squadInputSchema,
      },
      {
        list: { summary: "The business's squads: its agents on one call, handing the caller over" },
        create: { summary: 'Creates a squad of the business’s agents (the first member answers)' },
        get: { summary: 'One squad' },
        update: { method: 'put', summary: 'Replaces a squad’s name and members' },
        remove: { summary: 'Deletes a squad', spending: true },
      },
    );
  };
