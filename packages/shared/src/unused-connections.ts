import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * How long a connection that has sent nothing may still send its first request once the close
 * has begun: bytes already on their way are read, and the request is answered (by a closing
 * server, with 503 and Connection: close).
 */
export const UNUSED_CONNECTION_GRACE_MS = 500;

/** The Fastify side this needs: its server and the hook that runs before the server closes. */
interface ClosingServer {
  server: Server;
  addHook(name: 'preClose', hook: () => Promise<void>): unknown;
}

/**
 * Ends, when the server closes, the connections that never sent a byte (decision 108).
 *
 * Node's `server.close()` waits for every connection that is not idle, and it counts a connection
 * that has not sent its first request as busy receiving it (so that `headersTimeout` can end a
 * client that is slow to send one): `closeIdleConnections()` leaves it open, and the close waited
 * for it until the headers timeout, 60 s. Browsers open such connections ahead of need
 * (preconnect), and one left open by a client held our test servers' close.
 *
 * Once the close has begun, each connection that still has read nothing after
 * UNUSED_CONNECTION_GRACE_MS is destroyed; one that sends a request meanwhile is answered.
 */
export function endUnusedConnectionsOnClose(
  app: ClosingServer,
  graceMs = UNUSED_CONNECTION_GRACE_MS,
): void {
  const open = new Set<Socket>();
  app.server.on('connection', (socket: Socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
  });
  app.addHook('preClose', async () => {
    if (open.size === 0) return;
    // Not awaited: the server stops accepting right after this hook, and its close waits for
    // these sockets anyway. The timer holds nothing open of its own.
    setTimeout(() => {
      for (const socket of open) if (socket.bytesRead === 0) socket.destroy();
    }, graceMs).unref();
  });
}
