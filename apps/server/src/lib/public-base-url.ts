import type { AddressInfo } from 'node:net';

/**
 * Where people reach this server when PUBLIC_URL does not say: the configured HOST (`localhost`
 * for every interface) and the port it listens on (before it listens, the configured PORT) —
 * the address the start-up log prints. Never the Host header of a request: whoever sends a
 * request chooses that header, and a link built from it would carry a set-password token to
 * their address.
 */
export function listeningBaseUrl(
  address: string | AddressInfo | null,
  configured: { host: string; port: number },
): string {
  const port = address && typeof address === 'object' ? address.port : configured.port;
  const { host } = configured;
  const anyInterface = host === '0.0.0.0' || host === '::';
  const name = anyInterface ? 'localhost' : host.includes(':') ? `[${host}]` : host;
  return `http://${name}:${port}`;
}

/** PUBLIC_URL without a trailing slash, else the listening address. */
export function publicBaseUrlOf(publicUrl: string | undefined, listening: () => string): string {
  return publicUrl ? publicUrl.replace(/\/+$/, '') : listening();
}
