import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './businesses';
import { idColumn } from './columns';

// A platform assistant as Switchboard knows it: which business it belongs to (null until an
// admin assigns it) and the name and number cached from the platform for fast lists.
export const agents = pgTable(
  'agents',
  {
    id: idColumn(),
    platformAssistantId: text('platform_assistant_id').notNull().unique(),
    businessId: uuid('business_id').references(() => businesses.id, { onDelete: 'set null' }),
    name: text('name').notNull().default(''),
    phoneNumber: text('phone_number'),
    phoneNumberId: text('phone_number_id'),
    /** Set when the assistant no longer exists on the platform; its calls stay in the store. */
    removedAt: timestamp('removed_at', { withTimezone: true, mode: 'date' }),
    /** When an authenticated webhook about this assistant last arrived (agent health). */
    lastWebhookAt: timestamp('last_webhook_at', { withTimezone: true, mode: 'date' }),
    /** The business lets its people listen to this agent's calls live (monitorPlan.listenEnabled). */
    liveListening: boolean('live_listening').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('agents_business_idx').on(t.businessId)],
);
