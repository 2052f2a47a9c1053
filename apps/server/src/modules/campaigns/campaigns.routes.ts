import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  campaignActionSchema,
  campaignContactListSchema,
  campaignContactQuerySchema,
  campaignListQuerySchema,
  campaignListSchema,
  campaignOptionsSchema,
  campaignResultsSchema,
  campaignReviewSchema,
  campaignSchema,
  createCampaignSchema,
} from '@switchboard/shared/campaigns';
import { requireBusinessId } from '../../http/auth';
import type { CampaignsService } from './campaigns.service';
import { errorResponses } from '../../http/error-responses';

// Any string: an id that is not one of the business's campaigns is simply not found (404).
const params = z.object({ id: z.string().min(1) });

/** The business's outbound campaigns (decision 039). */
export const campaignRoutes =
  (deps: { campaigns: CampaignsService }): FastifyPluginAsyncZod =>
  async (app) => {
    const config = { access: 'member' } as const;
    // Spends the business's money on the platform or deletes there: owners and managers (051).
    const spending = { access: 'manager' } as const;
    // A business's own resources: an administrator (no business) is refused before the body
    // is read, as every business-scoped module does.
    app.addHook('preValidation', async (request) => {
      requireBusinessId(request);
    });
    const tags = ['campaigns'];

    app.get(
      '/campaigns',
      {
        config,
        schema: {
          tags,
          summary: "The business's campaigns, newest first, with their progress",
          querystring: campaignListQuerySchema,
          response: { 200: campaignListSchema },
        },
      },
      async (request) => ({
        data: await deps.campaigns.list(requireBusinessId(request), request.query.limit),
      }),
    );

    app.get(
      '/campaigns/options',
      {
        config,
        schema: {
          tags,
          summary: 'The agents, squads, phone numbers and imports a new campaign may use',
          response: { 200: campaignOptionsSchema },
        },
      },
      async (request) => deps.campaigns.options(requireBusinessId(request)),
    );

    app.post(
      '/campaigns',
      {
        config: spending,
        schema: {
          tags,
          summary:
            'Creates a draft campaign from the business contacts (do-not-call and refused numbers left out, one call per number); nothing is dialled until it is started',
          body: createCampaignSchema,
          response: {
            201: campaignSchema,
            ...errorResponses('PLATFORM_REJECTED', 'PLATFORM_ERROR'),
          },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await deps.campaigns.create(requireBusinessId(request), request.body)),
    );

    app.get(
      '/campaigns/:id',
      {
        config,
        schema: {
          tags,
          summary: 'One campaign with its progress',
          params,
          response: { 200: campaignSchema },
        },
      },
      async (request) => deps.campaigns.get(requireBusinessId(request), request.params.id),
    );

    app.get(
      '/campaigns/:id/review',
      {
        config,
        schema: {
          tags,
          summary:
            'What starting the campaign would do: who is called and who is left out (and why), from which number, when, for how long and at about what cost',
          params,
          response: { 200: campaignReviewSchema },
        },
      },
      async (request) => deps.campaigns.review(requireBusinessId(request), request.params.id),
    );

    app.get(
      '/campaigns/:id/contacts',
      {
        config,
        schema: {
          tags,
          summary: "A campaign's numbers with each one's call and what it produced",
          params,
          querystring: campaignContactQuerySchema,
          response: { 200: campaignContactListSchema },
        },
      },
      async (request) =>
        deps.campaigns.contacts(requireBusinessId(request), request.params.id, request.query),
    );

    app.get(
      '/campaigns/:id/results',
      {
        config,
        schema: {
          tags,
          summary:
            "A campaign's results: outcomes, calls and retries, appointments and enquiries, cost, calls per hour",
          params,
          response: { 200: campaignResultsSchema },
        },
      },
      async (request) => deps.campaigns.results(requireBusinessId(request), request.params.id),
    );

    app.get(
      '/campaigns/:id/calls.csv',
      {
        config,
        schema: {
          tags,
          summary:
            'Every call a campaign placed (retries included) as CSV, one line per attempt; formulas escaped, numbers as they are',
          params,
        },
      },
      async (request, reply) => {
        const { name, csv } = await deps.campaigns.attemptsCsv(
          requireBusinessId(request),
          request.params.id,
        );
        return reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}"`)
          .send(csv);
      },
    );

    app.patch(
      '/campaigns/:id',
      {
        config: spending,
        schema: {
          tags,
          summary: 'Starts a draft campaign, or pauses, resumes or cancels one',
          params,
          body: campaignActionSchema,
          response: {
            200: campaignSchema,
            ...errorResponses('CONFLICT', 'PLATFORM_REJECTED', 'PLATFORM_ERROR'),
          },
        },
      },
      async (request) =>
        deps.campaigns.act(requireBusinessId(request), request.params.id, request.body.action),
    );
  };
