/**
 * The background part of a contact import: takes a queued import, streams the stored file and
 * writes its contacts. An import is either written whole or not at all (a crash, a bug or a lost
 * database leaves nothing half-imported): on PostgreSQL it is one transaction; on PGlite, whose
 * one connection that transaction would hold for the whole import, each batch is committed on
 * its own and a failed, stopped or interrupted import's batches are taken back (decision 074).
 *
 * A server that stops (SIGTERM, SIGINT) stops its import at the next batch, rolls it back and
 * queues it again, so the next start or another instance runs it from the stored file; an
 * import whose server died under it is queued again the same way when found, up to
 * MAX_IMPORT_INTERRUPTIONS deaths (decision 052).
 *
 * Progress (rows processed, counts) is kept in this process after every batch and shown by the
 * import's routes while it runs (`progressOf`). Writing it to the import's row after every batch
 * made every batch slower than the one before (decision 013), so on PostgreSQL it goes to the row
 * only with the lease's heartbeat, every few seconds: that is what other instances show.
 *
 * Several instances may share one PostgreSQL (decision 015): an instance claims an import under a
 * lease (its id and an expiry) and renews it while it runs; another instance fails a running
 * import only once its lease has run out, and the import is completed only by the instance that
 * still holds it. PGlite has one process per database, so there every import still running at
 * start is from a stopped process, and no heartbeat is needed (nor could run: the import's
 * transaction holds PGlite's only connection).
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { CountryCode } from 'libphonenumber-js';
import {
  contactImportMessages,
  UNSTARTED_IMPORT_TTL_HOURS,
} from '@switchboard/shared/contact-imports';
import type { Db } from '../../../db/client';
import { phoneRegionOf } from '../phone';
import { ImportFileError } from './import-file-error';
import {
  claimContactImport,
  completeContactImport,
  deleteUnstartedContactImports,
  failContactImport,
  fillContactBlanks,
  findContactKeys,
  importOptionsOf,
  findContactsByIds,
  insertImportChanges,
  insertImportErrors,
  insertImportedContacts,
  NOTHING_WRITTEN,
  readImportFile,
  readImportFileInSlices,
  recoverInterruptedContactImports,
  rollBackContactImportWrites,
  findRunningContactImports,
  releaseContactImport,
  renewContactImportLease,
  type ClaimedImport,
  type ImportCounts,
  type ImportLease,
  type NewContactColumns,
} from './import.repository';
import type { ContactImportOnMatch, Mapping } from '@switchboard/shared/contact-imports';
import { openContactFile } from './parse-file';
import { timeOrderedId } from './time-ordered-id';
import {
  CONTACT_ROW_FIELDS,
  DuplicateTracker,
  isBlank,
  toContactRow,
  extraFieldsOf,
  unionOthers,
  mergeExtraFields,
  type ContactRow,
  type TrackResult,
} from './rows';

const MB = 1024 * 1024;
const YIELD_EVERY = 100;
const BATCHES_IN_FLIGHT = 2;
/** On PGlite the stored upload is read 1 MB at a time (decision 074). */
const FILE_SLICE_BYTES = 1024 * 1024;
const yieldToEventLoop = () => new Promise((resolve) => setImmediate(resolve));

export type ContactImportJobOptions = {
  db: Db;
  driver: 'postgres' | 'pglite';
  log: FastifyBaseLogger;
  maxFileMb: number;
  maxUncompressedMb: number;
  /** Rows per batch (default 2000). */
  batchSize?: number;
  /** How often a started runner looks for queued imports (default 2 s). */
  pollMs?: number;
  /** How long a claim on a running import holds without renewal (default 30 s). */
  leaseMs?: number;
  /** How often a running import's lease is renewed, with its progress (default 5 s, or a third
   * of a shorter lease). */
  heartbeatMs?: number;
};

const DEFAULT_LEASE_MS = 30_000;
/** How often a runner looks for previews left unimported past their day. */
const EXPIRY_EVERY_MS = 10 * 60_000;
const DEFAULT_HEARTBEAT_MS = 5_000;
/**
 * An import whose server died under it this many times is failed rather than queued again: a
 * file that kills the server (memory, a bug) must not do so at every start.
 */
export const MAX_IMPORT_INTERRUPTIONS = 3;

/** This instance's lease on an import ran out and another instance failed it. */
class LeaseLostError extends Error {
  constructor(importId: string) {
    super(`the lease on contact import ${importId} was lost`);
    this.name = 'LeaseLostError';
  }
}

/** This instance is stopping: the import is rolled back and queued again for the next one. */
class ImportStoppedError extends Error {
  constructor(importId: string) {
    super(`contact import ${importId} stopped: the server is stopping`);
    this.name = 'ImportStoppedError';
  }
}

/** A running import's counts, and how many rows its file has (null: not known until read). */
export type ImportProgress = ImportCounts & { totalRows: number | null };

/** A contact an import has created or may match, as its writer knows it. */
type HeldContact = {
  id: string;
  /** Created by this import (otherwise it was there before). */
  created: boolean;
  /** What it holds now; undefined for an existing contact not read yet. */
  row: ContactRow | undefined;
  /** An existing contact a person of this import has matched (its before-image is taken). */
  matched: boolean;
};

/**
 * Writes one import's rows inside its transaction, a batch at a time. A person of the file
 * (rows merged by DuplicateTracker) becomes one contact: a new one, or an existing contact of
 * the business with the same phone or email, filled in only where it is blank.
 *
 * Each batch is a fixed handful of statements whatever its size: the failed rows, a read of
 * the existing contacts first matched (usually none), one multi-row insert of the new contacts
 * (their ids made here, so no row has to be matched back), one insert of the before-images of
 * the existing contacts first touched, one update filling blanks.
 *
 * It keeps one small object per contact (HeldContact), reached by phone, by email and by the
 * index of the person it was written for; a contact's row is the tracker's own merged object
 * when nothing had to be left out of it, not a copy.
 */
class ImportWriter {
  readonly counts: ImportCounts = { ...NOTHING_WRITTEN };
  /** Person index → the person's merged contact, for the people the next batch writes. */
  private readonly pending = new Map<number, ContactRow>();
  private errors: ImportProblem[] = [];
  /** Person of the file (by index) → the contact written for it, or SKIPPED. */
  private readonly persons: (HeldContact | typeof SKIPPED)[] = [];
  /** Which contact holds a phone, and an email: each unique within a business. */
  private readonly phoneOwners = new Map<string, HeldContact>();
  private readonly emailOwners = new Map<string, HeldContact>();
  /** Existing contacts not read yet: while there are any, a batch looks for them first. */
  private unreadExisting = 0;

  constructor(
    /**
     * The import's transaction; or, with `perBatch`, the database, each batch then written in
     * a transaction of its own (PGlite, decision 074).
     */
    private readonly tx: Db,
    private readonly perBatch: boolean,
    private readonly businessId: string,
    private readonly importId: string,
    /** What a person matching an existing contact does (ContactImportOnMatch). */
    private readonly onMatch: ContactImportOnMatch = 'update',
  ) {}

  get size() {
    return this.pending.size + this.errors.length;
  }

  fail(line: number, reason: string, row: string[]) {
    this.counts.failedCount += 1;
    this.errors.push({ line, reason, row, kind: 'failed' });
  }

  /** The row is imported, but these values of it were left out. */
  warn(line: number, warnings: string[], row: string[]) {
    this.counts.warningCount += 1;
    this.errors.push({ line, reason: warnings.join('; '), row, kind: 'warning' });
  }

  add(tracked: TrackResult) {
    this.pending.set(tracked.index, tracked.contact);
  }

  /**
   * Sends the rows read so far to the database. Answers once they are sent (which waits only
   * when existing contacts must be read first), with the counts up to here and the promise of
   * their being written, so the next rows can be read meanwhile.
   */
  async flush(): Promise<{ counts: ImportCounts; written: Promise<void> }> {
    const errors = this.errors;
    this.errors = [];
    const states = [...this.pending];
    this.pending.clear();
    const { written } = await this.send(errors, states);
    return { counts: { ...this.counts }, written };
  }

  /**
   * Runs the statements on the transaction's connection one after another, in the order given,
   * without waiting for them here (node-postgres is not to be handed a query while one runs).
   */
  private tail: Promise<unknown> = Promise.resolve();
  /** Settles once every statement handed to `run` so far has ended, whatever the outcome. */
  get settled(): Promise<unknown> {
    return this.tail;
  }
  private run<T>(statement: () => Promise<T>): Promise<T> {
    const result = this.tail.then(statement);
    this.tail = result.catch(() => undefined); // the caller gets the error
    return result;
  }

  /**
   * Reads which contact holds each of the business's phone numbers and emails, once, before the
   * first batch (the transaction then sees its own writes; decision 012).
   */
  async loadExistingKeys() {
    for (const contact of await findContactKeys(this.tx, this.businessId)) {
      const held: HeldContact = { id: contact.id, created: false, row: undefined, matched: false };
      if (contact.phone !== null) this.phoneOwners.set(contact.phone, held);
      if (contact.email !== null) this.emailOwners.set(contact.email, held);
      this.unreadExisting += 1;
    }
  }

  private async send(
    errors: ImportProblem[],
    states: [number, ContactRow][],
  ): Promise<{ written: Promise<void> }> {
    const failed = (db: Db) => insertImportErrors(db, this.importId, errors);
    if (states.length === 0) return { written: this.write([failed]) };

    // The existing contacts this batch's new people match, read whole the first time one is
    // matched (for its before-image and its blank fields).
    const unread = new Map<string, HeldContact>();
    for (const [index, state] of this.unreadExisting === 0 ? [] : states) {
      if (this.persons[index] !== undefined || this.onMatch !== 'update') continue;
      const byPhone = state.phone === null ? undefined : this.phoneOwners.get(state.phone);
      const byEmail = state.email === null ? undefined : this.emailOwners.get(state.email);
      if (byPhone?.row === undefined && byPhone !== undefined) unread.set(byPhone.id, byPhone);
      if (byEmail?.row === undefined && byEmail !== undefined) unread.set(byEmail.id, byEmail);
    }
    if (unread.size > 0) {
      const existing = await this.run(() =>
        findContactsByIds(this.tx, this.businessId, [...unread.keys()]),
      );
      for (const contact of existing) unread.get(contact.id)!.row = pickFields(contact);
      this.unreadExisting -= unread.size;
    }

    const toInsert: NewContactColumns = {
      id: [],
      name: [],
      phone: [],
      email: [],
      company: [],
      notes: [],
      fields: [],
      country: [],
      otherPhones: [],
      otherEmails: [],
    };
    const before: { contactId: string; before: ContactRow }[] = [];
    /** Contact → the blank fields this batch fills (a field is filled once, never overwritten). */
    const fills = new Map<HeldContact, Partial<ContactRow>>();
    for (const [index, state] of states) {
      const person = this.persons[index];
      if (person === SKIPPED) continue;
      if (person !== undefined) {
        this.fillBlanks(person, state, fills);
        continue;
      }
      // Only a contact that was there before the import takes a new person in (by phone, else
      // by email); a key that another person of this file holds stays with that person.
      const byPhone = state.phone === null ? undefined : this.phoneOwners.get(state.phone);
      const byEmail = state.email === null ? undefined : this.emailOwners.get(state.email);
      const owner =
        byPhone !== undefined && !byPhone.created
          ? byPhone
          : byEmail !== undefined && !byEmail.created
            ? byEmail
            : undefined;
      if (owner !== undefined && this.onMatch === 'skip') {
        // The existing contact stays as it is; the rest of this person's rows with it.
        this.persons[index] = SKIPPED;
        this.counts.skippedCount += 1;
        continue;
      }
      if (owner !== undefined && this.onMatch === 'update') {
        if (owner.row === undefined) throw new Error(`contact ${owner.id} is no longer there`);
        if (!owner.matched) {
          owner.matched = true;
          before.push({ contactId: owner.id, before: owner.row });
          this.counts.updatedCount += 1;
        }
        this.persons[index] = owner;
        this.fillBlanks(owner, state, fills);
        continue;
      }
      // A key another person of this file already holds (a row that matched two people) is
      // left out rather than break the one-contact-per-phone rule.
      // With `create`, a key an existing contact holds is listed among the new one's others,
      // and its first other number (address) nobody holds becomes its own.
      const creating = this.onMatch === 'create';
      const free = (list: string[], owners: Map<string, HeldContact>) =>
        creating ? (list.find((value) => !owners.has(value)) ?? null) : null;
      const phone = byPhone === undefined ? state.phone : free(state.otherPhones, this.phoneOwners);
      const email = byEmail === undefined ? state.email : free(state.otherEmails, this.emailOwners);
      const row =
        phone === state.phone && email === state.email
          ? state
          : {
              ...state,
              phone,
              email,
              otherPhones: creating
                ? unionOthers([], [state.phone, ...state.otherPhones], phone)
                : state.otherPhones,
              otherEmails: creating
                ? unionOthers([], [state.email, ...state.otherEmails], email)
                : state.otherEmails,
            };
      const held: HeldContact = { id: timeOrderedId(), created: true, row, matched: false };
      if (phone !== null) this.phoneOwners.set(phone, held);
      if (email !== null) this.emailOwners.set(email, held);
      this.persons[index] = held;
      toInsert.id.push(held.id);
      toInsert.name.push(row.name);
      toInsert.phone.push(phone);
      toInsert.email.push(email);
      toInsert.company.push(row.company);
      toInsert.notes.push(row.notes);
      toInsert.fields!.push(row.fields ?? null);
      toInsert.country.push(row.country);
      toInsert.otherPhones.push(row.otherPhones);
      toInsert.otherEmails.push(row.otherEmails);
    }

    this.counts.createdCount += toInsert.id.length;
    const fillRows = [...fills].map(([held, fields]) => ({ id: held.id, ...fields }));
    const written = this.write([
      failed,
      (db) => insertImportedContacts(db, this.businessId, this.importId, toInsert),
      (db) => insertImportChanges(db, this.importId, before),
      (db) => fillContactBlanks(db, this.businessId, fillRows),
    ]);
    return { written };
  }

  /**
   * Queues a batch's statements: on the import's transaction one after another, or (perBatch)
   * together in a transaction of their own, so a batch is committed whole or not at all and
   * other queries get PGlite's connection between two batches. Answers once they are written.
   */
  private write(statements: ((db: Db) => Promise<unknown>)[]): Promise<void> {
    const written = this.perBatch
      ? this.run(() =>
          this.tx.transaction(async (tx) => {
            for (const statement of statements) await statement(tx);
          }),
        )
      : Promise.all(statements.map((statement) => this.run(() => statement(this.tx))));
    const done = written.then(() => undefined);
    done.catch(() => undefined); // the caller awaits it
    return done;
  }

  /**
   * Fills the contact's blank fields from the person's merged values; never overwrites. The
   * person's numbers and addresses the contact does not have as its own are added to its
   * others.
   */
  private fillBlanks(
    held: HeldContact,
    state: ContactRow,
    fills: Map<HeldContact, Partial<ContactRow>>,
  ) {
    const current = held.row!;
    let changes: Partial<ContactRow> | undefined;
    for (const field of CONTACT_ROW_FIELDS) {
      const value = state[field];
      if (isBlank(value) || !isBlank(current[field])) continue;
      if (field === 'phone' || field === 'email') {
        const owners = field === 'phone' ? this.phoneOwners : this.emailOwners;
        const owner = owners.get(value);
        if (owner !== undefined && owner !== held) continue;
        owners.set(value, held);
      }
      (changes ??= {})[field] = value!;
    }
    const phone = changes?.phone ?? current.phone;
    const email = changes?.email ?? current.email;
    const otherPhones = unionOthers(
      current.otherPhones,
      [state.phone, ...state.otherPhones],
      phone,
    );
    const otherEmails = unionOthers(
      current.otherEmails,
      [state.email, ...state.otherEmails],
      email,
    );
    if (otherPhones !== current.otherPhones) (changes ??= {}).otherPhones = otherPhones;
    if (otherEmails !== current.otherEmails) (changes ??= {}).otherEmails = otherEmails;
    // Extra columns it has not got yet are added, the ones it has kept (decision 070).
    const fields = mergeExtraFields(current.fields, state.fields);
    if (fields !== undefined) (changes ??= {}).fields = fields;
    if (changes === undefined) return;
    held.row = { ...current, ...changes };
    fills.set(held, { ...fills.get(held), ...changes });
  }
}

type ImportProblem = { line: number; reason: string; row: string[]; kind: 'failed' | 'warning' };

const pickFields = (c: ContactRow): ContactRow => ({
  name: c.name,
  phone: c.phone,
  email: c.email,
  company: c.company,
  notes: c.notes,
  country: c.country,
  otherPhones: c.otherPhones,
  otherEmails: c.otherEmails,
  fields: c.fields ?? null,
});

/** A person of the file that matched an existing contact and is skipped (onMatch `skip`). */
const SKIPPED = 'skipped' as const;

/** Runs queued imports in this process, one at a time. */
export class ContactImportJob {
  /** Names this instance in the leases it takes. */
  readonly instanceId = randomUUID();
  /**
   * Called inside the import's transaction after each batch is written; an error thrown here
   * fails the import like any other (the tests use it to stop an import half way).
   */
  onBatch: ((importId: string, counts: ImportCounts) => void | Promise<void>) | undefined;
  private timer: NodeJS.Timeout | undefined;
  private draining: Promise<void> | undefined;
  /** The imports running in this process (through the poll or runImport). */
  private readonly runs = new Set<Promise<void>>();
  /** Set by stop(): a running import stops at its next batch and is queued again. */
  private stopping = false;
  /** The counts of the imports running here, after their last batch written, and of how many. */
  private readonly progress = new Map<string, ImportProgress>();
  /** When each import running here started (for the estimate of the time left). */
  private readonly startedAt = new Map<string, Date>();
  /** Imports whose lease this instance has lost: their next batch stops them. */
  private readonly lost = new Set<string>();
  private lastRecoveryAt = 0;
  private lastExpiryAt = 0;

  constructor(private readonly options: ContactImportJobOptions) {}

  private get lease(): ImportLease {
    return { owner: this.instanceId, ms: this.options.leaseMs ?? DEFAULT_LEASE_MS };
  }

  /** How far a running import has got; undefined when it is not running in this process. */
  progressOf(importId: string): (ImportProgress & { startedAt: Date }) | undefined {
    const counts = this.progress.get(importId);
    const startedAt = this.startedAt.get(importId);
    return counts && startedAt && { ...counts, startedAt };
  }

  /** Queues again the imports a dead process left running, then polls for queued ones. */
  async start() {
    this.stopping = false;
    await this.recover();
    this.timer = setInterval(() => this.kick(), this.options.pollMs ?? 2000);
    this.timer.unref();
    this.kick();
  }

  /**
   * Stops polling and hands back what runs here: each running import stops at its next batch,
   * is rolled back and queued again (decision 052). Answers once they are.
   */
  async stop() {
    clearInterval(this.timer);
    this.timer = undefined;
    this.stopping = true;
    try {
      await this.draining;
      await Promise.all(this.runs);
    } finally {
      this.stopping = false;
    }
  }

  /** Looks for queued imports now (when started); does nothing if a run is under way. */
  kick() {
    if (this.timer === undefined || this.draining) return;
    this.draining = (async () => {
      try {
        // On PostgreSQL another instance may stop mid-import at any time: look for expired
        // leases now and then (at most once per half lease).
        if (
          this.options.driver === 'postgres' &&
          Date.now() - this.lastRecoveryAt >= this.lease.ms / 2
        ) {
          await this.recover();
        }
        if (Date.now() - this.lastExpiryAt >= EXPIRY_EVERY_MS) await this.expireUnstarted();
        while (this.timer !== undefined && (await this.runNext()) !== undefined);
      } catch (error) {
        this.options.log.error({ err: error }, 'contact import runner failed');
      } finally {
        this.draining = undefined;
      }
    })();
  }

  /**
   * Queues again the imports a dead process left running (their transaction was rolled back
   * with it), or fails one that died MAX_IMPORT_INTERRUPTIONS times: on PGlite every running one
   * (one process per database), on PostgreSQL those whose lease has run out (an instance that
   * still renews its lease is running it).
   */
  async recoverInterrupted(): Promise<{ queued: number; failed: number }> {
    this.lastRecoveryAt = Date.now();
    // On PGlite the dead process's batches were committed: taken back first (decision 074).
    if (this.perBatch)
      for (const running of await findRunningContactImports(this.options.db))
        await this.rollBack(running);
    return recoverInterruptedContactImports(this.options.db, {
      which: this.options.driver === 'pglite' ? 'all' : 'expired',
      maxInterruptions: MAX_IMPORT_INTERRUPTIONS,
      message: contactImportMessages.interrupted,
    });
  }

  /**
   * Deletes the previews nobody imported within a day, with their stored files (any instance
   * may; deleting twice deletes nothing). Answers how many.
   */
  async expireUnstarted(now = new Date()): Promise<number> {
    this.lastExpiryAt = Date.now();
    const expired = await deleteUnstartedContactImports(this.options.db, {
      olderThan: new Date(now.getTime() - UNSTARTED_IMPORT_TTL_HOURS * 3_600_000),
    });
    if (expired > 0) this.options.log.info({ expired }, 'unstarted contact imports deleted');
    return expired;
  }

  private async recover() {
    const { queued, failed } = await this.recoverInterrupted();
    if (queued > 0) this.options.log.warn({ queued }, 'interrupted contact imports queued again');
    if (failed > 0)
      this.options.log.warn({ failed }, 'contact imports interrupted too often marked failed');
  }

  /** Runs the oldest queued import; answers its id, or undefined when none is queued. */
  async runNext(): Promise<string | undefined> {
    const claimed = await claimContactImport(this.options.db, this.lease);
    if (!claimed) return undefined;
    await this.run(claimed);
    return claimed.id;
  }

  /** Runs this import if it is queued; false when it was not. */
  async runImport(importId: string): Promise<boolean> {
    const claimed = await claimContactImport(this.options.db, this.lease, importId);
    if (!claimed) return false;
    await this.run(claimed);
    return true;
  }

  private run(claimed: ClaimedImport): Promise<void> {
    const running = this.runClaimed(claimed);
    this.runs.add(running);
    return running.finally(() => this.runs.delete(running));
  }

  private async runClaimed(claimed: ClaimedImport) {
    const { db, log } = this.options;
    this.progress.set(claimed.id, { ...NOTHING_WRITTEN, totalRows: null });
    this.startedAt.set(claimed.id, new Date());
    const heartbeat = this.holdLease(claimed.id);
    const perBatch = this.perBatch;
    try {
      const file = perBatch
        ? await readImportFileInSlices(db, claimed.id, FILE_SLICE_BYTES, yieldToEventLoop)
        : await readImportFile(db, claimed.id);
      if (!file) throw new Error('the uploaded file is no longer stored');
      // What a stopped run of it committed on PGlite (usually nothing).
      if (perBatch) await this.rollBack(claimed);
      const writeAndComplete = async (tx: Db) => {
        const counts = await this.write(tx, perBatch, claimed, file);
        await heartbeat.stop();
        const done = await completeContactImport(
          tx,
          claimed.id,
          this.instanceId,
          counts,
          contactImportMessages.allFailed,
        );
        if (!done) {
          throw new LeaseLostError(claimed.id);
        }
      };
      if (perBatch) await writeAndComplete(db);
      else await db.transaction(writeAndComplete);
    } catch (error) {
      await heartbeat.stop();
      // Batches committed one by one are taken back before the import is failed; should this
      // fail or the process die, the import stays running and recovery takes them back. A
      // stopping server hands the import back at once (the shutdown has a grace period) and its
      // next run takes them back first (decision 074).
      if (perBatch && !(error instanceof ImportStoppedError)) {
        try {
          await this.rollBack(claimed);
        } catch (rollBackError) {
          log.error(
            { err: rollBackError, cause: error, importId: claimed.id },
            'contact import not rolled back; the next start will',
          );
          return;
        }
      }
      if (error instanceof LeaseLostError || this.lost.has(claimed.id)) {
        // Another instance has failed it already; the rollback left nothing of it.
        log.warn({ importId: claimed.id }, 'contact import stopped: its lease was lost');
      } else if (error instanceof ImportStoppedError) {
        // Rolled back: the next start or another instance runs it again from the stored file.
        const queued = await releaseContactImport(db, claimed.id, this.instanceId);
        log.info({ importId: claimed.id, queued }, 'contact import queued again: server stopping');
      } else {
        log.error({ err: error, importId: claimed.id }, 'contact import failed');
        const message =
          error instanceof ImportFileError
            ? `${error.message} Nothing was imported.`
            : contactImportMessages.failed;
        await failContactImport(db, claimed.id, this.instanceId, message);
      }
    } finally {
      await heartbeat.stop();
      this.progress.delete(claimed.id);
      this.startedAt.delete(claimed.id);
      this.lost.delete(claimed.id);
    }
  }

  /**
   * On PostgreSQL, renews the import's lease every few seconds and stores its progress with it
   * (one cheap update, not one per batch: decision 013). A renewal that finds the import no
   * longer held marks it lost, and its next batch stops it.
   */
  private holdLease(importId: string): { stop: () => Promise<void> } {
    if (this.options.driver !== 'postgres') return { stop: async () => undefined };
    const { db, log } = this.options;
    let renewing: Promise<void> = Promise.resolve();
    const every = this.options.heartbeatMs ?? Math.min(DEFAULT_HEARTBEAT_MS, this.lease.ms / 3);
    const timer = setInterval(() => {
      const progress = this.progress.get(importId);
      if (!progress) return;
      renewing = renewContactImportLease(db, importId, this.lease, progress).then(
        (held) => {
          if (!held) this.lost.add(importId);
        },
        (error: unknown) => {
          // The next renewal tries again; the lease covers a few missed ones.
          log.warn({ err: error, importId }, 'contact import lease not renewed');
        },
      );
    }, every);
    timer.unref();
    return {
      stop: async () => {
        clearInterval(timer);
        await renewing;
      },
    };
  }

  /**
   * Whether each batch is committed on its own (PGlite, decision 074): PGlite has one
   * connection, and an import in one transaction held it from its first row to its last, so
   * every other request waited (53 s for 100,000 rows). On PostgreSQL the import keeps its one
   * transaction: other requests have connections of their own.
   */
  private get perBatch() {
    return this.options.driver === 'pglite';
  }

  /** Takes back an import's committed batches, a chunk at a time (decision 074). */
  private async rollBack(claimed: { id: string; businessId: string }) {
    const started = Date.now();
    const { deleted, restored } = await rollBackContactImportWrites(
      this.options.db,
      claimed.businessId,
      claimed.id,
      { chunk: this.options.batchSize ?? 2000, between: yieldToEventLoop },
    );
    if (deleted > 0 || restored > 0)
      this.options.log.info(
        { importId: claimed.id, deleted, restored, ms: Date.now() - started },
        'contact import rolled back',
      );
  }

  private async write(
    tx: Db,
    perBatch: boolean,
    claimed: ClaimedImport,
    file: Buffer,
  ): Promise<ImportCounts> {
    const { maxFileMb, maxUncompressedMb, batchSize = 2000 } = this.options;
    const mapping = claimed.mapping as Mapping;
    const { flipNames, onMatch } = importOptionsOf(claimed.options);
    // toContactRow reads national numbers in this region; a country libphonenumber does not
    // know leaves only international numbers valid.
    const region = (phoneRegionOf(claimed.country) ?? claimed.country) as CountryCode;
    const { rows, countRows } = await openContactFile(
      { buffer: file },
      { maxFileBytes: maxFileMb * MB, maxUncompressedBytes: maxUncompressedMb * MB },
    );
    // Of how many rows, for the progress bar (a CSV file is counted first: ~1% of the import).
    const totalRows = (await countRows?.()) ?? null;
    this.progress.set(claimed.id, { ...this.progress.get(claimed.id)!, totalRows });
    const writer = new ImportWriter(tx, perBatch, claimed.businessId, claimed.id, onMatch);
    await writer.loadExistingKeys();
    const tracker = new DuplicateTracker();
    // A batch is sent while the rows of the next are read, and that one may be sent before the
    // first is written: the database always has the next statements waiting. The connection
    // runs them in order, so at most two batches are held (and nothing reads ahead further).
    const inFlight: Promise<void>[] = [];
    let reported: Promise<void> = Promise.resolve();
    const nextBatch = async () => {
      if (inFlight.length === BATCHES_IN_FLIGHT) await inFlight.shift();
      const { counts, written } = await writer.flush();
      const previous = reported;
      // Progress is reported batch after batch, once the batch is written.
      reported = Promise.all([written, previous]).then(() =>
        this.afterBatch(claimed.id, { ...counts, totalRows }),
      );
      reported.catch(() => undefined); // awaited through inFlight or at the end
      inFlight.push(reported);
    };
    let columnCount: number | undefined;
    let headers: string[] = [];
    try {
      for await (const row of rows) {
        if (columnCount === undefined) {
          columnCount = row.cells.length;
          headers = row.cells;
          continue;
        }
        writer.counts.processedRows += 1;
        if (row.error !== undefined) {
          writer.fail(row.line, row.error, row.cells);
        } else {
          const result = toContactRow(row.cells, mapping, region, columnCount, { flipNames });
          if (result.ok === 'skip') writer.counts.skippedCount += 1;
          else if (result.ok === false) writer.fail(row.line, result.reason, row.cells);
          else {
            if (result.warnings.length > 0) writer.warn(row.line, result.warnings, row.cells);
            const fields = extraFieldsOf(headers, row.cells, mapping);
            const contact = fields ? { ...result.contact, fields } : result.contact;
            writer.add(tracker.add(contact, row.line));
          }
        }
        if (writer.size >= batchSize) await nextBatch();
        // Reading a file held in memory never waits for I/O: without this the database's
        // answers (and so the next statements) would wait until the whole batch is read.
        else if (writer.counts.processedRows % YIELD_EVERY === 0) await yieldToEventLoop();
      }
      await nextBatch();
      await Promise.all(inFlight);
    } catch (error) {
      // Every statement sent must have ended before the transaction is rolled back: one still
      // queued would run after it, outside it, on a connection back in the pool.
      await writer.settled;
      await Promise.allSettled(inFlight);
      throw error;
    }
    return writer.counts;
  }

  private async afterBatch(importId: string, counts: ImportProgress) {
    // PGlite runs in this thread and answers without ever leaving the microtask queue, so
    // without this an import would hold the event loop (no I/O, not even a log line) until
    // it ends.
    await yieldToEventLoop();
    this.options.log.debug({ importId, ...counts }, 'contact import batch written');
    if (this.lost.has(importId)) throw new LeaseLostError(importId);
    if (this.stopping) throw new ImportStoppedError(importId);
    this.progress.set(importId, counts);
    await this.onBatch?.(importId, counts);
  }
}
