import { describe, expect, it } from 'vitest';
import { secondsLeftOf } from './import.service';

describe('secondsLeftOf', () => {
  const startedAt = new Date('2026-03-06T10:00:00.000Z');
  const at = (seconds: number) => startedAt.getTime() + seconds * 1000;

  it('estimates the time left from the pace so far', () => {
    // 2,000 of 10,000 rows in 4 s: 8,000 more at 500 a second.
    expect(
      secondsLeftOf(
        { status: 'running', startedAt, totalRows: 10_000, processedRows: 2_000 },
        at(4),
      ),
    ).toBe(16);
    // Rounded up: never "0 s left" while rows remain.
    expect(
      secondsLeftOf(
        { status: 'running', startedAt, totalRows: 10_001, processedRows: 10_000 },
        at(10),
      ),
    ).toBe(1);
  });

  it('says nothing before it can know', () => {
    const running = { status: 'running', startedAt, totalRows: 10_000, processedRows: 0 };
    expect(secondsLeftOf(running, at(3))).toBeNull();
    expect(secondsLeftOf({ ...running, processedRows: 5, totalRows: null }, at(3))).toBeNull();
    expect(secondsLeftOf({ ...running, processedRows: 5, status: 'completed' }, at(3))).toBeNull();
    expect(secondsLeftOf({ ...running, processedRows: 5, startedAt: null }, at(3))).toBeNull();
  });
});
