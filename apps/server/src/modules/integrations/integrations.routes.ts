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
import { idParams, routeGroup } from '../../http/routes';
import type { IntegrationsService } from './integrations.service';

const deliveryParams = idParams.extend({ deliveryId: z.string().min(1) });

/**
 * Settings → Integrations (decision 061): the calendar feed and the webhook endpoints, owners
 * only — a feed address and a delivery log carry customers' names and numbers, and a webhook
 * sends them to another company. The feed itself is read with its token, without a session.
 */
export const integrationRoutes =
  (deps: { integrations: IntegrationsService }): FastifyPluginAsyncZod =>
  async (app) => {
    const owner = routeGroup(app, { tags: ['integrations'], access: 'owner' });
    const open = owner.with({ access: 'public' });

    open.get(
      '/calendar-feeds/:file',
      {
        summary:
          'The business’s appointments as an iCalendar feed (RFC 5545) for Google, Outlook and Apple calendars; the address is the token; unknown or revoked → 404',
        params: z.object({ file: z.string() }),
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

    owner.get(
      '/integrations/calendar-feed',
      {
        summary: 'The calendar feed’s address, if there is one',
        response: { 200: calendarFeedSchema },
      },
      async (request) => deps.integrations.getFeed(requireBusinessId(request)),
    );

    owner.post(
      '/integrations/calendar-feed',
      {
        summary:
          'Makes the calendar feed’s address; when there is one already, it is revoked and replaced (rotate)',
        response: { 201: calendarFeedSchema },
      },
      async (request) =>
        deps.integrations.rotateFeed(requireBusinessId(request), requireUser(request).id),
    );

    owner.delete(
      '/integrations/calendar-feed',
      {
        summary: 'Revokes the calendar feed: its address answers 404 from now on',
        response: { 204: z.null(), ...errorResponses('NOT_FOUND') },
      },
      async (request) => {
        await deps.integrations.revokeFeed(requireBusinessId(request));
        return null;
      },
    );

    owner.get(
      '/integrations/webhooks',
      {
        summary: 'The business’s webhook endpoints, each with its latest delivery',
        response: { 200: webhookEndpointListSchema },
      },
      async (request) => deps.integrations.listEndpoints(requireBusinessId(request)),
    );

    owner.post(
      '/integrations/webhooks',
      {
        summary:
          'Adds an endpoint (URL and events); answers its signing secret, shown this once. With a live platform the URL must be public HTTPS',
        body: webhookEndpointInputSchema,
        response: { 201: webhookEndpointCreatedSchema, ...errorResponses('CONFLICT') },
      },
      async (request) => deps.integrations.createEndpoint(requireBusinessId(request), request.body),
    );

    owner.patch(
      '/integrations/webhooks/:id',
      {
        summary: 'Turns an endpoint on or off, or changes its events or description',
        params: idParams,
        body: webhookEndpointUpdateSchema,
        response: { 200: webhookEndpointSchema },
      },
      async (request) =>
        deps.integrations.updateEndpoint(
          requireBusinessId(request),
          request.params.id,
          request.body,
        ),
    );

    owner.delete(
      '/integrations/webhooks/:id',
      {
        summary: 'Deletes an endpoint with its delivery log',
        params: idParams,
        response: { 204: z.null() },
      },
      async (request) => {
        await deps.integrations.deleteEndpoint(requireBusinessId(request), request.params.id);
        return null;
      },
    );

    owner.get(
      '/integrations/webhooks/:id/deliveries',
      {
        summary: 'The endpoint’s latest deliveries, newest first, each with every attempt',
        params: idParams,
        response: { 200: webhookDeliveryListSchema },
      },
      async (request) =>
        deps.integrations.listDeliveries(requireBusinessId(request), request.params.id),
    );

    owner.post(
      '/integrations/webhooks/:id/deliveries/:deliveryId/resend',
      {
        summary: 'Sends a delivery again now (same webhook-id and body)',
        params: deliveryParams,
        response: { 202: z.null(), ...errorResponses('CONFLICT') },
      },
      async (request) => {
        await deps.integrations.resend(
          requireBusinessId(request),
          request.params.id,
          request.params.deliveryId,
        );
        return null;
      },
    );
  };
