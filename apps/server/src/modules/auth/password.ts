import { createHash, randomBytes } from 'node:crypto';
import argon2 from 'argon2';

/**
 * argon2id with OWASP's minimum (19 MiB, 2 iterations, 1 lane): about 50 ms a hash here.
 * Hashes made with weaker parameters are upgraded at the next sign-in.
 */
const HASH_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, HASH_OPTIONS);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    // A malformed stored hash signs nobody in.
    return false;
  }
}

export function passwordNeedsRehash(hash: string): boolean {
  return argon2.needsRehash(hash, HASH_OPTIONS);
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
