import type {
  NotificationPreference,
  PushSubscriptionInput,
} from '@switchboard/shared/notifications';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

export const notificationsQueryKey = ['notifications'] as const;
const listKey = [...notificationsQueryKey, 'list'] as const;
const preferencesKey = [...notificationsQueryKey, 'preferences'] as const;

/** How often the bell looks for news when no push told it (the tab stays open for hours). */
const BELL_POLL_MS = 30_000;

/** GET /api/notifications: the latest notifications and the unread count. */
export function listNotifications(signal?: AbortSignal) {
  return api('get', '/notifications', { query: { limit: 20 }, signal });
}

export const notificationListQueryOptions = () =>
  queryOptions({
    queryKey: listKey,
    queryFn: ({ signal }) => listNotifications(signal),
    refetchInterval: BELL_POLL_MS,
    // A bell that cannot refresh says nothing rather than interrupting with a toast.
    meta: {},
  });

export function useNotificationList() {
  return useQuery(notificationListQueryOptions());
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api('post', '/notifications/{id}/read', { path: { id } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listKey }),
  });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api('post', '/notifications/read-all'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listKey }),
  });
}

/** GET /api/notifications/preferences: kinds × channels, the push key, devices. */
export function useNotificationPreferences() {
  return useQuery({
    queryKey: preferencesKey,
    queryFn: ({ signal }) => api('get', '/notifications/preferences', { signal }),
  });
}

/** PUT /api/notifications/preferences: one switch at a time, as the table flips them. */
export function useSetNotificationPreference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preference: NotificationPreference) =>
      api('put', '/notifications/preferences', { body: { preferences: [preference] } }),
    onSuccess: (next) => queryClient.setQueryData(preferencesKey, next),
  });
}

export function savePushSubscription(input: PushSubscriptionInput) {
  return api('post', '/notifications/push-subscriptions', { body: input });
}

export function removePushSubscription(endpoint: string) {
  return api('post', '/notifications/push-subscriptions/remove', { body: { endpoint } });
}

export function useInvalidatePreferences() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: preferencesKey });
}
