import type { FastifyInstance } from 'fastify';

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
 */
export function registerConnectionDrain(app: FastifyInstance) {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
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
