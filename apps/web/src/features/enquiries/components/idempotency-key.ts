/**
 * A random key for one reply form: sent with every submission of that form, so a double click
 * or a resent request stores (and sends) one email. getRandomValues works outside secure
 * contexts too, unlike randomUUID.
 */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}
