import { z } from 'zod';

/**
 * Contacts, enquiries and appointments recorded during a test call ("Talk to agent", whose
 * calls carry calls.is_test) are marked, and lists can show them with the rest, leave them
 * out, or show only them.
 */
export const TEST_FILTERS = ['include', 'exclude', 'only'] as const;
export type TestFilter = (typeof TEST_FILTERS)[number];

export const TEST_FILTER_LABELS: Record<TestFilter, string> = {
  include: 'Include test calls',
  exclude: 'Leave out test calls',
  only: 'Test only',
};

/** The badge on a row recorded during a test call. */
export const TEST_BADGE_LABEL = 'Test';

/** `?test=include|exclude|only` (default include: a row from a test call is marked, not hidden). */
export const testFilterQuerySchema = z
  .enum(TEST_FILTERS, { error: 'test must be include, exclude or only' })
  .default('include');

/** Whether the filter keeps a row with this mark. */
export function keepsTestMark(filter: TestFilter, isTest: boolean): boolean {
  if (filter === 'only') return isTest;
  if (filter === 'exclude') return !isTest;
  return true;
}
