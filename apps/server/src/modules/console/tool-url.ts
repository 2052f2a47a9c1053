import { isPublicAddress } from '../../platform/recording-fetch';

/**
 * Where a custom tool may send the platform: an https URL on a public name or address. The
 * platform (not this server) calls it, but a tool pointed at loopback, a private network or a
 * cloud metadata address is never what a business means, so it is refused the way the
 * recording proxy refuses such hosts (`isPublicAddress`). Names are not resolved here: the
 * platform resolves them from its own network.
 */
export function toolUrlProblem(raw: string): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'serverUrl: not a URL';
  }
  if (url.protocol !== 'https:') return 'serverUrl: must be an https:// address';
  if (url.username || url.password) {
    return 'serverUrl: must not carry a user name or password';
  }
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  const bare = host.replace(/^\[|\]$/g, '');
  if (/^[\d.]+$/.test(bare) || bare.includes(':')) {
    return isPublicAddress(bare) ? undefined : 'serverUrl: must be a public address';
  }
  if (!host.includes('.')) return 'serverUrl: must be a public host name';
  if (/(^|\.)(localhost|local|internal|intranet|lan|home\.arpa|corp)$/.test(host)) {
    return 'serverUrl: must be a public host name';
  }
  return undefined;
}
