import type {
  Notification,
  NotificationList,
  NotificationPreference,
  NotificationPreferences,
  PushSubscriptionInput,
} from '@switchboard/shared/notifications';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

export const notificationsQueryKey = ['notifications'] as const;
const listKey = [...notificationsQueryKey, 'list'] as const;
const preferencesKey = [...notificationsQueryKey, 'preferences'] as const;

/** How often the bell looks for news when no push told it (the tab stays open for hours). */
const BELL_POLL_MS = 30_000;

/** GET /api/notifications: the latest notifications and the unread count. */
export function listNotifications(signal?: AbortSignal) {
  return apiFetch<NotificationList>('/notifications?limit=20', { signal });
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
    mutationFn: (id: string) =>
      apiFetch<Notification>(`/notifications/${encodeURIComponent(id)}/read`, { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listKey }),
  });
}

export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiFetch<{ updated: number }>('/notifications/read-all', { method: 'POST' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listKey }),
  });
}

/** GET /api/notifications/preferences: kinds × channels, the push key, devices. */
export function useNotificationPreferences() {
  return useQuery({
    queryKey: preferencesKey,
    queryFn: ({ signal }) =>
      apiFetch<NotificationPreferences>('/notifications/preferences', { signal }),
  });
}

/** PUT /api/notifications/preferences: one switch at a time, as the table flips them. */
export function useSetNotificationPreference() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (preference: NotificationPreference) =>
      apiFetch<NotificationPreferences>('/notifications/preferences', {
        method: 'PUT',
        body: { preferences: [preference] },
      }),
    onSuccess: (next) => queryClient.setQueryData(preferencesKey, next),
  });
}

export function savePushSubscription(input: PushSubscriptionInput) {
  return apiFetch<{ devices: number }>('/notifications/push-subscriptions', {
    method: 'POST',
    body: input,
  });
}

export function removePushSubscription(endpoint: string) {
  return apiFetch<{ devices: number }>('/notifications/push-subscriptions/remove', {
    method: 'POST',
    body: { endpoint },
  });
}

export function useInvalidatePreferences() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: preferencesKey });
}
