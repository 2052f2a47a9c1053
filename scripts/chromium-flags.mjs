/**
 * Flags for Debian's Chromium on these machines, for the e2e tests and the browser benchmarks:
 * no sandbox as root, and no background networking or QUIC (the network is closed, and those
 * connections would only fail noisily).
 */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
];
