import { bigint, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * What the finished answers of the analytics and the call log are cached under (decision 073):
 * a version per business (`scope` = its id; `-` for calls of no business) that changes in the
 * same transaction as any write of its calls, and one row `*` that changes with whatever every
 * business's answers read besides their calls (agents' names, numbers and businesses, squads,
 * time zones). Kept by triggers (migration 0034); the server only reads it.
 */
export const answerVersions = pgTable('answer_versions', {
  scope: text('scope').primaryKey(),
  version: bigint('version', { mode: 'number' }).notNull(),
});
