import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminPlatformResourceListSchema,
  adminPlatformResourceQuerySchema,
  adminPlatformResourceSchema,
  assignPlatformResourceSchema,
  discoverPlatformResourcesResultSchema,
  discoverPlatformResourcesSchema,
} from '@switchboard/shared/console';
import type { ConsoleService } from './console.service';
import { platformErrors, routeGroup } from '../../http/routes';

// Any string: an id that is not a record is simply not found (404).
const params = z.object({ id: z.string() });

/** The operator's side of the console: every platform resource, assignment, discovery. */
export const consoleAdminRoutes =
  (deps: { console: ConsoleService }): FastifyPluginAsyncZod =>
  async (app) => {
    const route = routeGroup(app, { tags: ['admin', 'console'], access: 'admin' });

    route.get(
      '/admin/platform-resources',
      {
        summary: 'Every recorded platform resource and the business that owns it',
        querystring: adminPlatformResourceQuerySchema,
        response: { 200: adminPlatformResourceListSchema },
      },
      async (request) => ({ data: await deps.console.listAll(request.query) }),
    );

    route.put(
      '/admin/platform-resources/:id/business',
      {
        summary: 'Assigns a platform resource to a business, or unassigns it (businessId null)',
        params,
        body: assignPlatformResourceSchema,
        response: { 200: adminPlatformResourceSchema },
      },
      async (request) => deps.console.assign(request.params.id, request.body.businessId),
    );

    route.post(
      '/admin/platform-resources/discover',
      {
        summary: "Records the platform's resources not yet known, unassigned",
        body: discoverPlatformResourcesSchema,
        response: { 200: discoverPlatformResourcesResultSchema, ...platformErrors },
      },
      async (request) => deps.console.discover(request.body.kind),
    );
  };
