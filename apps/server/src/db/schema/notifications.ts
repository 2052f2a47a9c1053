import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { businesses } from './businesses';
import { idColumn, ownedBy, ts } from './columns';

/**
 * One notification for one user (decision 060): `notify()` writes a row per member of the
 * business, in one statement, with each channel's state taken from the member's preferences at
 * that moment. The bell lists the rows with in_app; the notification job sends the pending
 * pushes and, at most once an hour per user, one mail with every pending row.
 * email_state: none (off) | pending | mailed. push_state: none (off or no device) | pending |
 * sent | failed.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: idColumn(),
    /** Null for the operator's own notifications (admins belong to no business). */
    businessId: uuid('business_id').references(() => businesses.id, { onDelete: 'cascade' }),
    userId: ownedBy('user_id', () => users.id),
    kind: text('kind').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    /** A path in the app, e.g. /enquiries. */
    link: text('link'),
    inApp: boolean('in_app').notNull(),
    emailState: text('email_state').notNull().default('none'),
    pushState: text('push_state').notNull().default('none'),
    readAt: ts('read_at'),
    createdAt: ts('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('notifications_user_idx')
      .on(t.userId, t.createdAt.desc())
      .where(sql`${t.inApp}`),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`${t.inApp} and ${t.readAt} is null`),
    index('notifications_email_pending_idx')
      .on(t.userId, t.createdAt)
      .where(sql`${t.emailState} = 'pending'`),
    index('notifications_push_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.pushState} = 'pending'`),
    check('notifications_email_state_check', sql`${t.emailState} in ('none', 'pending', 'mailed')`),
    check(
      'notifications_push_state_check',
      sql`${t.pushState} in ('none', 'pending', 'sent', 'failed')`,
    ),
  ],
);

/** A kind switched on or off on a channel by a user; no row means on. */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: ownedBy('user_id', () => users.id),
    kind: text('kind').notNull(),
    channel: text('channel').notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.channel] })],
);

/**
 * A browser that receives this user's pushes (one per device and browser profile). The endpoint
 * is the push service's address for it; p256dh and auth are the keys the payload is encrypted
 * to. Removed when the user turns push off on that device, or when the push service answers
 * 404/410 (the subscription expired).
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: idColumn(),
    userId: ownedBy('user_id', () => users.id),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    userAgent: text('user_agent').notNull().default(''),
    failures: integer('failures').notNull().default(0),
    lastError: text('last_error'),
    createdAt: ts('created_at').notNull().defaultNow(),
    lastSentAt: ts('last_sent_at'),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

/** When each user was last sent the notification mail: the next waits an hour after it. */
export const notificationMailState = pgTable('notification_mail_state', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  lastMailedAt: ts('last_mailed_at').notNull(),
});
