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

/**
 * Makes a lost connection an error of the statements that used it, never of the process, and
 * retries reads once (below). node-postgres emits `error` on a client whose socket ends; the
 * pool listens only while a client is idle, so a connection lost under a transaction (checked
 * out) would be an uncaught exception that stops the server. Its statements fail anyway
 * ("Connection terminated unexpectedly", then "not queryable"), and the pool drops the client
 * when it is released with that error.
 */
export function survivePoolConnectionLoss(pool: pg.Pool) {
  pool.on('error', () => undefined);
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
  return retryReadsOnConnectionLoss(pool);
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
