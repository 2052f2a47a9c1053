import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { idColumn } from './columns';

// Every piece of business data carries business_id; this is the tenant. One account per email
// address (ignoring case).
export const businesses = pgTable(
  'businesses',
  {
    id: idColumn(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    website: text('website'),
    pointOfContact: text('point_of_contact').notNull(),
    country: text('country').notNull(),
    timezone: text('timezone').notNull().default('UTC'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('businesses_email_lower_idx').on(sql`lower(${t.email})`)],
);
