import { once } from 'node:events';
import net, { type AddressInfo } from 'node:net';
import { openSilentConnection } from '@switchboard/sandbox/test/silent-connection';
import { describe, expect, it } from 'vitest';
import { appForSuite, oneDatabase } from '../test/test-app';

// A request that reaches a closing server on a connection opened before the close (a proxy's
// kept-alive one) is refused as briefly unavailable, and says when to come back.

describe.each(oneDatabase)('a request while the server closes on %s', (target) => {
  // The app's own server on a free port, without Fastify's listen: its onListen hooks would
  // start the background jobs (the start-up sync), which the close would then wait for.
  const ctx = appForSuite(target, { SANDBOX_CALLS: '0' }, async (app) => {
    await app.ready();
    await new Promise<void>((resolve) => app.server.listen(0, '127.0.0.1', resolve));
  });

  it('is answered 503 with Retry-After and our error body, and its connection closed', async () => {
    const server = ctx.app.server;
    const { port } = server.address() as AddressInfo;
    // The server has read the request's first bytes: its connection is busy, not idle, so the
    // close waits for it instead of dropping it.
    const started = new Promise<void>((resolve) =>
      server.once('connection', (socket: net.Socket) => socket.once('data', () => resolve())),
    );
    const client = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    client.on('data', (chunk: Buffer) => chunks.push(chunk));
    await once(client, 'connect');
    client.write('GET /api/health/live HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    await started;

    // The listener stops accepting once the close has begun (after its preClose hooks).
    const closeBegun = new Promise<void>((resolve) => {
      const close = server.close.bind(server);
      server.close = (callback?: (error?: Error) => void) => {
        resolve();
        return close(callback);
      };
    });
    const closed = ctx.app.close();
    await closeBegun;

    client.write('\r\n');
    await once(client, 'close');
    await closed;
    const [head, body] = Buffer.concat(chunks).toString('utf8').split('\r\n\r\n');
    const [statusLine, ...headerLines] = head!.split('\r\n');
    const headers = Object.fromEntries(
      headerLines.map((line) => {
        const colon = line.indexOf(':');
        return [line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim()];
      }),
    );
    expect(statusLine).toBe('HTTP/1.1 503 Service Unavailable');
    expect(headers['retry-after']).toBe('5');
    expect(headers.connection).toBe('close');
    expect(JSON.parse(body!)).toMatchObject({ error: { code: 'SERVICE_UNAVAILABLE' } });
  });
});

// A browser opens connections ahead of need (preconnect): such a connection has sent nothing,
// and Node waited for its first request until the headers timeout (60 s) before the close could
// end (decision 108).
describe.each(oneDatabase)('a connection that never sent a request, on %s', (target) => {
  const ctx = appForSuite(target, { SANDBOX_CALLS: '0' }, async (app) => {
    await app.ready();
    await new Promise<void>((resolve) => app.server.listen(0, '127.0.0.1', resolve));
  });

  it('is ended shortly into the close instead of holding it open', async () => {
    const { ended } = await openSilentConnection(ctx.app.server);
    // Before, the close waited for the headers timeout (a minute), and the test timed out.
    await ctx.app.close();
    await ended;
  });
});
