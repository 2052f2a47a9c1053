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
import { errorResponses } from '../../http/error-responses';

// Any string: an id that is not a record is simply not found (404).
const params = z.object({ id: z.string() });

/** The operator's side of the console: every platform resource, assignment, discovery. */
export const consoleAdminRoutes =
  (deps: { console: ConsoleService }): FastifyPluginAsyncZod =>
  async (app) => {
    const config = { access: 'admin' } as const;
    const tags = ['admin', 'console'];

    app.get(
      '/admin/platform-resources',
      {
        config,
        schema: {
          tags,
          summary: 'Every recorded platform resource and the business that owns it',
          querystring: adminPlatformResourceQuerySchema,
          response: { 200: adminPlatformResourceListSchema },
        },
      },
      async (request) => ({ data: await deps.console.listAll(request.query) }),
    );

    app.put(
      '/admin/platform-resources/:id/business',
      {
        config,
        schema: {
          tags,
          summary: 'Assigns a platform resource to a business, or unassigns it (businessId null)',
          params,
          body: assignPlatformResourceSchema,
          response: { 200: adminPlatformResourceSchema },
        },
      },
      async (request) => deps.console.assign(request.params.id, request.body.businessId),
    );

    app.post(
      '/admin/platform-resources/discover',
      {
        config,
        schema: {
          tags,
          summary: "Records the platform's resources not yet known, unassigned",
          body: discoverPlatformResourcesSchema,
          response: {
            200: discoverPlatformResourcesResultSchema,
            ...errorResponses('PLATFORM_REJECTED', 'PLATFORM_ERROR'),
          },
        },
      },
      async (request) => deps.console.discover(request.body.kind),
    );
  };
