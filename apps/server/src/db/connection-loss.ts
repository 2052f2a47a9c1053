import type pg from 'pg';
import { isConnectionLoss } from './errors';

/** A statement that only reads: retrying it cannot apply a change twice. */
const PLAIN_SELECT = /^\s*select\b/i;

function statementText(query: unknown): string | undefined {
  if (typeof query === 'string') return query;
  if (query && typeof query === 'object' && 'text' in query && typeof query.text === 'string')
    return query.text;
  return undefined;
}

/** How long the pool keeps trying to open fresh connections after a loss (the database restarting). */
const REFILL_ATTEMPTS_MS = [0, 250, 500, 1000, 2000, 4000, 8000, 15_000];

/**
 * Makes a lost connection an error of the statements that used it, never of the process, and
 * gets the pool back to working connections at once. node-postgres emits `error` on a client
 * whose socket ends; the pool listens only while a client is idle, so a connection lost under a
 * transaction (checked out) would be an uncaught exception that stops the server. Its
 * statements fail anyway ("Connection terminated unexpectedly", then "not queryable"), and the
 * pool drops the client when it is released with that error.
 *
 * A connection is rarely lost alone: a failover, a restart or an administrator's
 * `pg_terminate_backend` ends all of them, but each idle one is noticed only when its own
 * socket says so, and a request that takes one first fails, its retry too (the retry would take
 * the next dead one). So the first loss seen (an `error` on a client, a statement failing with a
 * connection loss, a client released with one) marks every connection opened before it as
 * suspect: the pool hands out no suspect connection again (it is closed on the way out and the
 * next one taken, a new one opened when none is left), and the pool is refilled with as many
 * fresh connections in the background, retried while the database is still coming back
 * (`REFILL_ATTEMPTS_MS`), so the requests after a loss do not each wait for a connection to be
 * opened. Reads are retried once (below), on a fresh connection.
 */
export function survivePoolConnectionLoss(pool: pg.Pool) {
  const live = new Set<pg.PoolClient>();
  const suspect = new WeakSet<pg.PoolClient>();
  let refilling = false;

  const takeFresh = connectFreshOnly(pool, suspect);

  const refill = (count: number) => {
    if (refilling || pool.ending) return;
    refilling = true;
    const attempt = (index: number) => {
      const opened = Array.from({ length: count }, () =>
        takeFresh().then((client) => client.release()),
      );
      void Promise.allSettled(opened).then((results) => {
        const failed = results.some((result) => result.status === 'rejected');
        const next = REFILL_ATTEMPTS_MS[index + 1];
        if (!failed || next === undefined || pool.ending) {
          refilling = false;
          return;
        }
        setTimeout(() => attempt(index + 1), next).unref();
      });
    };
    attempt(0);
  };

  // A loss on a connection already suspect is not news (each dead connection of one loss says
  // so in turn); only one opened since the last loss marks the others again.
  const lost = (client: pg.PoolClient | undefined) => {
    if (!client || suspect.has(client)) return;
    let count = 0;
    for (const other of live) {
      if (!suspect.has(other)) count += 1;
      suspect.add(other);
    }
    refill(Math.min(count, pool.options.max));
  };

  pool.on('error', (_error, client) => lost(client));
  pool.on('connect', (client) => {
    live.add(client);
    client.on('error', () => lost(client));
    watchStatements(client, (error) => {
      if (isConnectionLoss(error)) lost(client);
    });
  });
  pool.on('remove', (client) => live.delete(client));
  pool.on('release', (error, client) => {
    if (isConnectionLoss(error)) lost(client);
  });
  return retryReadsOnConnectionLoss(pool);
}

/**
 * `pool.connect` (and with it `pool.query`, which calls it) that never hands out a suspect
 * client: each is closed and the next taken. Both of node-postgres's styles are kept (a promise,
 * or a callback given the client and its release).
 */
function connectFreshOnly(pool: pg.Pool, suspect: WeakSet<pg.PoolClient>) {
  const connect = pool.connect.bind(pool) as () => Promise<pg.PoolClient>;
  const takeFresh = async (): Promise<pg.PoolClient> => {
    for (;;) {
      const client = await connect();
      if (!suspect.has(client)) return client;
      client.release(true);
    }
  };
  type Done = (release?: Error | boolean) => void;
  type Callback = (error: Error | undefined, client?: pg.PoolClient, done?: Done) => void;
  const fresh = (callback?: Callback) => {
    if (!callback) return takeFresh();
    takeFresh().then(
      (client) => callback(undefined, client, (release) => client.release(release)),
      (error: Error) => callback(error, undefined, () => undefined),
    );
    return undefined;
  };
  pool.connect = fresh as typeof pool.connect;
  return takeFresh;
}

/**
 * Tells `watch` about every failed statement of a client taken for a transaction (Drizzle runs
 * them as promises on the client); `pool.query`'s statements are seen at their release.
 */
function watchStatements(client: pg.PoolClient, watch: (error: unknown) => void) {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const result = query(...args);
    if (result instanceof Promise) result.then(undefined, watch);
    return result;
  }) as typeof client.query;
}

/**
 * Makes the pool retry a read once when its connection is lost under it (a backend terminated
 * by a failover or `pg_terminate_backend`, a reset socket): `pool.query` takes a fresh
 * connection each time, and node-postgres gives back no rows when a query fails, so the retry
 * cannot double anything. Only plain `select` statements sent on the pool itself are retried —
 * a transaction's statements go through its own client (`pool.connect()`), never through here,
 * and writes are never repeated. Other failures, and a second loss, reach the caller (the error
 * handler then answers 503 with Retry-After).
 */
export function retryReadsOnConnectionLoss(pool: pg.Pool) {
  const query = pool.query.bind(pool) as (...args: unknown[]) => unknown;
  const retrying = (...args: unknown[]) => {
    const callback = args.some((arg) => typeof arg === 'function');
    const text = statementText(args[0]);
    // Callback style (not used by Drizzle) and anything but a plain select go straight through.
    if (callback || text === undefined || !PLAIN_SELECT.test(text)) return query(...args);
    return (query(...args) as Promise<unknown>).catch((error: unknown) => {
      if (!isConnectionLoss(error)) throw error;
      return query(...args);
    });
  };
  pool.query = retrying as typeof pool.query;
  return pool;
}
