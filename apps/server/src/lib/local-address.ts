import ipaddr from 'ipaddr.js';

/**
 * Whether an address or a URL is on this machine or a private network, judged from the text
 * alone (decision 054). For addresses our server connects to itself the name is also resolved
 * and every address checked (`platform/recording-fetch.ts`); this is the check for addresses
 * only the voice platform calls (a custom tool's server, our own webhook), which the platform
 * resolves from its own network: what is refused here is what is obviously not a public web
 * server, not everything that might resolve somewhere private. Light on purpose: `config.ts`
 * uses it, and `main.ts` loads that before tracing is started.
 */

/**
 * Whether an address is on the public internet: not loopback, private (RFC 1918, unique
 * local), link-local (169.254/16 with the cloud metadata service, fe80::/10), carrier-grade
 * NAT, multicast, unspecified or reserved, and for IPv6 anything outside 2000::/3. IPv4-mapped
 * IPv6 (::ffff:127.0.0.1) is judged as the IPv4 address it carries; other IPv6 forms that embed
 * IPv4 (IPv4-compatible, 6to4, Teredo, NAT64) are refused.
 */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, '');
  if (!ipaddr.isValid(bare)) return false;
  const parsed = ipaddr.process(bare);
  if (parsed.range() !== 'unicast') return false;
  // Public IPv6 is allocated from 2000::/3 only; ipaddr.js calls the rest of the space
  // (IPv4-compatible ::7f00:1, unassigned blocks) unicast too.
  if (parsed.kind() === 'ipv4') return true;
  return (parsed as ipaddr.IPv6).match(GLOBAL_UNICAST_V6);
}

const GLOBAL_UNICAST_V6 = ipaddr.parseCIDR('2000::/3');

/**
 * Names for this machine or a private network: `localhost` and anything under it or named
 * `localhost.…` (localhost.localdomain), and the suffixes used only inside networks (mDNS
 * `.local`, ICANN's private-use `.internal`, RFC 8375 `.home.arpa`, and the customary `.lan`,
 * `.home`, `.corp`, `.intranet`, `.private`, `.localdomain`).
 */
const LOCAL_SUFFIXES = [
  'localhost',
  'localdomain',
  'local',
  'internal',
  'intranet',
  'lan',
  'home',
  'home.arpa',
  'corp',
  'private',
];

/** Public names whose every sub-domain resolves to 127.0.0.1 (made for local development). */
const LOOPBACK_DOMAINS = ['localtest.me', 'lvh.me', 'vcap.me'];

/**
 * IP addresses written into a host name, as wildcard DNS services resolve them (nip.io,
 * sslip.io, traefik.me …): dotted (`10.0.0.1.nip.io`, `app.10.0.0.1.sslip.io`), dashed
 * (`10-0-0-1.nip.io`, `app-10-0-0-1.sslip.io`), eight hex digits (`0a000001.nip.io`,
 * `app-0a000001.nip.io`) and IPv6 with dashes for colons (`--1.sslip.io`, `fe80--1.sslip.io`).
 */
function embeddedAddresses(host: string): string[] {
  const labels = host.split('.');
  const found: string[] = [];
  for (let i = 0; i + 4 <= labels.length; i += 1) {
    const four = labels.slice(i, i + 4);
    if (four.every((label) => /^\d{1,3}$/.test(label))) found.push(four.join('.'));
  }
  for (const label of labels) {
    for (const match of label.matchAll(/(?:^|-)(\d{1,3}-\d{1,3}-\d{1,3}-\d{1,3})(?=-|$)/g)) {
      found.push(match[1]!.replaceAll('-', '.'));
    }
    const hex = /(?:^|-)([0-9a-f]{8})$/.exec(label);
    if (hex) {
      const bytes = hex[1]!.match(/../g)!.map((pair) => Number.parseInt(pair, 16));
      found.push(bytes.join('.'));
    }
    if (label.includes('-')) {
      const v6 = label.replaceAll('-', ':');
      if (ipaddr.IPv6.isValid(v6)) found.push(v6);
    }
  }
  return found.filter((address) => ipaddr.isValid(address));
}

/**
 * Ports of services that are not web servers (databases, caches, queues, cluster control
 * planes): a URL naming one is aimed at something else. Below 1024 only 443 is a web port.
 */
const SERVICE_PORTS = new Set([
  1433, 1521, 2375, 2376, 2379, 2380, 3306, 5432, 5672, 5984, 6379, 6443, 7000, 7001, 8500, 9042,
  9092, 9200, 9300, 10250, 11211, 15672, 27017,
]);

export type LocalUrlProblem =
  /** A private, loopback or otherwise non-public IP address, in any spelling. */
  | 'private-address'
  /** A name for this machine or a private network, or one that embeds such an address. */
  | 'local-name'
  /** A port of a service that is not a web server. */
  | 'service-port';

/** What makes a host local, or undefined when nothing in its text does. */
export function localHostProblem(hostname: string): LocalUrlProblem | undefined {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  const bare = host.replace(/^\[|\]$/g, '');
  // WHATWG URL parsing has already turned 2130706433, 0x7f.1, 0177.0.0.1 and the like into
  // dotted IPv4, and ::ffff:127.0.0.1 into ::ffff:7f00:1.
  if (ipaddr.isValid(bare) && (/^[\d.]+$/.test(bare) || bare.includes(':'))) {
    return isPublicAddress(bare) ? undefined : 'private-address';
  }
  if (bare.includes(':')) return 'private-address';
  if (!host.includes('.')) return 'local-name';
  if (host.startsWith('localhost.')) return 'local-name';
  const under = (suffix: string) => host === suffix || host.endsWith(`.${suffix}`);
  if (LOCAL_SUFFIXES.some(under) || LOOPBACK_DOMAINS.some(under)) return 'local-name';
  if (embeddedAddresses(host).some((address) => !isPublicAddress(address))) return 'local-name';
  return undefined;
}

/**
 * What makes a URL that the voice platform will call local, or undefined. `ports: 'web'` also
 * refuses the ports of other services (a tool's server); our own webhook may be on any port.
 */
export function localUrlProblem(
  url: URL,
  options: { ports: 'web' | 'any' } = { ports: 'web' },
): LocalUrlProblem | undefined {
  const host = localHostProblem(url.hostname);
  if (host) return host;
  if (options.ports === 'web' && url.port !== '') {
    const port = Number(url.port);
    if (port < 1024 ? port !== 443 : SERVICE_PORTS.has(port)) return 'service-port';
  }
  return undefined;
}
