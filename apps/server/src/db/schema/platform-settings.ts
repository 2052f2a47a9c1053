import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Values the server makes up once and every instance must share, e.g. the webhook secret it
 * generates when VAPI_WEBHOOK_SECRET is unset (insert-if-absent, then read: the first wins).
 */
export const platformSettings = pgTable('platform_settings', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
