import { eq, notInArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { LOCK_KEYS, type Db, type Database } from '../../db/client';
import { agents, syncState } from '../../db/schema';
import { ingestCalls } from '../call-ingest/call-ingest.service';
import { toCallRecord, type CallRecord } from '../../platform/call-record';
import { CreatedAtPager, type PageWindow } from '../../platform/created-at-pager';
import { fetchFailedMessage } from '@switchboard/shared/fetch-errors';
import { describePlatformError, type PlatformClient } from '../../platform/platform-client';

export const CALL_SYNC_JOB = 'platform-calls';
/**
 * Rows per list request (the platform allows up to 1000). A call with its transcript, messages
 * and analysis can weigh 50 KB: 1000 of them are 50 MB, which a slow link cannot carry within the
 * client's 30 s timeout; 100 are 5 MB (decision 025 has the figures).
 */
export const SYNC_PAGE_SIZE = 100;
/**
 * How far behind the run's start the next incremental run begins. A call updated while a run is
 * paging may be missed by it; starting the next run a little earlier catches it (upserts are
 * idempotent, so reading a few calls twice costs nothing). Also absorbs clock skew.
 */
export const SYNC_OVERLAP_MS = 2 * 60_000;
const BACKOFF_BASE_MS = 5_000;
/**
 * A run's progress (pages and calls so far) is saved after its first page, then at most this
 * often, and with the run's end: a save is a statement of its own (~3 ms in PGlite, where the
 * first sync's 60 pages spent ~0.2 s of CPU on them, issue 36 target 5).
 */
export const PROGRESS_SAVE_MS = 500;

export type SyncStatus = typeof syncState.$inferSelect;

type Deps = {
  db: Db;
  /** One run per fleet: the run holds this advisory lock (decision 015). */
  tryWithLock: Database['tryWithLock'];
  platform: PlatformClient;
  log: FastifyBaseLogger;
  intervalMs: number;
  /** Rows per list request (default SYNC_PAGE_SIZE). */
  pageSize?: number;
};

type Listed = { id: string; createdAt: string };

/**
 * A listing the run could not read from the platform. Its message is the seed's failure text
 * for that listing ("Failed to fetch calls: <reason>", "Failed to fetch agents: <reason>"), so
 * the sync state, the log and the Refresh button all say which fetch failed and why.
 */
export class SyncFetchError extends Error {
  constructor(what: 'agents' | 'calls', cause: unknown) {
    super(fetchFailedMessage(what, describePlatformError(cause)), { cause });
    this.name = 'SyncFetchError';
  }
}

/**
 * The server is shutting down: the run stops between two pages. What it wrote stays (upserts
 * are idempotent) and the cursor does not move, so the next run reads from the same point.
 */
class SyncInterrupted extends Error {
  constructor(readonly pagesFetched: number) {
    super('platform sync stopped for the shutdown');
    this.name = 'SyncInterrupted';
  }
}

/** Runs a platform read; a failure becomes the seed's "Failed to fetch <what>: <reason>". */
async function fetching<T>(what: 'agents' | 'calls', read: () => Promise<T>): Promise<T> {
  try {
    return await read();
  } catch (error) {
    throw new SyncFetchError(what, error);
  }
}

/**
 * Copies the platform's assistants and calls into our store. The platform sends webhooks
 * without retries, so this is what makes the store complete: a full backfill the first time,
 * then incremental runs by updatedAt on a timer and on demand. Progress and the last error are
 * kept in sync_state, readable through the API.
 *
 * Every instance of a fleet has this schedule, but a run holds an advisory lock for its whole
 * length: an instance that does not get it skips that run and writes nothing, so sync_state
 * only ever describes the one run under way (or the last one).
 */
export class CallSync {
  private running: Promise<SyncStatus> | undefined;
  private timer: NodeJS.Timeout | undefined;
  private stopped = true;
  /** Set by stop(): a run under way ends after the page it is on. */
  private stopping = false;
  /** The run under way's counts, saved with its progress and with its end. */
  private progress = { rowsFetched: 0, rowsWritten: 0, pagesFetched: 0 };
  private firstRunEnded!: () => void;
  private readonly firstRun = new Promise<void>((resolve) => {
    this.firstRunEnded = resolve;
  });

  constructor(private readonly deps: Deps) {}

  /**
   * Settles when this process's first run has ended, whatever its outcome (a shutdown's too):
   * for what should wait until the store holds the platform's history (the demo burst).
   */
  afterFirstRun(): Promise<void> {
    return this.firstRun;
  }

  /** Starts the schedule: a run now, then every interval; after a failure, back off and retry. */
  start() {
    this.stopped = false;
    this.stopping = false;
    this.schedule(0);
  }

  /** Stops the schedule and a run under way (after its current page), and waits for it. */
  async stop() {
    this.stopped = true;
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running?.catch(() => undefined);
  }

  /**
   * Runs now, or joins the run in progress here; when another instance is running it, answers
   * the state that run keeps. Never rejects: failures are recorded in the state.
   */
  runNow(): Promise<SyncStatus> {
    this.running ??= this.runOnce().finally(() => {
      this.running = undefined;
      this.firstRunEnded();
    });
    return this.running;
  }

  private async runOnce(): Promise<SyncStatus> {
    try {
      const outcome = await this.deps.tryWithLock(LOCK_KEYS.callSync, () => this.run());
      if (outcome.locked) return outcome.value;
      this.deps.log.debug('platform sync skipped: another instance is running it');
      return (await this.status()) ?? this.notSaved('running', null);
    } catch (error) {
      // No connection for the lock (the database is down): nothing could be recorded either.
      const reason = error instanceof Error ? error.message : String(error);
      this.deps.log.warn({ err: error }, `platform sync not started: ${reason}`);
      return this.notSaved('failed', reason);
    }
  }

  /** A state for a run that could not be recorded in sync_state. */
  private notSaved(status: 'running' | 'failed', lastError: string | null): SyncStatus {
    return {
      job: CALL_SYNC_JOB,
      status,
      cursorUpdatedAt: null,
      lastStartedAt: null,
      lastFinishedAt: null,
      lastSuccessAt: null,
      lastError,
      consecutiveFailures: status === 'failed' ? 1 : 0,
      nextRunAt: null,
      rowsFetched: 0,
      rowsWritten: 0,
      pagesFetched: 0,
      updatedAt: new Date(),
    };
  }

  get isRunning() {
    return this.running !== undefined;
  }

  async status(): Promise<SyncStatus | undefined> {
    const [row] = await this.deps.db
      .select()
      .from(syncState)
      .where(eq(syncState.job, CALL_SYNC_JOB));
    return row;
  }

  private schedule(delayMs: number) {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      void this.runNow().then((state) => {
        const delay =
          state.status === 'failed'
            ? Math.min(
                this.deps.intervalMs,
                BACKOFF_BASE_MS * 2 ** Math.max(0, state.consecutiveFailures - 1),
              )
            : this.deps.intervalMs;
        this.schedule(delay);
      });
    }, delayMs);
    this.timer.unref();
  }

  private async save(values: Partial<typeof syncState.$inferInsert>): Promise<SyncStatus> {
    const [row] = await this.deps.db
      .insert(syncState)
      .values({ job: CALL_SYNC_JOB, ...values, updatedAt: new Date() })
      .onConflictDoUpdate({ target: syncState.job, set: { ...values, updatedAt: new Date() } })
      .returning();
    if (!row) throw new Error('sync state was not saved');
    return row;
  }

  private async run(): Promise<SyncStatus> {
    const startedAt = new Date();
    const previous = await this.status();
    this.progress = { rowsFetched: 0, rowsWritten: 0, pagesFetched: 0 };
    await this.save({
      status: 'running',
      lastStartedAt: startedAt,
      rowsFetched: 0,
      rowsWritten: 0,
      pagesFetched: 0,
    });
    try {
      await this.syncAgents();
      const { maxUpdatedAt } = await this.syncCalls(previous?.cursorUpdatedAt ?? null);
      const cursor =
        earliest(maxUpdatedAt, new Date(startedAt.getTime() - SYNC_OVERLAP_MS)) ??
        previous?.cursorUpdatedAt ??
        null;
      const finishedAt = new Date();
      const saved = await this.save({
        ...this.progress,
        status: 'idle',
        cursorUpdatedAt: cursor,
        lastFinishedAt: finishedAt,
        lastSuccessAt: finishedAt,
        lastError: null,
        consecutiveFailures: 0,
        nextRunAt: new Date(finishedAt.getTime() + this.deps.intervalMs),
      });
      collectAfterLargeSync(saved.rowsWritten);
      return saved;
    } catch (error) {
      if (error instanceof SyncInterrupted) {
        this.deps.log.info(
          `platform sync stopped for the shutdown after ${error.pagesFetched} page(s) of calls; the next run reads from the same point`,
        );
        return this.save({
          ...this.progress,
          status: 'idle',
          lastFinishedAt: new Date(),
          nextRunAt: null,
        }).catch(() => ({ ...(previous as SyncStatus), status: 'idle' as const }));
      }
      const reason = error instanceof SyncFetchError ? error.message : describePlatformError(error);
      const failures = (previous?.consecutiveFailures ?? 0) + 1;
      this.deps.log.warn({ err: error, failures }, `platform sync failed: ${reason}`);
      const finishedAt = new Date();
      return this.save({
        ...this.progress,
        status: 'failed',
        lastFinishedAt: finishedAt,
        lastError: reason,
        consecutiveFailures: failures,
        nextRunAt: new Date(
          finishedAt.getTime() +
            Math.min(this.deps.intervalMs, BACKOFF_BASE_MS * 2 ** (failures - 1)),
        ),
      }).catch(() => ({
        ...(previous as SyncStatus),
        status: 'failed',
        lastError: reason,
        consecutiveFailures: failures,
      }));
    }
  }

  private get pageSize() {
    return this.deps.pageSize ?? SYNC_PAGE_SIZE;
  }

  /** Every row of a list, paged to its end; `complete` is false when a part could not be read. */
  private async listAll<T extends Listed>(
    fetchPage: (window: PageWindow, limit: number) => Promise<T[]>,
  ): Promise<{ rows: T[]; complete: boolean }> {
    const pager = new CreatedAtPager(fetchPage, this.pageSize);
    const rows: T[] = [];
    for await (const page of pager.pages()) rows.push(...page);
    return { rows, complete: !pager.truncated };
  }

  /**
   * Assistants and their numbers: new ones appear unassigned; ones gone from the platform are
   * marked removed, but only after both lists were read to their end (a failed request throws
   * before anything is marked, and a truncated listing marks nothing).
   */
  private async syncAgents() {
    const { sdk } = this.deps.platform;
    const [assistants, phoneNumbers] = await fetching('agents', () =>
      Promise.all([
        this.listAll(
          (window, limit) =>
            sdk.assistants.list({ limit, ...window }) as unknown as Promise<
              { id: string; createdAt: string; name?: string }[]
            >,
        ),
        this.listAll(
          (window, limit) =>
            sdk.phoneNumbers.list({ limit, ...window }) as unknown as Promise<
              { id: string; createdAt: string; assistantId?: string; number?: string }[]
            >,
        ),
      ]),
    );
    const numberByAssistant = new Map<string, { id: string; number: string | undefined }>();
    for (const phone of phoneNumbers.rows) {
      const { assistantId, id, number } = phone;
      if (assistantId && !numberByAssistant.has(assistantId))
        numberByAssistant.set(assistantId, { id, number });
    }
    const now = new Date();
    // Chunks keep each statement well under the database's limit of bound parameters.
    for (let start = 0; start < assistants.rows.length; start += 1000) {
      await this.deps.db
        .insert(agents)
        .values(
          assistants.rows.slice(start, start + 1000).map((assistant) => ({
            platformAssistantId: assistant.id,
            name: assistant.name ?? '',
            phoneNumber: numberByAssistant.get(assistant.id)?.number ?? null,
            phoneNumberId: numberByAssistant.get(assistant.id)?.id ?? null,
            updatedAt: now,
          })),
        )
        .onConflictDoUpdate({
          target: agents.platformAssistantId,
          set: {
            name: sql`excluded.name`,
            phoneNumber: sql`excluded.phone_number`,
            phoneNumberId: sql`excluded.phone_number_id`,
            removedAt: sql`null`,
            updatedAt: now,
          },
        });
    }
    if (!assistants.complete || !phoneNumbers.complete) {
      this.deps.log.warn(
        'platform sync: a listing of assistants or phone numbers could not be read to its end (more share one createdAt than a page holds); none is marked removed this run',
      );
      return;
    }
    const present = assistants.rows.map((a) => a.id);
    await this.deps.db
      .update(agents)
      .set({ removedAt: now, updatedAt: now })
      .where(
        present.length > 0
          ? sql`${agents.removedAt} is null and ${notInArray(agents.platformAssistantId, present)}`
          : sql`${agents.removedAt} is null`,
      );
  }

  /**
   * Pages the calls updated since the cursor by createdAt windows (created-at-pager.ts), so it
   * reads every call once whichever order the platform answers in.
   */
  private async syncCalls(cursor: Date | null): Promise<{ maxUpdatedAt: Date | null }> {
    const { sdk } = this.deps.platform;
    const pager = new CreatedAtPager(
      (window, limit) =>
        fetching('calls', () =>
          sdk.calls.list({
            limit,
            ...(cursor ? { updatedAtGt: cursor.toISOString() } : {}),
            ...window,
          }),
        ),
      this.pageSize,
    );
    let maxUpdatedAt: Date | null = null;
    const progress = this.progress;
    let savedAt = 0;
    for await (const page of pager.pages()) {
      progress.pagesFetched += 1;
      const records: CallRecord[] = [];
      for (const call of page) {
        try {
          records.push(toCallRecord(call));
        } catch (error) {
          this.deps.log.warn(
            { err: error, callId: call.id },
            'skipped a call the platform sent in an unexpected shape',
          );
        }
      }
      progress.rowsFetched += page.length;
      progress.rowsWritten += await ingestCalls(this.deps.db, records);
      for (const record of records) {
        if (!maxUpdatedAt || record.updatedAt > maxUpdatedAt) maxUpdatedAt = record.updatedAt;
      }
      if (this.stopping) throw new SyncInterrupted(progress.pagesFetched);
      if (progress.pagesFetched === 1 || performance.now() - savedAt >= PROGRESS_SAVE_MS) {
        await this.save({ ...progress });
        savedAt = performance.now();
      }
    }
    if (pager.truncated) {
      this.deps.log.warn(
        'platform sync: more calls share one createdAt than a page holds; some of them were not read',
      );
    }
    return { maxUpdatedAt };
  }
}

/**
 * After a sync that wrote many calls (the first one: thousands), one full garbage collection
 * when the process allows it (`npm start` runs the server with `--expose-gc`): the pages' garbage
 * otherwise keeps V8's heap hundreds of MB above what is live until it next collects by itself,
 * and the embedded default's RSS with it (issue 36 target 5, bench/README.md "Embedded
 * default"). It holds the event loop once, for a fraction of a second.
 */
function collectAfterLargeSync(rowsWritten: number) {
  if (rowsWritten >= LARGE_SYNC_ROWS) (globalThis as { gc?: () => void }).gc?.();
}
const LARGE_SYNC_ROWS = 1000;

function earliest(a: Date | null, b: Date): Date | null {
  if (!a) return null;
  return a < b ? a : b;
}
