import { z } from 'zod';

/**
 * What a user can be told about, each switched on or off per channel (Settings → Notifications).
 * `alert` is raised by the alerts a business sets (success rate, cost, silence …).
 */
export const NOTIFICATION_KINDS = [
  'enquiry-new',
  'enquiry-urgent',
  'appointment-new',
  'appointment-changed',
  'appointment-cancelled',
  'email-answer',
  'campaign-finished',
  'alert',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  'enquiry-new': 'New enquiry',
  'enquiry-urgent': 'Urgent enquiry',
  'appointment-new': 'New appointment',
  'appointment-changed': 'Appointment changed',
  'appointment-cancelled': 'Appointment cancelled',
  'email-answer': "A customer's email answer",
  'campaign-finished': 'Campaign finished',
  alert: 'Alert',
};

/** Where a notification reaches the user: the bell in the app, one mail an hour, the browser. */
export const NOTIFICATION_CHANNELS = ['in_app', 'email', 'push'] as const;
export type NotificationChannel = (typeof NOTIFICATION_CHANNELS)[number];

export const NOTIFICATION_CHANNEL_LABELS: Record<NotificationChannel, string> = {
  in_app: 'In the app',
  email: 'Email',
  push: 'Browser push',
};

export const NOTIFICATION_TITLE_MAX = 200;
export const NOTIFICATION_BODY_MAX = 1000;
export const NOTIFICATION_LIST_MAX = 50;

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  title: z.string(),
  body: z.string(),
  /** A path in the app (e.g. `/enquiries`), or null. */
  link: z.string().nullable(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListSchema = z.object({
  items: z.array(notificationSchema),
  unread: z.number().int(),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const notificationListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(NOTIFICATION_LIST_MAX).default(20),
});

export const unreadNotificationsSchema = z.object({ unread: z.number().int() });

export const notificationPreferenceSchema = z.object({
  kind: z.enum(NOTIFICATION_KINDS),
  channel: z.enum(NOTIFICATION_CHANNELS),
  enabled: z.boolean(),
});
export type NotificationPreference = z.infer<typeof notificationPreferenceSchema>;

export const notificationPreferencesSchema = z.object({
  /** Every kind × channel, on unless the user switched it off. */
  preferences: z.array(notificationPreferenceSchema),
  /** The server's VAPID public key (base64url) for PushManager.subscribe. */
  pushPublicKey: z.string(),
  /** How many browsers of this user receive push. */
  pushDevices: z.number().int(),
  /** Whether this user has an email address the hourly mail can go to. */
  hasEmail: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const notificationPreferencesInputSchema = z.object({
  preferences: z
    .array(notificationPreferenceSchema)
    .min(1)
    .max(NOTIFICATION_KINDS.length * NOTIFICATION_CHANNELS.length),
});
export type NotificationPreferencesInput = z.infer<typeof notificationPreferencesInputSchema>;

/** base64url without padding, as PushSubscription.toJSON() gives the keys. */
const base64url = (bytes: number, what: string) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${what} must be base64url`)
    .refine(
      (value) => Math.floor((value.replace(/=+$/, '').length * 3) / 4) === bytes,
      `${what} must be ${bytes} bytes`,
    );

export const pushSubscriptionInputSchema = z.object({
  endpoint: z.string().trim().min(1).max(2048),
  keys: z.object({
    p256dh: base64url(65, 'keys.p256dh'),
    auth: base64url(16, 'keys.auth'),
  }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionInputSchema>;

export const pushUnsubscribeInputSchema = z.object({
  endpoint: z.string().trim().min(1).max(2048),
});

export const notificationMessages = {
  notFound: 'Notification not found',
  endpointNotHttps: 'The push service address must be an https:// address',
  endpointNotPublic: 'The push service address is not a public address',
  endpointInvalid: 'The push service address is not a valid URL',
} as const;

/** What the service worker receives in a push message (JSON). */
export type PushPayload = {
  id: string;
  kind: NotificationKind;
  title: string;
  body: string;
  link: string | null;
};
