import { describe, expect, it } from 'vitest';
import { keepsTestMark, testFilterQuerySchema } from './test-marks';

describe('test marks', () => {
  it.each([
    ['include', true, true],
    ['include', false, true],
    ['exclude', true, false],
    ['exclude', false, true],
    ['only', true, true],
    ['only', false, false],
  ] as const)('%s keeps a row marked %s: %s', (filter, isTest, kept) => {
    expect(keepsTestMark(filter, isTest)).toBe(kept);
  });

  it('defaults to include and refuses other values', () => {
    expect(testFilterQuerySchema.parse(undefined)).toBe('include');
    expect(testFilterQuerySchema.safeParse('all').success).toBe(false);
  });
});
