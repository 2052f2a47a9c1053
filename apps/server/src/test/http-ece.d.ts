// http_ece (RFC 8188, the encryption web-push uses) ships no types; what the tests use: the
// receiving browser's side, decrypting an aes128gcm push message.
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';
  export function decrypt(
    buffer: Buffer,
    params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string },
  ): Buffer;
}
