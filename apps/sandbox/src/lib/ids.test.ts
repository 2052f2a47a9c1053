import { describe, expect, it } from 'vitest';
import { demoCallId, demoCallIndex, isUuid, permute32, seededUuid, unpermute32 } from './ids';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('deterministic ids', () => {
  it('are version 4 UUIDs, stable for the same seed and different across seeds', () => {
    expect(seededUuid(42, 2, 0)).toMatch(UUID_V4);
    expect(seededUuid(42, 2, 0)).toBe(seededUuid(42, 2, 0));
    expect(seededUuid(43, 2, 0)).not.toBe(seededUuid(42, 2, 0));
    expect(demoCallId(42, 123)).toMatch(UUID_V4);
  });

  it('scrambles positions with a bijection that can be undone', () => {
    for (const value of [0, 1, 2, 65535, 65536, 999_999, 2 ** 32 - 1]) {
      expect(unpermute32(permute32(value, 7), 7)).toBe(value);
    }
    // Consecutive positions do not give look-alike ids.
    expect(demoCallId(42, 1).slice(0, 4)).not.toBe(demoCallId(42, 2).slice(0, 4));
  });

  it('finds a demo call position from its id, and nothing from any other id', () => {
    const count = 1_000_000;
    for (const index of [0, 1, 4242, count - 1]) {
      expect(demoCallIndex(42, demoCallId(42, index), count)).toBe(index);
      expect(demoCallIndex(42, demoCallId(42, index).toUpperCase(), count)).toBe(index);
    }
    expect(demoCallIndex(42, demoCallId(42, count), count)).toBeUndefined();
    expect(demoCallIndex(43, demoCallId(42, 5), count)).toBeUndefined();
    expect(demoCallIndex(42, '00000000-0000-4000-8000-000000000000', count)).toBeUndefined();
    expect(demoCallIndex(42, 'not-a-uuid', count)).toBeUndefined();
    expect(isUuid('not-a-uuid')).toBe(false);
  });
});
