import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
import { idParams as params, platformErrors, routeGroup } from '../../http/routes';
import { sendCsv } from '../../http/csv';
import type { CampaignsService } from './campaigns.service';
import { errorResponses } from '../../http/error-responses';

/** The business's outbound campaigns (decision 039). */
export const campaignRoutes =
  (deps: { campaigns: CampaignsService }): FastifyPluginAsyncZod =>
  async (app) => {
    const route = routeGroup(app, { tags: ['campaigns'], access: 'member', businessOnly: true });
    // Spends the business's money on the platform or deletes there: owners and managers (051).
    const spending = route.with({ access: 'manager' });

    route.get(
      '/campaigns',
      {
        summary: "The business's campaigns, newest first, with their progress",
        querystring: campaignListQuerySchema,
        response: { 200: campaignListSchema },
      },
      async (request) => ({
        data: await deps.campaigns.list(requireBusinessId(request), request.query.limit),
      }),
    );

    route.get(
      '/campaigns/options',
      {
        summary: 'The agents, squads, phone numbers and imports a new campaign may use',
        response: { 200: campaignOptionsSchema },
      },
      async (request) => deps.campaigns.options(requireBusinessId(request)),
    );

    spending.post(
      '/campaigns',
      {
        summary:
          'Creates a draft campaign from the business contacts (do-not-call and refused numbers left out, one call per number); nothing is dialled until it is started',
        body: createCampaignSchema,
        response: { 201: campaignSchema, ...platformErrors },
      },
      async (request) => deps.campaigns.create(requireBusinessId(request), request.body),
    );

    route.get(
      '/campaigns/:id',
      { summary: 'One campaign with its progress', params, response: { 200: campaignSchema } },
      async (request) => deps.campaigns.get(requireBusinessId(request), request.params.id),
    );

    route.get(
      '/campaigns/:id/review',
      {
        summary:
          'What starting the campaign would do: who is called and who is left out (and why), from which number, when, for how long and at about what cost',
        params,
        response: { 200: campaignReviewSchema },
      },
      async (request) => deps.campaigns.review(requireBusinessId(request), request.params.id),
    );

    route.get(
      '/campaigns/:id/contacts',
      {
        summary: "A campaign's numbers with each one's call and what it produced",
        params,
        querystring: campaignContactQuerySchema,
        response: { 200: campaignContactListSchema },
      },
      async (request) =>
        deps.campaigns.contacts(requireBusinessId(request), request.params.id, request.query),
    );

    route.get(
      '/campaigns/:id/results',
      {
        summary:
          "A campaign's results: outcomes, calls and retries, appointments and enquiries, cost, calls per hour",
        params,
        response: { 200: campaignResultsSchema },
      },
      async (request) => deps.campaigns.results(requireBusinessId(request), request.params.id),
    );

    route.get(
      '/campaigns/:id/calls.csv',
      {
        summary:
          'Every call a campaign placed (retries included) as CSV, one line per attempt; formulas escaped, numbers as they are',
        params,
      },
      async (request, reply) => {
        const { name, csv } = await deps.campaigns.attemptsCsv(
          requireBusinessId(request),
          request.params.id,
        );
        return sendCsv(reply, name, csv);
      },
    );

    spending.patch(
      '/campaigns/:id',
      {
        summary: 'Starts a draft campaign, or pauses, resumes or cancels one',
        params,
        body: campaignActionSchema,
        response: {
          200: campaignSchema,
          ...errorResponses('CONFLICT', 'PLATFORM_REJECTED', 'PLATFORM_ERROR'),
        },
      },
      async (request) =>
        deps.campaigns.act(requireBusinessId(request), request.params.id, request.body.action),
    );
  };
