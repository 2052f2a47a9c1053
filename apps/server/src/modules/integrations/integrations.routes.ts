import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  calendarFeedSchema,
  integrationMessages,
  webhookDeliveryListSchema,
  webhookEndpointCreatedSchema,
  webhookEndpointInputSchema,
  webhookEndpointListSchema,
  webhookEndpointSchema,
  webhookEndpointUpdateSchema,
} from '@switchboard/shared/integrations';
import { AppError } from '../../lib/app-error';
import { requireBusinessId, requireUser } from '../../http/auth';
import { errorResponses } from '../../http/error-responses';
import type { IntegrationsService } from './integrations.service';

const params = z.object({ id: z.string().min(1) });
const deliveryParams = z.object({ id: z.string().min(1), deliveryId: z.string().min(1) });

/**
 * Settings → Integrations (decision 061): the calendar feed and the webhook endpoints, owners
 * only — a feed address and a delivery log carry customers' names and numbers, and a webhook
 * sends them to another company. The feed itself is read with its token, without a session.
 */
export const integrationRoutes =
  (deps: { integrations: IntegrationsService }): FastifyPluginAsyncZod =>
  async (app) => {
    const owner = { access: 'owner' } as const;
    const tags = ['integrations'];

    app.get(
      '/calendar-feeds/:file',
      {
        config: { access: 'public' },
        schema: {
          tags,
          summary:
            'The business’s appointments as an iCalendar feed (RFC 5545) for Google, Outlook and Apple calendars; the address is the token; unknown or revoked → 404',
          params: z.object({ file: z.string() }),
        },
      },
      async (request, reply) => {
        const token = request.params.file.replace(/\.ics$/i, '');
        const text = await deps.integrations.renderFeed(token);
        if (text === null) throw new AppError('NOT_FOUND', integrationMessages.feedNotFound);
        return reply
          .header('content-type', 'text/calendar; charset=utf-8')
          .header('content-disposition', 'inline; filename="appointments.ics"')
          .header('cache-control', 'private, max-age=300')
          .header('x-robots-tag', 'noindex')
          .send(text);
      },
    );

    app.get(
      '/integrations/calendar-feed',
      {
        config: owner,
        schema: {
          tags,
          summary: 'The calendar feed’s address, if there is one',
          response: { 200: calendarFeedSchema },
        },
      },
      async (request) => deps.integrations.getFeed(requireBusinessId(request)),
    );

    app.post(
      '/integrations/calendar-feed',
      {
        config: owner,
        schema: {
          tags,
          summary:
            'Makes the calendar feed’s address; when there is one already, it is revoked and replaced (rotate)',
          response: { 201: calendarFeedSchema },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(
            await deps.integrations.rotateFeed(requireBusinessId(request), requireUser(request).id),
          ),
    );

    app.delete(
      '/integrations/calendar-feed',
      {
        config: owner,
        schema: {
          tags,
          summary: 'Revokes the calendar feed: its address answers 404 from now on',
          response: { 204: z.null(), ...errorResponses('NOT_FOUND') },
        },
      },
      async (request, reply) => {
        await deps.integrations.revokeFeed(requireBusinessId(request));
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/integrations/webhooks',
      {
        config: owner,
        schema: {
          tags,
          summary: 'The business’s webhook endpoints, each with its latest delivery',
          response: { 200: webhookEndpointListSchema },
        },
      },
      async (request) => deps.integrations.listEndpoints(requireBusinessId(request)),
    );

    app.post(
      '/integrations/webhooks',
      {
        config: owner,
        schema: {
          tags,
          summary:
            'Adds an endpoint (URL and events); answers its signing secret, shown this once. With a live platform the URL must be public HTTPS',
          body: webhookEndpointInputSchema,
          response: { 201: webhookEndpointCreatedSchema, ...errorResponses('CONFLICT') },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await deps.integrations.createEndpoint(requireBusinessId(request), request.body)),
    );

    app.patch(
      '/integrations/webhooks/:id',
      {
        config: owner,
        schema: {
          tags,
          summary: 'Turns an endpoint on or off, or changes its events or description',
          params,
          body: webhookEndpointUpdateSchema,
          response: { 200: webhookEndpointSchema },
        },
      },
      async (request) =>
        deps.integrations.updateEndpoint(
          requireBusinessId(request),
          request.params.id,
          request.body,
        ),
    );

    app.delete(
      '/integrations/webhooks/:id',
      {
        config: owner,
        schema: {
          tags,
          summary: 'Deletes an endpoint with its delivery log',
          params,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        await deps.integrations.deleteEndpoint(requireBusinessId(request), request.params.id);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/integrations/webhooks/:id/deliveries',
      {
        config: owner,
        schema: {
          tags,
          summary: 'The endpoint’s latest deliveries, newest first, each with every attempt',
          params,
          response: { 200: webhookDeliveryListSchema },
        },
      },
      async (request) =>
        deps.integrations.listDeliveries(requireBusinessId(request), request.params.id),
    );

    app.post(
      '/integrations/webhooks/:id/deliveries/:deliveryId/resend',
      {
        config: owner,
        schema: {
          tags,
          summary: 'Sends a delivery again now (same webhook-id and body)',
          params: deliveryParams,
          response: { 202: z.null(), ...errorResponses('CONFLICT') },
        },
      },
      async (request, reply) => {
        await deps.integrations.resend(
          requireBusinessId(request),
          request.params.id,
          request.params.deliveryId,
        );
        return reply.status(202).send(null);
      },
    );
  };
