import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { RETRY_AFTER_SECONDS } from '../../http/error-handler';
import type { Metrics } from './metrics';

export type MetricsServer = { address: AddressInfo; close: () => Promise<void> };

/**
 * A second listener, on METRICS_PORT, that answers `GET /metrics` without a session, for
 * scrapers that cannot sign in. It serves nothing else; keep the port off the public network
 * (the compose file does not publish it).
 */
export async function startMetricsServer(
  /** The app's metrics, or where to find them once the app is built (503 until then). */
  metrics: Metrics | (() => Metrics | undefined),
  listen: { host: string; port: number },
): Promise<MetricsServer> {
  const unavailable = (response: http.ServerResponse) => {
    response.writeHead(503, {
      'content-type': 'text/plain; charset=utf-8',
      'retry-after': String(RETRY_AFTER_SECONDS),
    });
    response.end('Metrics are unavailable\n');
  };
  const server = http.createServer((request, response) => {
    const { pathname } = new URL(request.url ?? '/', 'http://metrics');
    if (pathname !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' });
      response.end('Not found: metrics are at /metrics\n');
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { allow: 'GET, HEAD', 'content-type': 'text/plain; charset=utf-8' });
      response.end('Method not allowed\n');
      return;
    }
    const current = typeof metrics === 'function' ? metrics() : metrics;
    if (!current) {
      unavailable(response);
      return;
    }
    current.expose().then(
      ({ contentType, body }) => {
        response.writeHead(200, { 'content-type': contentType, 'cache-control': 'no-store' });
        response.end(request.method === 'HEAD' ? undefined : body);
      },
      () => unavailable(response),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listen.port, listen.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    address: server.address() as AddressInfo,
    close: () =>
      new Promise<void>((resolve, reject) => {
        if (!server.listening) return resolve();
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      }),
  };
}
