import { notifications } from '@mantine/notifications';
import type {
  CalendarFeed,
  WebhookEndpointInput,
  WebhookEndpointUpdate,
} from '@switchboard/shared/integrations';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** Settings → Integrations: the calendar feed and the webhook endpoints (owners; decision 061). */

const feedKey = ['integrations', 'calendar-feed'] as const;
const endpointsKey = ['integrations', 'webhooks'] as const;
const deliveriesKey = (endpointId: string) =>
  ['integrations', 'webhooks', endpointId, 'deliveries'] as const;

/** GET /api/integrations/calendar-feed */
export function useCalendarFeed() {
  return useQuery({
    queryKey: feedKey,
    queryFn: () => api('get', '/integrations/calendar-feed'),
  });
}

/** POST /api/integrations/calendar-feed: a new address (the old one, if any, stops working). */
export function useRotateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    // Each failure is shown where it happened (the form, the dialog), not as a toast as well.
    meta: { errorToast: false },
    mutationFn: () => api('post', '/integrations/calendar-feed'),
    onSuccess: (feed) => queryClient.setQueryData(feedKey, feed),
  });
}

/** DELETE /api/integrations/calendar-feed */
export function useRevokeCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    // Each failure is shown where it happened (the form, the dialog), not as a toast as well.
    meta: { errorToast: false },
    mutationFn: () => api('delete', '/integrations/calendar-feed'),
    onSuccess: () => {
      notifications.show({
        color: 'teal',
        title: 'Calendar feed turned off',
        message: 'Calendars subscribed to it stop getting your appointments.',
      });
      queryClient.setQueryData<CalendarFeed>(feedKey, { feed: null });
    },
  });
}

/** GET /api/integrations/webhooks; refreshed while the tab is open, so the latest delivery shows. */
export function useWebhookEndpoints() {
  return useQuery({
    queryKey: endpointsKey,
    queryFn: () => api('get', '/integrations/webhooks'),
    refetchInterval: 10_000,
  });
}

/** POST /api/integrations/webhooks: answers the signing secret, this once. */
export function useCreateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    // Each failure is shown where it happened (the form, the dialog), not as a toast as well.
    meta: { errorToast: false },
    mutationFn: (input: WebhookEndpointInput) =>
      api('post', '/integrations/webhooks', { body: input }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointsKey }),
  });
}

/** PATCH /api/integrations/webhooks/:id */
export function useUpdateWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    // Each failure is shown where it happened (the form, the dialog), not as a toast as well.
    meta: { errorToast: false },
    mutationFn: ({ id, ...change }: WebhookEndpointUpdate & { id: string }) =>
      api('patch', '/integrations/webhooks/{id}', { path: { id }, body: change }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointsKey }),
  });
}

/** DELETE /api/integrations/webhooks/:id */
export function useDeleteWebhookEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    // Each failure is shown where it happened (the form, the dialog), not as a toast as well.
    meta: { errorToast: false },
    mutationFn: (id: string) => api('delete', '/integrations/webhooks/{id}', { path: { id } }),
    onSuccess: () => {
      notifications.show({
        color: 'teal',
        title: 'Webhook deleted',
        message: 'No more events go there.',
      });
      return queryClient.invalidateQueries({ queryKey: endpointsKey });
    },
  });
}

/** GET /api/integrations/webhooks/:id/deliveries, refreshed every few seconds while open. */
export function useWebhookDeliveries(endpointId: string | null) {
  return useQuery({
    queryKey: deliveriesKey(endpointId ?? ''),
    queryFn: () =>
      api('get', '/integrations/webhooks/{id}/deliveries', { path: { id: endpointId ?? '' } }),
    enabled: endpointId !== null,
    refetchInterval: 3_000,
  });
}

/** POST /api/integrations/webhooks/:id/deliveries/:deliveryId/resend */
export function useResendDelivery(endpointId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    // Each failure is shown where it happened (the form, the dialog), not as a toast as well.
    meta: { errorToast: false },
    mutationFn: (deliveryId: string) =>
      api('post', '/integrations/webhooks/{id}/deliveries/{deliveryId}/resend', {
        path: { id: endpointId, deliveryId },
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deliveriesKey(endpointId) }),
  });
}
