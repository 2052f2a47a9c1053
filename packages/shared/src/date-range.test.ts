import { describe, expect, it } from 'vitest';
import {
  addDays,
  dateRangeMessages,
  dateRangeQuerySchema,
  daysInRange,
  eachDay,
  isIsoDate,
  lastDays,
  resolveDateRange,
  todayIn,
} from './date-range';

describe('calendar dates', () => {
  it.each([
    ['2026-03-10', true],
    ['2024-02-29', true],
    ['2026-02-29', false],
    ['2026-02-30', false],
    ['2026-13-01', false],
    ['2026-3-10', false],
    ['2026-03-10T00:00:00Z', false],
    ['', false],
  ])('isIsoDate(%j) is %s', (value, expected) => {
    expect(isIsoDate(value)).toBe(expected);
  });

  it('adds days across months, leap days and daylight-saving changes', () => {
    expect(addDays('2026-03-07', 2)).toBe('2026-03-09'); // over the US change on the 8th
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2026-01-01', -1)).toBe('2025-12-31');
    expect(addDays('2026-10-24', 7)).toBe('2026-10-31');
  });

  it('counts and lists the days of a range, both ends included', () => {
    expect(daysInRange('2026-03-10', '2026-03-10')).toBe(1);
    expect(daysInRange('2026-02-01', '2026-03-01')).toBe(29);
    expect(eachDay('2026-02-27', '2026-03-02')).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
    expect(eachDay('2026-03-02', '2026-03-01')).toEqual([]);
  });

  it('knows which day it is in a zone', () => {
    const now = new Date('2026-03-12T03:00:00Z');
    expect(todayIn('UTC', now)).toBe('2026-03-12');
    expect(todayIn('America/New_York', now)).toBe('2026-03-11');
    expect(todayIn('Pacific/Kiritimati', new Date('2026-03-11T11:00:00Z'))).toBe('2026-03-12');
  });
});

describe('analytics date ranges', () => {
  const now = new Date('2026-03-12T03:00:00Z'); // 11 March in New York

  it('defaults to the last 30 days ending today in the zone', () => {
    expect(resolveDateRange({}, 'America/New_York', now)).toEqual({
      from: '2026-02-10',
      to: '2026-03-11',
    });
    expect(lastDays(7, 'UTC', now)).toEqual({ from: '2026-03-06', to: '2026-03-12' });
  });

  it('fills a missing end or start', () => {
    expect(resolveDateRange({ to: '2026-01-31' }, 'UTC', now)).toEqual({
      from: '2026-01-02',
      to: '2026-01-31',
    });
    expect(resolveDateRange({ from: '2026-03-01' }, 'UTC', now)).toEqual({
      from: '2026-03-01',
      to: '2026-03-12',
    });
    expect(resolveDateRange({ from: '2026-04-01' }, 'UTC', now)).toEqual({
      from: '2026-04-01',
      to: '2026-04-01',
    });
    expect(resolveDateRange({ from: '2026-03-01', to: '2026-03-02' }, 'UTC', now)).toEqual({
      from: '2026-03-01',
      to: '2026-03-02',
    });
  });

  it('refuses invalid dates, backwards ranges and ranges over 366 days', () => {
    const message = (input: unknown) =>
      dateRangeQuerySchema.safeParse(input).error?.issues[0]?.message;
    expect(message({ from: '2026-02-30' })).toBe(dateRangeMessages.invalidDate);
    expect(message({ from: '2026-03-11', to: '2026-03-10' })).toBe(dateRangeMessages.fromAfterTo);
    expect(message({ from: '2025-03-10', to: '2026-03-11' })).toBe(dateRangeMessages.tooLong);
    expect(message({ from: '2025-03-11', to: '2026-03-11' })).toBeUndefined(); // 366 days
    expect(message({})).toBeUndefined();
  });
});
