import type { FastifyInstance } from 'fastify';
import { endUnusedConnectionsOnClose } from '@switchboard/shared/unused-connections';
import { AppError } from '../lib/app-error';

/**
 * Lets `app.close()` finish once the requests in flight have been answered (decision 048).
 *
 * Node's `server.close()` ends the keep-alive connections that are idle at that moment and then
 * waits for every other one to end. A connection busy with a request then (a proxy's, a
 * browser's, the in-process sandbox's webhook deliveries) stays open after its answer, idle,
 * until the keep-alive timeout (72 s) or its client hangs up, so the close hook never ran and
 * close-with-grace killed the process. While closing, every answer says `Connection: close`
 * (Node then ends its connection once it is sent), and a connection whose answer had already
 * started before the close (a long CSV export) is ended as soon as it is idle.
 *
 * A request that arrives on a kept-alive connection once the close has begun is refused with
 * 503, `Retry-After` and our error body (Fastify's own refusal, `return503OnClosing`, is turned
 * off in `buildApp`: it writes a bare 503 without `Retry-After`), so a proxy or a browser tries
 * again, reaching another instance or this one restarted.
 *
 * A connection that has sent nothing yet (a browser's preconnect) is ended half a second into
 * the close: Node would wait for its first request until the headers timeout (decision 108).
 */
export function registerConnectionDrain(app: FastifyInstance) {
  endUnusedConnectionsOnClose(app);
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onRequest', async () => {
    if (closing) {
      throw new AppError(
        'SERVICE_UNAVAILABLE',
        'The server is restarting. Please try again in a few seconds.',
      );
    }
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing && !reply.raw.headersSent) reply.header('connection', 'close');
    return payload;
  });
  app.addHook('onResponse', async () => {
    // The answer is out and its connection detached from it: idle now, unless pipelined.
    if (closing) app.server.closeIdleConnections();
  });
}
