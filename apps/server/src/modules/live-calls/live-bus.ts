import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { listenConnection } from '../../db/listen-connection';

// Live calls on several instances (decision 059): a change to a call in progress (a webhook that
// reached any instance, a control done on any instance) is announced on PostgreSQL's
// LISTEN/NOTIFY channel `live_calls` as `{businessId, callId}`; every instance listening hears
// it and pushes the call as it now is (read from the database) to its own browsers of that
// business. The embedded PGlite has one process, so an in-process emitter does it there.

export const LIVE_CHANNEL = 'live_calls';

/** A call in progress changed: who should hear about it. */
export type LiveChange = { businessId: string | null; callId: string };

export interface LiveBus {
  /** Resolves once this instance hears announcements (its LISTEN is in place). */
  ready: Promise<void>;
  /**
   * PostgreSQL's channel, when the bus is NOTIFY: a statement that changes a call can announce
   * the change itself (liveNotifySql) instead of a publish after it, a round trip less.
   */
  notifyChannel?: string;
  publish(change: LiveChange): Promise<void>;
  subscribe(listener: (change: LiveChange) => void): () => void;
  close(): Promise<void>;
}

/**
 * Announcements as SQL text for a statement's CTE (PostgreSQL's bus), one for each row of
 * `rows` (a relation): `channel` a text parameter (null: nothing is sent), `businessId` and
 * `callId` SQL expressions over a row.
 */
export function liveNotifySql(
  channel: string,
  rows: string,
  businessId: string,
  callId: string,
): string {
  return `select pg_notify(${channel}::text,
      json_build_object('businessId', ${businessId}, 'callId', ${callId})::text)
    from ${rows}
    where ${channel}::text is not null`;
}

function parseChange(payload: string | undefined): LiveChange | undefined {
  try {
    const value = JSON.parse(payload ?? '') as Partial<LiveChange>;
    if (typeof value.callId !== 'string') return undefined;
    return {
      callId: value.callId,
      businessId: typeof value.businessId === 'string' ? value.businessId : null,
    };
  } catch {
    return undefined;
  }
}

/** One process: an emitter. */
export function inProcessBus(): LiveBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  return {
    ready: Promise.resolve(),
    publish: async (change) => {
      emitter.emit('change', change);
    },
    subscribe: (listener) => {
      emitter.on('change', listener);
      return () => emitter.off('change', listener);
    },
    close: async () => {
      emitter.removeAllListeners();
    },
  };
}

/**
 * PostgreSQL: NOTIFY through the pool; LISTEN on a connection of its own, opened again (after a
 * second) when it drops (`listenConnection`). A change announced while it was down is not
 * replayed: the browsers read the whole list again when their stream reconnects.
 */
export function postgresBus(url: string, db: Db, log: FastifyBaseLogger): LiveBus {
  const emitter = new EventEmitter();
  emitter.setMaxListeners(0);
  const connection = listenConnection({
    url,
    log,
    name: 'live calls',
    channels: [LIVE_CHANNEL],
    onNotification(_channel, payload) {
      const change = parseChange(payload);
      if (change) emitter.emit('change', change);
    },
  });

  return {
    ready: connection.ready,
    notifyChannel: LIVE_CHANNEL,
    publish: async (change) => {
      await db.execute(sql`select pg_notify(${LIVE_CHANNEL}, ${JSON.stringify(change)})`);
    },
    subscribe: (listener) => {
      emitter.on('change', listener);
      return () => emitter.off('change', listener);
    },
    close: async () => {
      await connection.close();
      emitter.removeAllListeners();
    },
  };
}
