import { z } from 'zod';

/**
 * Integrations (Settings → Integrations, owners only): the business's private calendar feed
 * (iCalendar) and its outgoing webhooks (Standard Webhooks), and their API under
 * /api/integrations. Decision 061.
 */

/** The events a webhook endpoint can take, as they appear in a delivery's `type`. */
export const WEBHOOK_EVENT_TYPES = [
  'enquiry.created',
  'appointment.booked',
  'appointment.changed',
  'appointment.cancelled',
  'call.ended',
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** What each event is called on the screen. */
export const webhookEventLabels: Record<WebhookEventType, string> = {
  'enquiry.created': 'Enquiry created',
  'appointment.booked': 'Appointment booked',
  'appointment.changed': 'Appointment changed',
  'appointment.cancelled': 'Appointment cancelled',
  'call.ended': 'Call ended',
};

/** Endpoints a business may have. */
export const WEBHOOK_ENDPOINTS_MAX = 10;
export const WEBHOOK_URL_MAX = 2000;
export const WEBHOOK_DESCRIPTION_MAX = 200;
/** Attempts before a delivery is given up (about a day with the back-off below). */
export const WEBHOOK_MAX_ATTEMPTS = 8;
/** Waits after the 1st, 2nd, … failed attempt (then the delivery is failed). */
export const WEBHOOK_RETRY_DELAYS_SECONDS = [5, 60, 300, 1800, 7200, 18000, 36000] as const;
/** The longest an attempt waits for the receiver (connect, answer), then it counts as failed. */
export const WEBHOOK_TIMEOUT_SECONDS = 10;

export const integrationMessages = {
  urlInvalid: 'Enter the full address of the receiver, e.g. https://hooks.zapier.com/…',
  urlNotHttps:
    'The address must start with https:// — events carry your customers’ details and are sent only over an encrypted connection.',
  urlLocal:
    'The address points at this computer or a private network, which cannot be reached from the internet. Use the public HTTPS address your automation tool gives you.',
  urlCredentials: 'The address must not contain a user name or password.',
  urlUnresolvable: 'That host name does not exist; check the address.',
  urlPrivateDns:
    'That host name leads to a private or local network address, so events are not sent there.',
  urlTooLong: `The address must be at most ${WEBHOOK_URL_MAX} characters`,
  eventsRequired: 'Choose at least one event to send',
  tooMany: `A business can have at most ${WEBHOOK_ENDPOINTS_MAX} webhook endpoints; delete one first`,
  endpointNotFound: 'Webhook endpoint not found',
  deliveryNotFound: 'Delivery not found',
  feedNotFound: 'Calendar feed not found',
  resendDisabled: 'Turn the endpoint on before resending to it',
} as const;

const eventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES);

export const webhookEndpointInputSchema = z.object({
  url: z
    .string()
    .trim()
    .min(1, integrationMessages.urlInvalid)
    .max(WEBHOOK_URL_MAX, integrationMessages.urlTooLong),
  description: z.string().trim().max(WEBHOOK_DESCRIPTION_MAX).default(''),
  events: z
    .array(eventTypeSchema)
    .min(1, integrationMessages.eventsRequired)
    .transform((events) => [...new Set(events)]),
});
export type WebhookEndpointInput = z.input<typeof webhookEndpointInputSchema>;

export const webhookEndpointUpdateSchema = z
  .object({
    enabled: z.boolean().optional(),
    events: z
      .array(eventTypeSchema)
      .min(1, integrationMessages.eventsRequired)
      .transform((events) => [...new Set(events)])
      .optional(),
    description: z.string().trim().max(WEBHOOK_DESCRIPTION_MAX).optional(),
  })
  .refine((body) => Object.keys(body).length > 0, 'Say what to change');
export type WebhookEndpointUpdate = z.input<typeof webhookEndpointUpdateSchema>;

export const DELIVERY_STATUSES = ['pending', 'sending', 'delivered', 'failed'] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];

export const webhookEndpointSchema = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(eventTypeSchema),
  enabled: z.boolean(),
  createdAt: z.string(),
  /** The newest delivery's state, for the list. */
  lastDelivery: z
    .object({
      status: z.enum(DELIVERY_STATUSES),
      at: z.string(),
      statusCode: z.number().nullable(),
    })
    .nullable(),
});
export type WebhookEndpoint = z.infer<typeof webhookEndpointSchema>;

/** Answered once, when the endpoint is made: the signing secret is never shown again. */
export const webhookEndpointCreatedSchema = webhookEndpointSchema.extend({ secret: z.string() });
export type WebhookEndpointCreated = z.infer<typeof webhookEndpointCreatedSchema>;

export const webhookEndpointListSchema = z.object({
  data: z.array(webhookEndpointSchema),
  /** Whether URLs must be public HTTPS (live platform) or may be local (sandbox demo). */
  publicOnly: z.boolean(),
});
export type WebhookEndpointList = z.infer<typeof webhookEndpointListSchema>;

export const webhookAttemptSchema = z.object({
  id: z.string(),
  at: z.string(),
  durationMs: z.number(),
  statusCode: z.number().nullable(),
  ok: z.boolean(),
  error: z.string().nullable(),
  trigger: z.enum(['automatic', 'resend']),
});
export type WebhookAttempt = z.infer<typeof webhookAttemptSchema>;

export const webhookDeliverySchema = z.object({
  id: z.string(),
  /** The Standard Webhooks `webhook-id` (the same on every attempt and resend). */
  messageId: z.string(),
  eventType: eventTypeSchema,
  status: z.enum(DELIVERY_STATUSES),
  createdAt: z.string(),
  nextAttemptAt: z.string().nullable(),
  attempts: z.array(webhookAttemptSchema),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const WEBHOOK_DELIVERIES_PAGE = 25;
export const webhookDeliveryListSchema = z.object({
  data: z.array(webhookDeliverySchema),
  timeZone: z.string(),
});
export type WebhookDeliveryList = z.infer<typeof webhookDeliveryListSchema>;

export const calendarFeedSchema = z.object({
  feed: z
    .object({
      url: z.string(),
      /** webcal:// form of the same address (opens the calendar app on Apple devices). */
      webcalUrl: z.string(),
      createdAt: z.string(),
      lastReadAt: z.string().nullable(),
    })
    .nullable(),
});
export type CalendarFeed = z.infer<typeof calendarFeedSchema>;
