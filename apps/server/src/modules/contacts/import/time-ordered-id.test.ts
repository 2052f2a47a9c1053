import { describe, expect, it } from 'vitest';
import { timeOrderedId } from './time-ordered-id';

describe('timeOrderedId', () => {
  it('makes version 7 UUIDs that sort in the order they were made, all different', () => {
    const before = Date.now();
    const first = timeOrderedId();
    const after = Date.now();
    const ids = [first, ...Array.from({ length: 19_999 }, () => timeOrderedId())];
    for (const id of ids.slice(0, 50))
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    // The first 48 bits are the time in milliseconds (borrowed ahead only past 4,096 a ms), so
    // the first id carries the clock's reading between the two around it.
    const time = Number.parseInt(first.replace('-', '').slice(0, 12), 16);
    expect(time).toBeGreaterThanOrEqual(before);
    expect(time).toBeLessThanOrEqual(after);
  });
});
