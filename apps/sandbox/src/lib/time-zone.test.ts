import { describe, expect, it } from 'vitest';
import { ZoneClock } from './time-zone';

const at = (iso: string) => Date.parse(iso);
const iso = (ms: number) => new Date(ms).toISOString();

describe('ZoneClock', () => {
  const newYork = new ZoneClock('America/New_York');

  it('knows the offset on both sides of a daylight-saving change', () => {
    expect(newYork.offsetMs(at('2025-01-15T12:00:00Z'))).toBe(-5 * 3_600_000);
    expect(newYork.offsetMs(at('2025-07-15T12:00:00Z'))).toBe(-4 * 3_600_000);
    // 2025-03-09 02:00 EST → 03:00 EDT (07:00Z).
    expect(newYork.offsetMs(at('2025-03-09T06:59:00Z'))).toBe(-5 * 3_600_000);
    expect(newYork.offsetMs(at('2025-03-09T07:00:00Z'))).toBe(-4 * 3_600_000);
    expect(new ZoneClock('Asia/Kathmandu').offsetMs(at('2025-01-01T00:00:00Z'))).toBe(
      (5 * 60 + 45) * 60_000,
    );
  });

  it('gives local wall-clock parts', () => {
    expect(newYork.localParts(at('2025-06-02T13:30:00Z'))).toEqual({
      year: 2025,
      month: 6,
      day: 2,
      hour: 9,
      minute: 30,
      weekday: 1,
    });
  });

  it.each([
    ['America/New_York', '2025-06-02T03:00:00Z', 'day', '2025-06-01T04:00:00.000Z'],
    ['America/New_York', '2025-03-09T20:00:00Z', 'day', '2025-03-09T05:00:00.000Z'],
    ['America/New_York', '2025-03-10T20:00:00Z', 'day', '2025-03-10T04:00:00.000Z'],
    ['America/New_York', '2025-06-05T15:00:00Z', 'week', '2025-06-02T04:00:00.000Z'],
    ['America/New_York', '2025-06-05T15:00:00Z', 'month', '2025-06-01T04:00:00.000Z'],
    ['America/New_York', '2025-06-05T15:47:12Z', 'hour', '2025-06-05T15:00:00.000Z'],
    ['Asia/Kolkata', '2025-06-05T15:47:12Z', 'hour', '2025-06-05T15:30:00.000Z'],
    ['UTC', '2025-08-05T15:47:12Z', 'quarter', '2025-07-01T00:00:00.000Z'],
  ] as const)(
    'starts buckets at local midnight, Monday, the 1st, even across DST: %s %s by %s',
    (zone, instant, step, start) => {
      expect(iso(new ZoneClock(zone).bucketStart(at(instant), step))).toBe(start);
    },
  );

  it('converts local wall-clock time back to an instant', () => {
    expect(iso(newYork.fromLocal(Date.UTC(2025, 5, 2, 9, 30)))).toBe('2025-06-02T13:30:00.000Z');
  });
});
