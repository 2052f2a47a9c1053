import { randomFillSync } from 'node:crypto';

/**
 * A UUID version 7 (RFC 9562): the time in milliseconds first, then a counter, then random
 * bits. Ids made one after another sort one after another, so the new contacts go to the end
 * of the primary key's index (and of the created-at index, where they all share the
 * transaction's time) instead of to random pages of it.
 *
 * The random bits are drawn from the system's generator 8 KB at a time: one call per id cost
 * about as much as everything else an import does to a row.
 */
const RANDOM_POOL_BYTES = 8192;
const randomPool = Buffer.alloc(RANDOM_POOL_BYTES);
let poolOffset = RANDOM_POOL_BYTES;
const idBytes = Buffer.alloc(16);
let idTime = 0;
let idCounter = 0;
export function timeOrderedId(): string {
  const now = Date.now();
  if (now > idTime) {
    idTime = now;
    idCounter = 0;
  } else if (++idCounter > 0xfff) {
    idTime += 1; // more than 4,096 ids in one millisecond: borrow the next one
    idCounter = 0;
  }
  if (poolOffset === RANDOM_POOL_BYTES) {
    randomFillSync(randomPool);
    poolOffset = 0;
  }
  randomPool.copy(idBytes, 8, poolOffset, poolOffset + 8);
  poolOffset += 8;
  idBytes.writeUIntBE(idTime, 0, 6);
  idBytes.writeUInt16BE(0x7000 | idCounter, 6);
  idBytes[8] = (idBytes[8]! & 0x3f) | 0x80;
  const hex = idBytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
