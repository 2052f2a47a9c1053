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
  findContactsByKeys,
  insertImportChange,
  insertImportErrors,
  insertImportedContacts,
  readImportFile,
  setContactFields,
  writeImportProgress,
  type ImportCounts,
} from './import.repository';
import type { Mapping } from '@switchboard/shared/contact-imports';
import { openContactFile } from './parse-file';
import { DuplicateTracker, toContactRow, type ContactRow, type TrackResult } from './rows';

const MB = 1024 * 1024;
const FIELDS = ['name', 'phone', 'email', 'company', 'notes'] as const;

export type ContactImportJobOptions = {
  db: Db;
  driver: 'postgres' | 'pglite';
  log: FastifyBaseLogger;
  maxFileMb: number;
  maxUncompressedMb: number;
  /** Rows per batch (default 1000). */
  batchSize?: number;
  /** How often a started runner looks for queued imports (default 2 s). */
  pollMs?: number;
};

const isBlank = (value: string | null) => value === null || value === '';
const keysOf = (row: ContactRow) => [
  ...(row.phone === null ? [] : [`p:${row.phone}`]),
  ...(row.email === null ? [] : [`e:${row.email}`]),
];

/**
 * Writes one import's rows inside its transaction, a batch at a time. A person of the file
 * (rows merged by DuplicateTracker) becomes one contact: a new one, or an existing contact of
 * the business with the same phone or email, filled in only where it is blank.
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
  /** Person of the file → the contact written for it and what that contact now holds. */
  private readonly persons = new Map<number, { id: string; current: ContactRow }>();
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

  async flush() {
    await insertImportErrors(this.tx, this.importId, this.errors);
    this.errors = [];
    const states = [...this.pending.entries()];
    this.pending.clear();
    if (states.length === 0) return;

    const unknown = states.flatMap(([, s]) => keysOf(s)).filter((k) => !this.owners.has(k));
    const existing = await findContactsByKeys(
      this.tx,
      this.businessId,
      unknown.filter((k) => k.startsWith('p:')).map((k) => k.slice(2)),
      unknown.filter((k) => k.startsWith('e:')).map((k) => k.slice(2)),
    );
    const existingById = new Map(existing.map((c) => [c.id, c]));
    for (const contact of existing)
      for (const key of keysOf(contact)) this.owners.set(key, contact.id);

    const toInsert: { index: number; row: ContactRow }[] = [];
    for (const [index, state] of states) {
      const person = this.persons.get(index);
      if (person) {
        await this.fillBlanks(person, state);
        continue;
      }
      const ownerId = keysOf(state)
        .map((key) => this.owners.get(key))
        .find((id) => id !== undefined && !id.startsWith('new:'));
      if (ownerId !== undefined) {
        const found = existingById.get(ownerId);
        const current = found ? pickFields(found) : this.currentOf(ownerId);
        const matched = { id: ownerId, current };
        if (!this.created.has(ownerId)) {
          await insertImportChange(this.tx, this.importId, ownerId, current);
          this.counts.updatedCount += 1;
        }
        this.persons.set(index, matched);
        await this.fillBlanks(matched, state);
        continue;
      }
      // A key another person of this file already holds (a row that matched two people) is
      // left out rather than break the one-contact-per-phone rule.
      const row = { ...state };
      if (row.phone !== null && this.owners.has(`p:${row.phone}`)) row.phone = null;
      if (row.email !== null && this.owners.has(`e:${row.email}`)) row.email = null;
      for (const key of keysOf(row)) this.owners.set(key, `new:${index}`);
      toInsert.push({ index, row });
    }

    const ids = await insertImportedContacts(
      this.tx,
      this.businessId,
      this.importId,
      toInsert.map((i) => i.row),
    );
    toInsert.forEach(({ index, row }, i) => {
      const id = ids[i]!;
      this.created.add(id);
      this.persons.set(index, { id, current: row });
      for (const key of keysOf(row)) this.owners.set(key, id);
    });
    this.counts.createdCount += ids.length;
  }

  private currentOf(contactId: string): ContactRow {
    for (const person of this.persons.values()) if (person.id === contactId) return person.current;
    throw new Error(`contact ${contactId} of this import is not known`);
  }

  /** Fills the contact's blank fields from the person's merged values; never overwrites. */
  private async fillBlanks(person: { id: string; current: ContactRow }, state: ContactRow) {
    const changes: Partial<ContactRow> = {};
    for (const field of FIELDS) {
      const value = state[field];
      if (isBlank(value) || !isBlank(person.current[field])) continue;
      if (field === 'phone' || field === 'email') {
        const key = `${field === 'phone' ? 'p' : 'e'}:${value}`;
        const owner = this.owners.get(key);
        if (owner !== undefined && owner !== person.id) continue;
        this.owners.set(key, person.id);
      }
      changes[field] = value;
    }
    if (Object.keys(changes).length === 0) return;
    person.current = { ...person.current, ...changes };
    await setContactFields(this.tx, this.businessId, person.id, changes);
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
    const { maxFileMb, maxUncompressedMb, batchSize = 1000 } = this.options;
    const mapping = claimed.mapping as Mapping;
    // toContactRow reads national numbers in this region; a country libphonenumber does not
    // know leaves only international numbers valid.
    const region = (phoneRegionOf(claimed.country) ?? claimed.country) as CountryCode;
    const { rows } = await openContactFile(
      { buffer: file },
      { maxFileBytes: maxFileMb * MB, maxUncompressedBytes: maxUncompressedMb * MB },
    );
    const writer = new ImportWriter(tx, claimed.businessId, claimed.id);
    const tracker = new DuplicateTracker();
    let columnCount: number | undefined;
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
      if (writer.size >= batchSize) await this.afterBatch(writer, claimed.id);
    }
    await this.afterBatch(writer, claimed.id);
    return writer.counts;
  }

  private async afterBatch(writer: ImportWriter, importId: string) {
    await writer.flush();
    if (this.options.driver === 'postgres')
      await writeImportProgress(this.options.db, importId, writer.counts);
    await this.onBatch?.(importId, { ...writer.counts });
  }
}
