import { hash32 } from './random';

// Deterministic UUIDs (RFC 4122 version 4 layout) derived from the seed.
//
// Demo calls are not stored one object per call, so GET /call/{id} must find a call from its id
// alone: the first 32 bits of a demo call id are its position in the index, scrambled by a keyed
// Feistel permutation (bijective, so it can be undone), and the remaining bits are a hash of
// (seed, position). Decoding = undo the permutation, then check the whole id matches.

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID_PATTERN.test(value);
}

function hex(value: number, digits: number): string {
  return (value >>> 0)
    .toString(16)
    .padStart(8, '0')
    .slice(8 - digits);
}

export function formatUuid(w0: number, w1: number, w2: number, w3: number): string {
  const timeMid = (w1 >>> 16) & 0xffff;
  const timeHigh = (w1 & 0x0fff) | 0x4000;
  const clockSeq = ((w2 >>> 16) & 0x3fff) | 0x8000;
  const nodeHigh = w2 & 0xffff;
  return `${hex(w0, 8)}-${hex(timeMid, 4)}-${hex(timeHigh, 4)}-${hex(clockSeq, 4)}-${hex(nodeHigh, 4)}${hex(w3, 8)}`;
}

/** A UUID for a named thing (organisation, assistant n, phone number n…). */
export function seededUuid(seed: number, kind: number, n: number): string {
  return formatUuid(
    hash32(seed, kind, n, 0),
    hash32(seed, kind, n, 1),
    hash32(seed, kind, n, 2),
    hash32(seed, kind, n, 3),
  );
}

const FEISTEL_ROUNDS = 4;

function roundKey(seed: number, round: number): number {
  return hash32(seed, 0xfe1, round);
}

function roundFunction(half: number, key: number): number {
  return hash32(half, key) & 0xffff;
}

/** Keyed bijection on 32-bit integers. */
export function permute32(value: number, seed: number): number {
  let left = (value >>> 16) & 0xffff;
  let right = value & 0xffff;
  for (let round = 0; round < FEISTEL_ROUNDS; round++) {
    const next = left ^ roundFunction(right, roundKey(seed, round));
    left = right;
    right = next;
  }
  return ((left << 16) | right) >>> 0;
}

export function unpermute32(value: number, seed: number): number {
  let left = (value >>> 16) & 0xffff;
  let right = value & 0xffff;
  for (let round = FEISTEL_ROUNDS - 1; round >= 0; round--) {
    const previous = right ^ roundFunction(left, roundKey(seed, round));
    right = left;
    left = previous;
  }
  return ((left << 16) | right) >>> 0;
}

const CALL_KIND = 0xca11;

export function demoCallId(seed: number, index: number): string {
  return formatUuid(
    permute32(index, seed),
    hash32(seed, CALL_KIND, index, 1),
    hash32(seed, CALL_KIND, index, 2),
    hash32(seed, CALL_KIND, index, 3),
  );
}

/** The index a demo call id was made from, or undefined when the id is not one of ours. */
export function demoCallIndex(seed: number, id: string, count: number): number | undefined {
  if (!isUuid(id)) return undefined;
  const index = unpermute32(Number.parseInt(id.slice(0, 8), 16), seed);
  if (index >= count) return undefined;
  return demoCallId(seed, index) === id.toLowerCase() ? index : undefined;
}
