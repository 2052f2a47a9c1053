import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { listenConnection } from './listen-connection';

// What this instance holds in process (sessions, answer stamps) is dropped when PostgreSQL
// announces that it changed (decision 081). Migration 0037's triggers send the notices in the
// transaction of the change, so every writer (any instance, a job, a script) announces without
// knowing; they reach every listening instance right after the commit.

/** The channels migration 0037's triggers notify on. */
export const CHANGE_CHANNELS = ['answer_versions', 'session_changes'] as const;
export type ChangeChannel = (typeof CHANGE_CHANNELS)[number];

/** The channel of the markers `settled()` sends to itself. */
const SETTLE_CHANNEL = 'change_notices_settle';

/** The longest `settled()` waits for its marker; past it the held copies are dropped. */
const SETTLE_TIMEOUT_MS = 2000;

export interface ChangeNotices {
  /** Resolves once the first LISTEN was tried (in place, or failed and retrying). */
  readonly ready: Promise<void>;
  /**
   * Whether this instance hears every change now: its LISTEN is in place and has not dropped
   * since `generation` last changed. Caches hold nothing while it is false.
   */
  readonly listening: boolean;
  /**
   * Changes whenever the connection is lost or regained: a value read before a database read
   * and still the same after it means no notice could have been missed in between (the
   * notices themselves reach the holders through `on`).
   */
  readonly generation: number;
  /** `listener(payload)` for each notice on `channel`. */
  on(channel: ChangeChannel, listener: (payload: string) => void): void;
  /**
   * Runs `channel`'s listeners here with `payload`, as if the notice had come: for a change
   * this instance just made and must not wait for (`*`: everything of the channel).
   */
  heardHere(channel: ChangeChannel, payload: string): void;
  /** `listener()` when everything held must go (the connection was lost, or regained). */
  onReset(listener: () => void): void;
  /**
   * Resolves once every notice committed before the call has been heard here: a marker sent
   * to itself comes back after them (PostgreSQL delivers notices in commit order). A request
   * that changed something waits for it before answering, so this instance's next request
   * sees the change.
   */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/** No notices (PGlite, one process): nothing may be held. */
export const noChangeNotices: ChangeNotices = {
  ready: Promise.resolve(),
  listening: false,
  generation: 0,
  on: () => undefined,
  heardHere: () => undefined,
  onReset: () => undefined,
  settled: async () => undefined,
  close: async () => undefined,
};

/**
 * PostgreSQL: LISTEN on a connection of its own, opened again (after a second) when it drops
 * (`listenConnection`); while it is down `listening` is false and what was held is dropped, so
 * nothing is served from a copy no notice could have reached.
 */
export function postgresChangeNotices(url: string, log: FastifyBaseLogger): ChangeNotices {
  const listeners = new Map<string, ((payload: string) => void)[]>();
  const resets: (() => void)[] = [];
  const waiting = new Map<string, () => void>();

  const state = { listening: false, generation: 0 };
  const reset = () => {
    state.generation += 1;
    for (const listener of resets) listener();
  };
  const connection = listenConnection({
    url,
    log,
    name: 'change notices',
    channels: [...CHANGE_CHANNELS, SETTLE_CHANNEL],
    onNotification(channel, payload) {
      if (channel === SETTLE_CHANNEL) {
        waiting.get(payload)?.();
        waiting.delete(payload);
        return;
      }
      for (const listener of listeners.get(channel) ?? []) listener(payload);
    },
    onListening() {
      // Whatever was held before is dropped: notices sent while no one listened are gone.
      reset();
      state.listening = true;
    },
    onLost() {
      if (state.listening) {
        state.listening = false;
        reset();
      }
      for (const done of waiting.values()) done();
      waiting.clear();
    },
  });
  const { ready } = connection;
  let closed = false;

  return {
    ready,
    get listening() {
      return state.listening && !closed;
    },
    get generation() {
      return state.generation;
    },
    on(channel, listener) {
      listeners.set(channel, [...(listeners.get(channel) ?? []), listener]);
    },
    heardHere(channel, payload) {
      for (const listener of listeners.get(channel) ?? []) listener(payload);
    },
    onReset(listener) {
      resets.push(listener);
    },
    async settled() {
      const current = connection.current();
      if (!current || !state.listening) return;
      const marker = randomUUID();
      const heard = new Promise<void>((resolve) => waiting.set(marker, resolve));
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<'late'>((resolve) => {
        timer = setTimeout(() => resolve('late'), SETTLE_TIMEOUT_MS);
      });
      try {
        await current.query('select pg_notify($1, $2)', [SETTLE_CHANNEL, marker]);
        if ((await Promise.race([heard, late])) === 'late') {
          log.warn('change notices: a marker did not come back in time; dropping what is held');
          reset();
        }
      } catch (error) {
        connection.lose(current, error, 'change notices: could not send a marker; reconnecting');
      } finally {
        clearTimeout(timer);
        waiting.delete(marker);
      }
    },
    async close() {
      closed = true;
      state.listening = false;
      await connection.close();
    },
  };
}
