import { describe, expect, it } from 'vitest';
import { hash32, mulberry32, pickWeightedIndex, randomInt } from './random';

describe('seeded randomness', () => {
  it('repeats for the same seed and differs for another', () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const c = mulberry32(43);
    const first = Array.from({ length: 5 }, () => a());
    expect(Array.from({ length: 5 }, () => b())).toEqual(first);
    expect(Array.from({ length: 5 }, () => c())).not.toEqual(first);
    expect(first.every((x) => x >= 0 && x < 1)).toBe(true);
  });

  it('hashes large numbers (epoch milliseconds) without collapsing them', () => {
    const now = Date.parse('2025-06-01T12:00:00Z');
    expect(hash32(1, now)).not.toBe(hash32(1, now + 2 ** 32));
    expect(hash32(1, 2)).not.toBe(hash32(2, 1));
  });

  it('picks integers in range and follows weights', () => {
    const rng = mulberry32(1);
    const counts = [0, 0, 0];
    const seen = new Set<number>();
    for (let i = 0; i < 30_000; i++) {
      seen.add(randomInt(rng, 5, 7));
      counts[pickWeightedIndex(rng, [1, 0, 3])]! += 1;
    }
    expect([...seen].sort()).toEqual([5, 6, 7]);
    expect(counts[1]).toBe(0);
    expect(counts[2]! / counts[0]!).toBeGreaterThan(2.7);
    expect(counts[2]! / counts[0]!).toBeLessThan(3.3);
  });
});
