import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  notificationListQuerySchema,
  notificationListSchema,
  notificationPreferencesInputSchema,
  notificationPreferencesSchema,
  notificationSchema,
  pushSubscriptionInputSchema,
  pushUnsubscribeInputSchema,
  unreadNotificationsSchema,
} from '@switchboard/shared/notifications';
import { requireUser } from '../../http/auth';
import { errorResponses } from '../../http/error-responses';
import { idParams as params, routeGroup } from '../../http/routes';
import type { NotificationsService } from './notifications.service';

const devicesSchema = z.object({ devices: z.number().int() });

/**
 * The signed-in user's notifications (the bell), their preferences per kind and channel, and
 * the browsers that receive their pushes. Every user has their own, the operator included; a
 * notification of another user is not found (404).
 */
export const notificationRoutes =
  (deps: { notifications: NotificationsService; kick: () => void }): FastifyPluginAsyncZod =>
  async (app) => {
    const route = routeGroup(app, { tags: ['notifications'], access: 'member' });
    const userId = (request: Parameters<typeof requireUser>[0]) => requireUser(request).id;

    route.get(
      '/notifications',
      {
        summary:
          "The bell: the user's latest notifications (default 20, at most 50) and how many are unread",
        querystring: notificationListQuerySchema,
        response: { 200: notificationListSchema },
      },
      async (request) => deps.notifications.list(userId(request), request.query.limit),
    );

    route.get(
      '/notifications/unread-count',
      {
        summary: "How many of the user's notifications are unread",
        response: { 200: unreadNotificationsSchema },
      },
      async (request) => ({ unread: await deps.notifications.unread(userId(request)) }),
    );

    route.post(
      '/notifications/:id/read',
      {
        summary: 'Marks one notification read',
        params,
        response: { 200: notificationSchema, ...errorResponses('NOT_FOUND') },
      },
      async (request) => deps.notifications.markRead(userId(request), request.params.id),
    );

    route.post(
      '/notifications/read-all',
      {
        summary: "Marks all the user's notifications read",
        response: { 200: z.object({ updated: z.number().int() }) },
      },
      async (request) => deps.notifications.markAllRead(userId(request)),
    );

    route.get(
      '/notifications/preferences',
      {
        summary:
          'Each kind on or off per channel (in the app, email, browser push), the push key and how many browsers receive push',
        response: { 200: notificationPreferencesSchema },
      },
      async (request) => deps.notifications.preferences(userId(request)),
    );

    route.put(
      '/notifications/preferences',
      {
        summary: 'Switches kinds on or off per channel (only those sent change)',
        body: notificationPreferencesInputSchema,
        response: { 200: notificationPreferencesSchema },
      },
      async (request) => deps.notifications.setPreferences(userId(request), request.body),
    );

    route.post(
      '/notifications/push-subscriptions',
      {
        summary:
          "This browser receives the user's pushes: its PushSubscription (endpoint and keys) as the browser gives it",
        body: pushSubscriptionInputSchema,
        response: { 201: devicesSchema },
      },
      async (request) => {
        const result = await deps.notifications.subscribe(
          userId(request),
          request.body,
          request.headers['user-agent'] ?? '',
        );
        deps.kick();
        return result;
      },
    );

    route.post(
      '/notifications/push-subscriptions/remove',
      {
        summary: "This browser stops receiving the user's pushes",
        body: pushUnsubscribeInputSchema,
        response: { 200: devicesSchema },
      },
      async (request) => deps.notifications.unsubscribe(userId(request), request.body.endpoint),
    );
  };
