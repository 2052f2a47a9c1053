import { eq, notInArray, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { LOCK_KEYS, type Db, type Database } from '../db/client';
import { agents, syncState } from '../db/schema';
import { upsertCalls } from '../modules/calls/calls.repository';
import { toCallRecord, type CallRecord } from './call-record';
import { describePlatformError, type PlatformClient } from './platform-client';

export const CALL_SYNC_JOB = 'platform-calls';
/** The platform's maximum page size for GET /call. */
export const SYNC_PAGE_SIZE = 1000;
/**
 * How far behind the run's start the next incremental run begins. A call updated while a run is
 * paging may be missed by it; starting the next run a little earlier catches it (upserts are
 * idempotent, so reading a few calls twice costs nothing). Also absorbs clock skew.
 */
export const SYNC_OVERLAP_MS = 2 * 60_000;
const BACKOFF_BASE_MS = 5_000;

export type SyncStatus = typeof syncState.$inferSelect;

type Deps = {
  db: Db;
  /** One run per fleet: the run holds this advisory lock (decision 015). */
  tryWithLock: Database['tryWithLock'];
  platform: PlatformClient;
  log: FastifyBaseLogger;
  intervalMs: number;
};

type CallSummary = { id: string; createdAt: string };

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

  constructor(private readonly deps: Deps) {}

  /** Starts the schedule: a run now, then every interval; after a failure, back off and retry. */
  start() {
    this.stopped = false;
    this.schedule(0);
  }

  async stop() {
    this.stopped = true;
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
      return await this.save({
        status: 'idle',
        cursorUpdatedAt: cursor,
        lastFinishedAt: finishedAt,
        lastSuccessAt: finishedAt,
        lastError: null,
        consecutiveFailures: 0,
        nextRunAt: new Date(finishedAt.getTime() + this.deps.intervalMs),
      });
    } catch (error) {
      const reason = describePlatformError(error);
      const failures = (previous?.consecutiveFailures ?? 0) + 1;
      this.deps.log.warn({ err: error, failures }, `platform sync failed: ${reason}`);
      const finishedAt = new Date();
      return this.save({
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

  /** Assistants and their numbers: new ones appear unassigned; ones gone from the platform are marked removed. */
  private async syncAgents() {
    const { sdk } = this.deps.platform;
    const [assistants, phoneNumbers] = await Promise.all([
      sdk.assistants.list({ limit: 1000 }),
      sdk.phoneNumbers.list({ limit: 1000 }),
    ]);
    const numberByAssistant = new Map<string, { id: string; number: string | undefined }>();
    for (const phone of phoneNumbers) {
      const { assistantId, id } = phone as { assistantId?: string; id: string };
      const number = (phone as { number?: string }).number;
      if (assistantId && !numberByAssistant.has(assistantId))
        numberByAssistant.set(assistantId, { id, number });
    }
    const now = new Date();
    if (assistants.length > 0) {
      await this.deps.db
        .insert(agents)
        .values(
          assistants.map((assistant) => ({
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
    const present = assistants.map((a) => a.id);
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
   * Pages newest first with createdAtLe = the oldest createdAt seen so far, skipping the ids
   * already taken at that boundary, so calls sharing a timestamp across a page break are not lost.
   */
  private async syncCalls(cursor: Date | null): Promise<{ maxUpdatedAt: Date | null }> {
    const { sdk } = this.deps.platform;
    const fetchPage = (boundary: string | undefined) =>
      sdk.calls.list({
        limit: SYNC_PAGE_SIZE,
        ...(cursor ? { updatedAtGt: cursor.toISOString() } : {}),
        ...(boundary ? { createdAtLe: boundary } : {}),
      }) as unknown as Promise<CallSummary[]>;

    let boundary: string | undefined;
    let takenAtBoundary = new Set<string>();
    let maxUpdatedAt: Date | null = null;
    let rowsFetched = 0;
    let rowsWritten = 0;
    let pagesFetched = 0;
    let pending: Promise<CallSummary[]> | undefined = fetchPage(undefined);

    while (pending) {
      const page = await pending;
      pagesFetched += 1;
      const fresh = page.filter((call) => !takenAtBoundary.has(call.id));

      // The next page depends only on this one's oldest createdAt: ask for it now, so the
      // platform's answer travels while this page is written.
      const oldest = page.at(-1)?.createdAt;
      const more = page.length === SYNC_PAGE_SIZE && oldest !== undefined && fresh.length > 0;
      if (more) {
        const atOldest = page.filter((call) => call.createdAt === oldest).map((call) => call.id);
        takenAtBoundary = new Set(
          oldest === boundary ? [...takenAtBoundary, ...atOldest] : atOldest,
        );
        boundary = oldest;
        pending = fetchPage(boundary);
        // Handled when awaited on the next turn; this only keeps an early failure from being
        // reported as unhandled while the write below is still running.
        pending.catch(() => undefined);
      } else {
        pending = undefined;
      }

      const records: CallRecord[] = [];
      for (const call of fresh) {
        try {
          records.push(toCallRecord(call));
        } catch (error) {
          this.deps.log.warn(
            { err: error, callId: call.id },
            'skipped a call the platform sent in an unexpected shape',
          );
        }
      }
      rowsFetched += fresh.length;
      rowsWritten += await upsertCalls(this.deps.db, records);
      for (const record of records) {
        if (!maxUpdatedAt || record.updatedAt > maxUpdatedAt) maxUpdatedAt = record.updatedAt;
      }
      await this.save({ rowsFetched, rowsWritten, pagesFetched });
    }
    return { maxUpdatedAt };
  }
}

function earliest(a: Date | null, b: Date): Date | null {
  if (!a) return null;
  return a < b ? a : b;
}
