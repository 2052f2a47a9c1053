import { describe, expect, it, onTestFinished, vi } from 'vitest';
import {
  formatCost,
  formatCount,
  formatCountOf,
  formatLongMinutes,
  formatDate,
  formatDateTime,
  formatDuration,
  formatMinutes,
  formatPercent,
  isValidTimeZone,
} from './format';

describe('formatDuration', () => {
  it.each<[number | null | undefined, string]>([
    [125, '2m 5s'],
    [45, '45s'],
    [1, '1s'],
    [59, '59s'],
    [60, '1m 0s'],
    [61, '1m 1s'],
    [3725, '62m 5s'],
    // Fractions round to the nearest whole second.
    [30.4, '30s'],
    [30.5, '31s'],
    [59.6, '1m 0s'],
    [0.6, '1s'],
    // Nothing to show.
    [0.4, '-'],
    [0, '-'],
    [-5, '-'],
    [null, '-'],
    [undefined, '-'],
    [Number.NaN, '-'],
    [Number.POSITIVE_INFINITY, '-'],
  ])('%s → %j', (seconds, expected) => {
    expect(formatDuration(seconds)).toBe(expected);
  });
});

describe('formatCost', () => {
  it.each<[number | null | undefined, string]>([
    [1.5, '$1.50'],
    [0.07, '$0.07'],
    [0, '$0.00'],
    [null, '$0.00'],
    [undefined, '$0.00'],
    [Number.NaN, '$0.00'],
    [1234.5, '$1234.50'],
    [1234567.891, '$1234567.89'],
    // Half away from zero on the decimal value, where toFixed would give $0.07 and $1.00.
    [0.075, '$0.08'],
    [1.005, '$1.01'],
    [0.004, '$0.00'],
    [-1.5, '-$1.50'],
    [-0.001, '$0.00'],
  ])('%s → %j', (cost, expected) => {
    expect(formatCost(cost)).toBe(expected);
  });
});

describe('formatDateTime', () => {
  it.each<[Date | string | number | null | undefined, string, string]>([
    ['2026-03-05T14:07:00Z', 'UTC', 'Mar 5, 2026, 14:07'],
    [new Date('2026-03-05T14:07:00Z'), 'UTC', 'Mar 5, 2026, 14:07'],
    [Date.UTC(2026, 2, 5, 14, 7), 'UTC', 'Mar 5, 2026, 14:07'],
    // Midnight is 00, never 24.
    ['2026-03-05T00:07:00Z', 'UTC', 'Mar 5, 2026, 00:07'],
    ['2026-03-05T09:03:00Z', 'UTC', 'Mar 5, 2026, 09:03'],
    // New York across the 2026 spring-forward (08 Mar, 02:00 EST → 03:00 EDT).
    ['2026-03-08T06:30:00Z', 'America/New_York', 'Mar 8, 2026, 01:30'],
    ['2026-03-08T07:30:00Z', 'America/New_York', 'Mar 8, 2026, 03:30'],
    ['2026-07-01T12:00:00Z', 'America/New_York', 'Jul 1, 2026, 08:00'],
    ['2026-03-05T04:59:00Z', 'America/New_York', 'Mar 4, 2026, 23:59'],
    // Kolkata is UTC+05:30 with no DST; it crosses midnight and the year here.
    ['2026-03-05T18:45:00Z', 'Asia/Kolkata', 'Mar 6, 2026, 00:15'],
    ['2026-12-31T23:59:00Z', 'Asia/Kolkata', 'Jan 1, 2027, 05:29'],
    // Nothing to show.
    [null, 'UTC', '-'],
    [undefined, 'UTC', '-'],
    ['', 'UTC', '-'],
    ['not a date', 'UTC', '-'],
    [new Date(Number.NaN), 'UTC', '-'],
  ])('%j in %s → %j', (date, timeZone, expected) => {
    expect(formatDateTime(date, timeZone)).toBe(expected);
  });

  it('gives the same result when the cached formatter is reused', () => {
    const first = formatDateTime('2026-03-05T18:45:00Z', 'Asia/Kolkata');
    expect(formatDateTime('2026-03-05T18:45:00Z', 'Asia/Kolkata')).toBe(first);
    expect(formatDateTime('2026-03-05T18:45:00Z', 'UTC')).toBe('Mar 5, 2026, 18:45');
  });

  it('throws on an unknown time zone rather than showing another zone', () => {
    expect(() => formatDateTime('2026-03-05T14:07:00Z', 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});

describe('isValidTimeZone', () => {
  it.each([
    ['UTC', true],
    ['America/New_York', true],
    ['Asia/Kolkata', true],
    ['Europe/Paris', true],
    ['Mars/Olympus_Mons', false],
    ['not a zone', false],
    ['', false],
  ])('%j → %s', (timeZone, expected) => {
    expect(isValidTimeZone(timeZone)).toBe(expected);
  });
});

describe('formatPercent and formatMinutes', () => {
  it.each([
    [72.5, '72.5%'],
    [33.33, '33.33%'],
    [100, '100%'],
    [0, '0%'],
    [null, '-'],
    [undefined, '-'],
    [Number.NaN, '-'],
  ])('formatPercent(%s) is %j', (value, expected) => {
    expect(formatPercent(value)).toBe(expected);
  });

  it.each([
    [12.5, '12.50'],
    [1741.88, '1741.88'],
    [0, '0.00'],
    [null, '0.00'],
  ])('formatMinutes(%s) is %j', (value, expected) => {
    expect(formatMinutes(value)).toBe(expected);
  });
});

describe('the decimal figures without Intl', () => {
  it('write what en-US Intl writes: ties on the decimal value, tiny, huge and negative values', () => {
    const cost = new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      useGrouping: false,
      signDisplay: 'negative',
    });
    const percent = new Intl.NumberFormat('en-US', {
      maximumFractionDigits: 2,
      useGrouping: false,
    });
    const minutes = new Intl.NumberFormat('en-US', {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      useGrouping: false,
    });
    // A seeded sequence (a linear congruential generator), so a failure names its input again.
    let seed = 20261201;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const values = [
      0,
      -0,
      0.005,
      0.015,
      0.045,
      0.075,
      0.995,
      0.9949999999999999,
      1.005,
      2.675,
      8.345,
      9.995,
      99.995,
      123456789.125,
      -0.001,
      -0.005,
      -0.0049,
      -1.5,
      -99.995,
      1e-7,
      1.5e-7,
      9.999e-7,
      5e-324,
      1e21,
      1.2345e25,
      Number.MAX_SAFE_INTEGER,
      Number.MAX_VALUE,
    ];
    for (let i = 0; i < 3000; i++) {
      const magnitude = 10 ** Math.floor(next() * 10 - 3);
      const sign = next() < 0.2 ? -1 : 1;
      values.push(
        sign * next() * magnitude,
        // A figure of three decimals ending in 5: a tie on its decimal value.
        (sign * (Math.floor(next() * 100_000) * 10 + 5)) / 1000,
        (sign * Math.round(next() * magnitude * 100)) / 100,
      );
    }
    for (const value of values) {
      expect(formatCost(value), String(value)).toBe(cost.format(value));
      expect(formatPercent(value), String(value)).toBe(`${percent.format(value)}%`);
      expect(formatMinutes(value), String(value)).toBe(minutes.format(value));
    }
  });

  it('make no Intl object', () => {
    const made = vi.spyOn(Intl, 'NumberFormat');
    onTestFinished(() => {
      made.mockRestore();
    });
    formatCost(12.345);
    formatPercent(72.456);
    formatMinutes(1741.875);
    expect(made).not.toHaveBeenCalled();
  });
});

describe('formatDate', () => {
  it.each<[Date | string | number | null | undefined, string, string]>([
    ['2026-03-05T14:07:00Z', 'UTC', 'Mar 5, 2026'],
    // The calendar day in the zone: late on the 5th in UTC is already the 6th in Tokyo.
    ['2026-03-05T20:00:00Z', 'Asia/Tokyo', 'Mar 6, 2026'],
    ['2026-03-05T02:00:00Z', 'America/New_York', 'Mar 4, 2026'],
    [null, 'UTC', '-'],
    ['', 'UTC', '-'],
    ['not a date', 'UTC', '-'],
  ])('%j in %s → %s', (date, timeZone, expected) => {
    expect(formatDate(date, timeZone)).toBe(expected);
  });

  it('is the date part of formatDateTime', () => {
    const at = '2026-11-25T23:30:00Z';
    expect(formatDateTime(at, 'Europe/Dublin').startsWith(formatDate(at, 'Europe/Dublin'))).toBe(
      true,
    );
  });
});

describe('formatCount', () => {
  it('groups thousands', () => {
    expect(formatCount(1210)).toBe('1,210');
    expect(formatCount(5)).toBe('5');
    expect(formatCount(1_000_000)).toBe('1,000,000');
  });
  it('reads nothing as zero', () => {
    expect(formatCount(null)).toBe('0');
    expect(formatCount(Number.NaN)).toBe('0');
    expect(formatCount(Number.POSITIVE_INFINITY)).toBe('0');
  });
  it('writes what en-US Intl writes, for whole numbers, halves, fractions and huge values', () => {
    const intl = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });
    // A seeded sequence (a linear congruential generator), so a failure names its input again.
    let seed = 20261130;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const values = [
      0,
      1,
      12,
      123,
      999,
      1000,
      1001,
      9999,
      10_000,
      999_999,
      1_000_000,
      0.4,
      0.5,
      1.5,
      2.5,
      999.5,
      1234.5,
      0.49999999999999994,
      1.4999999999999998,
      Number.MAX_SAFE_INTEGER,
      1e21,
      1.2345e25,
      Number.MAX_VALUE,
      -1,
      -1210,
      -2.5,
      -999_999.5,
    ];
    for (let i = 0; i < 2000; i++) {
      const magnitude = 10 ** Math.floor(next() * 12);
      values.push(
        Math.floor(next() * magnitude),
        next() * magnitude,
        Math.floor(next() * magnitude) + 0.5,
      );
    }
    for (const value of values) expect(formatCount(value), String(value)).toBe(intl.format(value));
  });
  it('never writes a minus sign for a value that rounds to zero', () => {
    expect(formatCount(-0.4)).toBe('0');
    expect(formatCount(-0)).toBe('0');
  });
});

describe('formatCountOf', () => {
  it('puts the word after the grouped count, singular only for one', () => {
    expect(formatCountOf(1, 'call', 'calls')).toBe('1 call');
    expect(formatCountOf(0, 'call', 'calls')).toBe('0 calls');
    expect(formatCountOf(1210, 'call', 'calls')).toBe('1,210 calls');
    expect(formatCountOf(null, 'enquiry', 'enquiries')).toBe('0 enquiries');
  });
});

describe('formatLongMinutes', () => {
  it('says hours and minutes, leaving out what is zero', () => {
    expect(formatLongMinutes(450.22)).toBe('7 h 30 min');
    expect(formatLongMinutes(120)).toBe('2 h');
    expect(formatLongMinutes(60_000)).toBe('1,000 h');
  });
  it('says minutes and seconds under an hour, seconds under a minute', () => {
    expect(formatLongMinutes(45.5)).toBe('45 min 30 s');
    expect(formatLongMinutes(3)).toBe('3 min');
    expect(formatLongMinutes(0.4)).toBe('24 s');
  });
  it('says "no time" for none', () => {
    expect(formatLongMinutes(0)).toBe('no time');
    expect(formatLongMinutes(null)).toBe('no time');
    expect(formatLongMinutes(0.001)).toBe('no time');
  });
});
