/**
 * The background part of a contact import: takes a queued import, streams the stored file and
 * writes its contacts. One import is one transaction, so an import is either written whole or
 * not at all (a crash, a bug or a lost database leaves nothing half-imported).
 *
 * Progress (rows processed, counts) is written outside that transaction after every batch so
 * the page can poll it — on PostgreSQL, through another pooled connection. PGlite has a single
 * connection that the transaction holds until it ends, so there the counts appear only at the
 * end (a PGlite install is a small one, and its imports are short).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { CountryCode } from 'libphonenumber-js';
import { contactImportMessages } from '@switchboard/shared/contact-imports';
import type { Db } from '../../../db/client';
import { phoneRegionOf } from '../phone';
import { ImportFileError } from './import-file-error';
import {
  claimContactImport,
  completeContactImport,
  failContactImport,
  failRunningContactImports,
  fillContactBlanks,
  findContactKeys,
  findContactsByIds,
  insertImportChanges,
  insertImportErrors,
  insertImportedContacts,
  readImportFile,
  writeImportProgress,
  type ImportCounts,
} from './import.repository';
import type { Mapping } from '@switchboard/shared/contact-imports';
import { openContactFile } from './parse-file';
import { timeOrderedId } from './time-ordered-id';
import { DuplicateTracker, toContactRow, type ContactRow, type TrackResult } from './rows';

const MB = 1024 * 1024;
const YIELD_EVERY = 250;
const yieldToEventLoop = () => new Promise((resolve) => setImmediate(resolve));
const FIELDS = ['name', 'phone', 'email', 'company', 'notes'] as const;

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
};

const isBlank = (value: string | null) => value === null || value === '';
const keysOf = (row: Pick<ContactRow, 'phone' | 'email'>) => [
  ...(row.phone === null ? [] : [`p:${row.phone}`]),
  ...(row.email === null ? [] : [`e:${row.email}`]),
];

/**
 * Writes one import's rows inside its transaction, a batch at a time. A person of the file
 * (rows merged by DuplicateTracker) becomes one contact: a new one, or an existing contact of
 * the business with the same phone or email, filled in only where it is blank.
 *
 * Each batch is a fixed handful of statements whatever its size: the failed rows, one lookup
 * of the existing contacts holding the batch's phones and emails, one multi-row insert of the
 * new contacts (their ids made here, so no row has to be matched back), one insert of the
 * before-images of the existing contacts first touched, one update filling blanks.
 */
class ImportWriter {
  readonly counts: ImportCounts = {
    processedRows: 0,
    createdCount: 0,
    updatedCount: 0,
    skippedCount: 0,
    failedCount: 0,
  };
  private readonly pending = new Map<number, ContactRow>();
  private errors: { line: number; reason: string; row: string[] }[] = [];
  /** Person of the file → the contact written for it. */
  private readonly persons = new Map<number, string>();
  /** What each contact this import has written or matched now holds. */
  private readonly current = new Map<string, ContactRow>();
  /** Which contact holds a phone ("p:…") or email ("e:…"): unique within a business. */
  private readonly owners = new Map<string, string>();
  private readonly created = new Set<string>();

  constructor(
    private readonly tx: Db,
    private readonly businessId: string,
    private readonly importId: string,
  ) {}

  get size() {
    return this.pending.size + this.errors.length;
  }

  fail(line: number, reason: string, row: string[]) {
    this.counts.failedCount += 1;
    this.errors.push({ line, reason, row });
  }

  add(tracked: TrackResult) {
    this.pending.set(tracked.index, tracked.contact);
  }

  /**
   * Writes the rows read so far. What it writes (and the counts it answers) is taken at once,
   * so the next rows can be read while this batch is being written.
   */
  flush(): Promise<ImportCounts> {
    const errors = this.errors;
    this.errors = [];
    const states = [...this.pending.entries()];
    this.pending.clear();
    const read = { ...this.counts };
    // Created and updated are known once the batch is written; the rest when it was read.
    return this.write(errors, states).then(() => ({
      ...read,
      createdCount: this.counts.createdCount,
      updatedCount: this.counts.updatedCount,
    }));
  }

  /**
   * Reads which contact holds each of the business's phone numbers and emails, once, before the
   * first batch (the transaction then sees its own writes; decision 012).
   */
  async loadExistingKeys() {
    for (const contact of await findContactKeys(this.tx, this.businessId))
      for (const key of keysOf(contact)) this.owners.set(key, contact.id);
  }

  private async write(
    errors: { line: number; reason: string; row: string[] }[],
    states: [number, ContactRow][],
  ) {
    const failed = insertImportErrors(this.tx, this.importId, errors);
    failed.catch(() => undefined); // awaited below
    if (states.length === 0) return failed;

    // The existing contacts this batch's new people match, read whole the first time one is
    // matched (for its before-image and its blank fields).
    const unread = new Set<string>();
    for (const [index, state] of states) {
      if (this.persons.has(index)) continue;
      for (const key of keysOf(state)) {
        const id = this.owners.get(key);
        if (id !== undefined && !this.created.has(id) && !this.current.has(id)) unread.add(id);
      }
    }
    const existing = await findContactsByIds(this.tx, this.businessId, [...unread]);
    for (const contact of existing) this.current.set(contact.id, pickFields(contact));

    const toInsert: (ContactRow & { id: string })[] = [];
    const before: { contactId: string; before: ContactRow }[] = [];
    /** Contact → the blank fields this batch fills (a field is filled once, never overwritten). */
    const fills = new Map<string, Partial<ContactRow>>();
    for (const [index, state] of states) {
      const personId = this.persons.get(index);
      if (personId !== undefined) {
        this.fillBlanks(personId, state, fills);
        continue;
      }
      // Only a contact that was there before the import takes a new person in; a key that
      // another person of this file holds stays with that person (see below).
      const ownerId = keysOf(state)
        .map((key) => this.owners.get(key))
        .find((id) => id !== undefined && !this.created.has(id));
      if (ownerId !== undefined) {
        if (!this.touched(ownerId)) {
          before.push({ contactId: ownerId, before: this.current.get(ownerId)! });
          this.counts.updatedCount += 1;
        }
        this.persons.set(index, ownerId);
        this.fillBlanks(ownerId, state, fills);
        continue;
      }
      // A key another person of this file already holds (a row that matched two people) is
      // left out rather than break the one-contact-per-phone rule.
      const row = { ...state };
      if (row.phone !== null && this.owners.has(`p:${row.phone}`)) row.phone = null;
      if (row.email !== null && this.owners.has(`e:${row.email}`)) row.email = null;
      const id = timeOrderedId();
      for (const key of keysOf(row)) this.owners.set(key, id);
      this.created.add(id);
      this.persons.set(index, id);
      this.current.set(id, row);
      toInsert.push({ id, ...row });
    }

    // Sent together: the connection runs them in this order while the next rows are read.
    const written = Promise.all([
      failed,
      insertImportedContacts(this.tx, this.businessId, this.importId, toInsert),
      insertImportChanges(this.tx, this.importId, before),
      fillContactBlanks(
        this.tx,
        this.businessId,
        [...fills].map(([id, fields]) => ({ id, ...fields })),
      ),
    ]);
    await written;
    this.counts.createdCount += toInsert.length;
  }

  /** Whether an existing contact was already matched by an earlier person of this import. */
  private readonly matched = new Set<string>();
  private touched(contactId: string): boolean {
    if (this.matched.has(contactId)) return true;
    this.matched.add(contactId);
    return false;
  }

  /** Fills the contact's blank fields from the person's merged values; never overwrites. */
  private fillBlanks(
    contactId: string,
    state: ContactRow,
    fills: Map<string, Partial<ContactRow>>,
  ) {
    const current = this.current.get(contactId)!;
    const changes: Partial<ContactRow> = {};
    for (const field of FIELDS) {
      const value = state[field];
      if (isBlank(value) || !isBlank(current[field])) continue;
      if (field === 'phone' || field === 'email') {
        const key = `${field === 'phone' ? 'p' : 'e'}:${value}`;
        const owner = this.owners.get(key);
        if (owner !== undefined && owner !== contactId) continue;
        this.owners.set(key, contactId);
      }
      changes[field] = value;
    }
    if (Object.keys(changes).length === 0) return;
    this.current.set(contactId, { ...current, ...changes });
    fills.set(contactId, { ...fills.get(contactId), ...changes });
  }
}

const pickFields = (c: ContactRow): ContactRow => ({
  name: c.name,
  phone: c.phone,
  email: c.email,
  company: c.company,
  notes: c.notes,
});

/** Runs queued imports in this process, one at a time. */
export class ContactImportJob {
  /**
   * Called inside the import's transaction after each batch is written; an error thrown here
   * fails the import like any other (the tests use it to stop an import half way).
   */
  onBatch: ((importId: string, counts: ImportCounts) => void | Promise<void>) | undefined;
  private timer: NodeJS.Timeout | undefined;
  private draining: Promise<void> | undefined;

  constructor(private readonly options: ContactImportJobOptions) {}

  /** Marks imports a stopped process left running as failed, then polls for queued ones. */
  async start() {
    const failed = await this.recoverInterrupted();
    if (failed > 0) this.options.log.warn({ failed }, 'interrupted contact imports marked failed');
    this.timer = setInterval(() => this.kick(), this.options.pollMs ?? 2000);
    this.timer.unref();
    this.kick();
  }

  async stop() {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.draining;
  }

  /** Looks for queued imports now (when started); does nothing if a run is under way. */
  kick() {
    if (this.timer === undefined || this.draining) return;
    this.draining = (async () => {
      try {
        while (this.timer !== undefined && (await this.runNext()) !== undefined);
      } catch (error) {
        this.options.log.error({ err: error }, 'contact import runner failed');
      } finally {
        this.draining = undefined;
      }
    })();
  }

  /**
   * Imports left 'running' are from a process that stopped mid-way; their transaction was
   * rolled back with it. Assumes one server process per database, as the runner is in-process.
   */
  recoverInterrupted(): Promise<number> {
    return failRunningContactImports(this.options.db, contactImportMessages.interrupted);
  }

  /** Runs the oldest queued import; answers its id, or undefined when none is queued. */
  async runNext(): Promise<string | undefined> {
    const claimed = await claimContactImport(this.options.db);
    if (!claimed) return undefined;
    await this.run(claimed);
    return claimed.id;
  }

  /** Runs this import if it is queued; false when it was not. */
  async runImport(importId: string): Promise<boolean> {
    const claimed = await claimContactImport(this.options.db, importId);
    if (!claimed) return false;
    await this.run(claimed);
    return true;
  }

  private async run(claimed: {
    id: string;
    businessId: string;
    mapping: unknown;
    country: string;
  }) {
    const { db, log } = this.options;
    try {
      const file = await readImportFile(db, claimed.id);
      if (!file) throw new Error('the uploaded file is no longer stored');
      const counts = await db.transaction((tx) => this.write(tx, claimed, file));
      await completeContactImport(db, claimed.id, counts);
    } catch (error) {
      log.error({ err: error, importId: claimed.id }, 'contact import failed');
      const message =
        error instanceof ImportFileError
          ? `${error.message} Nothing was imported.`
          : contactImportMessages.failed;
      await failContactImport(db, claimed.id, message);
    }
  }

  private async write(
    tx: Db,
    claimed: { id: string; businessId: string; mapping: unknown; country: string },
    file: Buffer,
  ): Promise<ImportCounts> {
    const { maxFileMb, maxUncompressedMb, batchSize = 2000 } = this.options;
    const mapping = claimed.mapping as Mapping;
    // toContactRow reads national numbers in this region; a country libphonenumber does not
    // know leaves only international numbers valid.
    const region = (phoneRegionOf(claimed.country) ?? claimed.country) as CountryCode;
    const { rows } = await openContactFile(
      { buffer: file },
      { maxFileBytes: maxFileMb * MB, maxUncompressedBytes: maxUncompressedMb * MB },
    );
    const writer = new ImportWriter(tx, claimed.businessId, claimed.id);
    await writer.loadExistingKeys();
    const tracker = new DuplicateTracker();
    // One batch is written while the next is read; never more than one in flight, so the
    // transaction's single connection sees the batches in order.
    let writing: Promise<void> | undefined;
    const nextBatch = async () => {
      await writing;
      const batch = this.afterBatch(writer, claimed.id);
      batch.catch(() => undefined); // awaited before the next batch or at the end
      writing = batch;
    };
    let columnCount: number | undefined;
    try {
      for await (const row of rows) {
        if (columnCount === undefined) {
          columnCount = row.cells.length;
          continue;
        }
        writer.counts.processedRows += 1;
        if (row.error !== undefined) {
          writer.fail(row.line, row.error, row.cells);
        } else {
          const result = toContactRow(row.cells, mapping, region, columnCount);
          if (result.ok === 'skip') writer.counts.skippedCount += 1;
          else if (result.ok === false) writer.fail(row.line, result.reason, row.cells);
          else writer.add(tracker.add(result.contact, row.line));
        }
        if (writer.size >= batchSize) await nextBatch();
        // Reading a file held in memory never waits for I/O: without this the database's
        // answers to the batch being written would wait until the next batch is read.
        else if (writer.counts.processedRows % YIELD_EVERY === 0) await yieldToEventLoop();
      }
      await nextBatch();
      await writing;
    } catch (error) {
      // Let a write under way end before the transaction is rolled back.
      await writing?.catch(() => undefined);
      throw error;
    }
    return writer.counts;
  }

  private async afterBatch(writer: ImportWriter, importId: string) {
    const counts = await writer.flush();
    // PGlite runs in this thread and answers without ever leaving the microtask queue, so
    // without this an import would hold the event loop (no I/O, not even a log line) until
    // it ends.
    await yieldToEventLoop();
    this.options.log.debug({ importId, ...counts }, 'contact import batch written');
    if (this.options.driver === 'postgres')
      await writeImportProgress(this.options.db, importId, counts);
    await this.onBatch?.(importId, counts);
  }
}
