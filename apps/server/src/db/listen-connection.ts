import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';

export interface ListenConnectionOptions {
  url: string;
  /** The channels LISTENed on, in this order, each time the connection is opened. */
  channels: readonly string[];
  /** What the log names it by ("change notices", "live calls"). */
  name: string;
  log: FastifyBaseLogger;
  onNotification(channel: string, payload: string): void;
  /** The connection is open and listening on every channel. */
  onListening?(): void;
  /** A connection (the listening one, or one still opening) was lost or could not open. */
  onLost?(): void;
  /** The pause before opening again; a second unless a test says otherwise. */
  retryMs?: number;
}

export interface ListenConnection {
  /** Resolves once the first connection was tried (listening, or failed and retrying). */
  readonly ready: Promise<void>;
  /** The connection that is listening now, if any. */
  current(): pg.Client | undefined;
  /** Says that `client` failed (a statement sent on it, say): it is closed and opened again. */
  lose(client: pg.Client, error: unknown, message: string): void;
  close(): Promise<void>;
}

/**
 * A LISTEN connection of its own, opened again `retryMs` after it drops, for as long as it is
 * not closed. At most one connection is open or opening at any moment: node-postgres reports a
 * connection lost under a statement twice (the statement fails, and the client emits `error`),
 * so a loss is taken once per client, and a retry is scheduled only when none is pending.
 * Counting each report as a loss started a second reconnecting loop at each one: while an
 * administrator's kill loop ran on a busy machine, the loops multiplied into dozens of
 * connections, and `close` (which knew only the last) left them open after the server stopped,
 * until PostgreSQL refused every new client.
 */
export function listenConnection(options: ListenConnectionOptions): ListenConnection {
  const retryMs = options.retryMs ?? 1000;
  const lostClients = new WeakSet<pg.Client>();
  let listening: pg.Client | undefined;
  let opening: pg.Client | undefined;
  let retry: NodeJS.Timeout | undefined;
  let closed = false;

  const reopenLater = () => {
    if (closed || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      attempt = open();
    }, retryMs);
  };

  const lose = (client: pg.Client, error: unknown, message: string) => {
    if (lostClients.has(client)) return;
    lostClients.add(client);
    if (!closed) options.log.warn({ err: error }, message);
    if (listening === client) listening = undefined;
    if (opening === client) opening = undefined;
    void client.end().catch(() => undefined);
    options.onLost?.();
    reopenLater();
  };

  // node-postgres never settles `connect()` for a client ended while it connects, so each
  // step of opening is raced against `close`.
  let abortOpening: (() => void) | undefined;
  const open = async () => {
    if (closed || listening || opening) return;
    const client = new pg.Client({ connectionString: options.url });
    opening = client;
    const closing = new Promise<never>((_resolve, reject) => {
      abortOpening = () => reject(new Error(`${options.name}: closed while connecting`));
    });
    client.on('notification', (message) =>
      options.onNotification(message.channel, message.payload ?? ''),
    );
    client.on('error', (error) =>
      lose(client, error, `${options.name}: the LISTEN connection failed; reconnecting`),
    );
    try {
      await Promise.race([client.connect(), closing]);
      for (const channel of options.channels) {
        await Promise.race([client.query(`listen ${channel}`), closing]);
      }
    } catch (error) {
      lose(client, error, `${options.name}: could not LISTEN; retrying`);
      return;
    } finally {
      abortOpening = undefined;
    }
    if (lostClients.has(client)) return;
    opening = undefined;
    listening = client;
    options.onListening?.();
  };
  let attempt: Promise<void> = open();
  const ready = attempt;

  return {
    ready,
    current: () => listening,
    lose,
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      retry = undefined;
      // One still opening is ended by its own attempt (as a loss), which settles at once.
      abortOpening?.();
      const current = listening;
      listening = undefined;
      await current?.end().catch(() => undefined);
      await attempt;
    },
  };
}
