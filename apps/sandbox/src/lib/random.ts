// Small, fast, seedable randomness. The demo data must be identical for the same seed on every
// machine and must scale to millions of calls, so everything here is integer arithmetic on 32-bit
// words: no Math.random, no allocation per draw.

export type Rng = () => number;

/** Finaliser from splitmix32: a bijective scramble of one 32-bit word. */
export function mix32(value: number): number {
  let x = value >>> 0;
  x ^= x >>> 16;
  x = Math.imul(x, 0x7feb352d);
  x ^= x >>> 15;
  x = Math.imul(x, 0x846ca68b);
  x ^= x >>> 16;
  return x >>> 0;
}

/** A 32-bit hash of a few integers (seed, kind, index, …); order matters. */
export function hash32(...parts: number[]): number {
  let h = 0x9e3779b9;
  for (const part of parts) {
    // Fold in values above 2^32 too (seeds and epoch milliseconds are not 32-bit).
    const low = part >>> 0;
    const high = Math.floor(part / 4294967296) >>> 0;
    h = mix32(h ^ mix32(low + 0x6d2b79f5));
    if (high !== 0) h = mix32(h ^ mix32(high + 0x1b873593));
  }
  return h;
}

/** mulberry32: a tiny PRNG with a 32-bit state; plenty for synthetic data. */
export function mulberry32(seed: number): Rng {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function rngFor(...parts: number[]): Rng {
  return mulberry32(hash32(...parts));
}

/** Integer in [min, max], both inclusive. */
export function randomInt(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

export function randomBetween(rng: Rng, min: number, max: number): number {
  return min + rng() * (max - min);
}

export function pick<T>(rng: Rng, items: readonly T[]): T {
  if (items.length === 0) throw new Error('pick() needs at least one item');
  return items[Math.floor(rng() * items.length)] as T;
}

/** Picks an index with probability proportional to its weight. */
export function pickWeightedIndex(rng: Rng, weights: readonly number[]): number {
  let total = 0;
  for (const weight of weights) total += weight;
  let target = rng() * total;
  for (let i = 0; i < weights.length; i++) {
    target -= weights[i] ?? 0;
    if (target < 0) return i;
  }
  return weights.length - 1;
}

export function pickWeighted<T>(rng: Rng, entries: readonly (readonly [T, number])[]): T {
  const index = pickWeightedIndex(
    rng,
    entries.map(([, weight]) => weight),
  );
  const entry = entries[index];
  if (!entry) throw new Error('pickWeighted() needs at least one entry');
  return entry[0];
}

/** Standard normal draw (Box–Muller). */
export function randomNormal(rng: Rng): number {
  const u = Math.max(rng(), 1e-12);
  const v = rng();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** Log-normal draw with the given median and spread (sigma of the underlying normal). */
export function randomLogNormal(rng: Rng, median: number, sigma: number): number {
  return median * Math.exp(sigma * randomNormal(rng));
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}
