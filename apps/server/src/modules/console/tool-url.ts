import { toolServerUrlMessages } from '@switchboard/shared/tools';
import { localUrlProblem } from '../../lib/local-address';

/**
 * Why a custom tool's server address is refused, or undefined. The platform (not this server)
 * calls it, from the internet, so it must be an https URL of a public web server: loopback,
 * private and link-local addresses in any spelling, local names (`localhost.…`, `*.local`,
 * `*.internal` …), names that embed such an address (`127.0.0.1.nip.io`) and the ports of
 * databases and other services are refused (`lib/local-address.ts`, decision 054). The name is
 * not resolved here: the platform resolves it from its own network.
 */
export function toolUrlProblem(raw: string): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return toolServerUrlMessages.notHttps;
  }
  if (url.protocol !== 'https:') return toolServerUrlMessages.notHttps;
  if (url.username || url.password) return toolServerUrlMessages.credentials;
  const problem = localUrlProblem(url, { ports: 'web' });
  if (problem === 'service-port') return toolServerUrlMessages.servicePort(url.port);
  if (problem) return toolServerUrlMessages.local;
  return undefined;
}
