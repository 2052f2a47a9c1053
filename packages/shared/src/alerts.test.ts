import { describe, expect, it } from 'vitest';
import {
  ALERT_DEFAULTS,
  ALERT_KINDS,
  alertRuleInputSchema,
  describeAlertCondition,
  describeDays,
  openMillisBetween,
} from './alerts';

const HOUR = 3_600_000;

describe('describeAlertCondition', () => {
  it.each([
    [ALERT_DEFAULTS.success_rate, 'Success rate below 60 % over the last 20 calls'],
    [
      { kind: 'success_rate', belowPercent: 80, over: 'hours', count: 1 } as const,
      'Success rate below 80 % over the last 1 hour',
    ],
    [ALERT_DEFAULTS.daily_cost, 'Calls cost more than $50.00 in a day'],
    [ALERT_DEFAULTS.no_calls, 'No call for 3 hours within opening hours (Mon–Fri 09:00–17:00)'],
    [ALERT_DEFAULTS.platform_errors, '3 or more calls end with a platform error within 1 hour'],
    [
      { kind: 'platform_errors', atLeast: 1, hours: 2 } as const,
      '1 or more call ends with a platform error within 2 hours',
    ],
  ])('%j → %s', (condition, words) => {
    expect(describeAlertCondition(condition)).toBe(words);
  });

  it('has defaults that pass its own schema for every kind', () => {
    for (const kind of ALERT_KINDS)
      expect(
        alertRuleInputSchema.safeParse({ agentId: null, condition: ALERT_DEFAULTS[kind] }).success,
      ).toBe(true);
  });
});

describe('describeDays', () => {
  it.each([
    [[0, 1, 2, 3, 4, 5, 6], 'every day'],
    [[5, 1, 2, 3, 4], 'Mon–Fri'],
    [[6, 0, 3], 'Wed, Sat, Sun'],
  ])('%j → %s', (days, words) => {
    expect(describeDays(days)).toBe(words);
  });
});

describe('openMillisBetween', () => {
  const zone = 'America/New_York';
  const open = (from: string, to: string, days = [1, 2, 3, 4, 5]) =>
    openMillisBetween(new Date(from), new Date(to), zone, 9 * 60, 17 * 60, days) / HOUR;

  it('counts only opening hours, across a night and a weekend', () => {
    // Friday 16:00 → Monday 10:30 (New York): 1 h on Friday, 1.5 h on Monday.
    expect(open('2026-03-13T20:00:00Z', '2026-03-16T14:30:00Z')).toBe(2.5);
  });

  it('is 0 outside opening hours and when closed that day', () => {
    expect(open('2026-03-10T22:00:00Z', '2026-03-11T12:00:00Z')).toBe(0);
    expect(open('2026-03-14T14:00:00Z', '2026-03-14T20:00:00Z')).toBe(0);
  });

  it('keeps wall-clock hours across the change to summer time', () => {
    // Saturday 7 March 09:00 EST → Sunday 8 March 17:00 EDT: two days of 8 hours.
    expect(open('2026-03-07T14:00:00Z', '2026-03-08T21:00:00Z', [0, 6])).toBe(16);
  });
});
