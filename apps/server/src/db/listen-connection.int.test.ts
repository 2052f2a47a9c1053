import net from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { listenConnection, type ListenConnection } from './listen-connection';

const databaseUrl = process.env.TEST_DATABASE_URL;

/**
 * A TCP proxy in front of PostgreSQL that can cut a connection at the moment it sends its
 * LISTEN (the statement fails and the client emits `error`: node-postgres's two reports of one
 * loss), or hold that statement back, and that counts the connections through it.
 */
async function startProxy(target: URL) {
  const open = new Set<net.Socket>();
  const state = { accepted: 0, cutListens: 0, holdListens: false, holdEverything: false };
  let heldListen: (() => void) | undefined;
  const listenHeld = new Promise<void>((resolve) => (heldListen = resolve));
  const server = net.createServer((client) => {
    state.accepted += 1;
    const upstream = net.connect(Number(target.port || 5432), target.hostname);
    open.add(client);
    const end = () => {
      open.delete(client);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end).on('error', end);
    upstream.on('close', end).on('error', end);
    client.on('data', (chunk: Buffer) => {
      if (state.holdEverything) {
        heldListen?.();
        return;
      }
      if (chunk.includes('listen ')) {
        if (state.cutListens > 0) {
          state.cutListens -= 1;
          end();
          return;
        }
        if (state.holdListens) {
          heldListen?.();
          return;
        }
      }
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => client.write(chunk));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as net.AddressInfo).port;
  const url = new URL(target);
  url.host = `127.0.0.1:${port}`;
  return {
    url: url.toString(),
    state,
    listenHeld,
    openConnections: () => open.size,
    /** Ends every connection through the proxy, as a lost network would. */
    cutAll: () => {
      for (const socket of open) socket.destroy();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe.skipIf(!databaseUrl)('a LISTEN connection on PostgreSQL', () => {
  const target = new URL(databaseUrl ?? 'postgres://localhost/none');
  let proxy: Awaited<ReturnType<typeof startProxy>> | undefined;
  let connection: ListenConnection | undefined;
  afterEach(async () => {
    await connection?.close();
    proxy?.cutAll();
    await proxy?.close();
    connection = undefined;
    proxy = undefined;
  });

  const start = (url: string, options: { onNotification?: (channel: string) => void } = {}) => {
    const log = { warn: vi.fn() };
    const lost = vi.fn();
    connection = listenConnection({
      url,
      log: log as unknown as FastifyBaseLogger,
      name: 'test',
      channels: ['listen_test_a', 'listen_test_b'],
      onNotification: (channel) => options.onNotification?.(channel),
      onLost: lost,
      retryMs: 20,
    });
    return { connection, log, lost };
  };

  it('opens again once per loss when its LISTEN is cut, and leaves nothing open when closed', async () => {
    proxy = await startProxy(target);
    proxy.state.cutListens = 3;
    const { connection, log, lost } = start(proxy.url);
    await expect.poll(() => connection.current(), { timeout: 5000 }).toBeDefined();
    // Three cuts, three losses, three reconnections: one connection opening at a time.
    expect(log.warn).toHaveBeenCalledTimes(3);
    expect(lost).toHaveBeenCalledTimes(3);
    expect(proxy.state.accepted).toBe(4);
    expect(proxy.openConnections()).toBe(1);
    await connection.close();
    await expect.poll(() => proxy!.openConnections()).toBe(0);
    expect(proxy.state.accepted).toBe(4);
  });

  it('closes a connection that is still opening', async () => {
    proxy = await startProxy(target);
    proxy.state.holdListens = true;
    const { connection } = start(proxy.url);
    await proxy.listenHeld;
    expect(proxy.openConnections()).toBe(1);
    await connection.close();
    await connection.ready;
    await expect.poll(() => proxy!.openConnections()).toBe(0);
    expect(connection.current()).toBeUndefined();
  });

  it('closes a connection that PostgreSQL has not answered yet', async () => {
    proxy = await startProxy(target);
    proxy.state.holdEverything = true;
    const { connection, log } = start(proxy.url);
    await proxy.listenHeld;
    // node-postgres never settles connect() for a client ended while it connects: close must
    // not wait for it.
    await connection.close();
    await connection.ready;
    await expect.poll(() => proxy!.openConnections()).toBe(0);
    expect(connection.current()).toBeUndefined();
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('hears notifications again after its connection is lost', async () => {
    proxy = await startProxy(target);
    const heard: string[] = [];
    const { connection, lost } = start(proxy.url, {
      onNotification: (channel) => heard.push(channel),
    });
    await connection.ready;
    const first = connection.current();
    expect(first).toBeDefined();
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      await admin.query(`notify listen_test_b, 'one'`);
      await expect.poll(() => heard).toEqual(['listen_test_b']);
      proxy.cutAll();
      await expect.poll(() => lost.mock.calls.length).toBe(1);
      await expect
        .poll(() => connection.current(), { timeout: 5000 })
        .toSatisfy((client) => client !== undefined && client !== first);
      await admin.query(`notify listen_test_a, 'two'`);
      await expect.poll(() => heard).toEqual(['listen_test_b', 'listen_test_a']);
      expect(proxy.openConnections()).toBe(1);
    } finally {
      await admin.end();
    }
  });
});
