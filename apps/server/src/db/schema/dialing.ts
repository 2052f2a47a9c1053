import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './businesses';
import { ownedBy } from './columns';

/**
 * The operator's calling rules for one business (decision 053). No row, or a null column, means
 * the default: the business's own country, no risky kind of number, the default daily caps.
 */
export const callingRules = pgTable('calling_rules', {
  businessId: uuid('business_id')
    .primaryKey()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  /** ISO codes (["IE", "GB"]); null: the business's own country. */
  allowedCountries: jsonb('allowed_countries').$type<string[]>(),
  /** Risky kinds allowed (["premium_rate"]). */
  allowedNumberKinds: jsonb('allowed_number_kinds')
    .$type<string[]>()
    .notNull()
    .default(sql`'[]'::jsonb`),
  dailyCallCap: integer('daily_call_cap'),
  dailyMinuteCap: integer('daily_minute_cap'),
  updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * Calls handed to the platform per business and day (the business's calendar day, as text so
 * neither driver converts it): the daily call cap is counted here, in one row every instance
 * locks, not in any process's memory.
 */
export const dialUsage = pgTable(
  'dial_usage',
  {
    businessId: ownedBy('business_id', () => businesses.id),
    /** "2026-11-28" in the business's time zone. */
    day: text('day').notNull(),
    calls: integer('calls').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.day] })],
);
