import { describe, expect, it } from 'vitest';
import { waitText } from './rate-limits';

describe('waitText', () => {
  it.each([
    [1, '1 second'],
    [1000, '1 second'],
    [1001, '2 seconds'],
    [59_000, '59 seconds'],
    [59_001, '60 seconds'],
    [60_000, '1 minute'],
    [60_001, '2 minutes'],
    [15 * 60_000, '15 minutes'],
  ])('%i ms → %s', (ms, text) => {
    expect(waitText(ms)).toBe(text);
  });
});
