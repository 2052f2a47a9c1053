import { createHash, randomBytes } from 'node:crypto';
import { hash, parseOptions, verify, type Algorithm, type Version } from '@node-rs/argon2';

// The binding's enums are const enums in its typings, which isolated modules cannot read.
const ARGON2ID = 2 as Algorithm;
const VERSION_0X13 = 1 as Version;

/**
 * argon2id with OWASP's minimum (19 MiB, 2 iterations, 1 lane): about 50 ms a hash here.
 * Hashes made with weaker parameters, or another argon2 variant, are upgraded at the next
 * sign-in. The PHC strings are the standard ones, so hashes written by the `argon2` package
 * we used before (decision 047) verify as they are.
 */
const HASH_OPTIONS = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, HASH_OPTIONS);
}

export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    // A malformed stored hash signs nobody in.
    return false;
  }
}

export function passwordNeedsRehash(stored: string): boolean {
  let used;
  try {
    used = parseOptions(stored);
  } catch {
    return true;
  }
  return (
    used.algorithm !== HASH_OPTIONS.algorithm ||
    used.version !== VERSION_0X13 ||
    used.memoryCost !== HASH_OPTIONS.memoryCost ||
    used.timeCost !== HASH_OPTIONS.timeCost ||
    used.parallelism !== HASH_OPTIONS.parallelism
  );
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies against a throwaway hash, so that an unknown user name (or a user without a
 * password yet) costs the same time as a wrong password and answers nothing about who exists.
 */
export async function spendPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword(randomBytes(16).toString('hex'));
  await verifyPassword(await dummyHash, password);
}

/** A random secret for a cookie or a link: 256 bits, URL-safe. */
export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Tokens are stored as their SHA-256 only: a copy of the table signs nobody in. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** A password for a new admin when none is given: 144 bits, easy to copy. */
export function generatePassword(): string {
  return randomBytes(18).toString('base64url');
}
