import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './businesses';
import { idColumn } from './columns';

/**
 * The platform console's ownership record: which business a platform resource (phone number,
 * tool, file, knowledge base, squad, workflow, structured output, campaign, eval, …) belongs to.
 * The platform keeps the resource itself; Switchboard keeps only who owns it, so that a member
 * sees and changes only the business's own resources and a foreign id answers 404.
 * `businessId` is null until the operator assigns the resource. `role` marks resources
 * Switchboard itself made and manages (e.g. `switchboard:create_enquiry`), null for the
 * business's own.
 */
export const platformResources = pgTable(
  'platform_resources',
  {
    id: idColumn(),
    kind: text('kind').notNull(),
    platformId: text('platform_id').notNull(),
    businessId: uuid('business_id').references(() => businesses.id, { onDelete: 'set null' }),
    role: text('role'),
    /** A cached display name for lists; the platform stays the truth. */
    name: text('name').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('platform_resources_kind_platform_id_key').on(t.kind, t.platformId),
    index('platform_resources_business_kind_idx').on(t.businessId, t.kind, t.createdAt),
    // One resource per role and business: two requests making a business's managed tool at
    // once leave one row (the loser deletes the platform copy it made).
    uniqueIndex('platform_resources_business_role_key')
      .on(t.businessId, t.kind, t.role)
      .where(sql`${t.role} is not null`),
  ],
);
