import { integer, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from './columns';

/** Progress and health of a background job that copies data from the platform (one row a job). */
export const syncState = pgTable('sync_state', {
  job: text('job').primaryKey(),
  status: text('status').notNull().default('idle'),
  /** Highest platform updatedAt copied by a completed run; null = never ran (full backfill). */
  cursorUpdatedAt: ts('cursor_updated_at'),
  lastStartedAt: ts('last_started_at'),
  lastFinishedAt: ts('last_finished_at'),
  lastSuccessAt: ts('last_success_at'),
  lastError: text('last_error'),
  consecutiveFailures: integer('consecutive_failures').notNull().default(0),
  nextRunAt: ts('next_run_at'),
  /** Of the current (or last) run. */
  rowsFetched: integer('rows_fetched').notNull().default(0),
  rowsWritten: integer('rows_written').notNull().default(0),
  pagesFetched: integer('pages_fetched').notNull().default(0),
  updatedAt: ts('updated_at').notNull().defaultNow(),
});
