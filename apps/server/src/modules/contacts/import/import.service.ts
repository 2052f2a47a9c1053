import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import {
  contactImportMessages,
  type ContactImport,
  type ContactImportList,
  type ContactImportListQuery,
  type ContactImportUpload,
} from '@switchboard/shared/contact-imports';
import { buildPaginationMeta, pageOffset } from '@switchboard/shared/pagination';
import type { Db } from '../../../db/client';
import { AppError } from '../../../lib/app-error';
import type { ContactBusiness } from '../contacts.service';
import {
  findContactImport,
  deleteUnstartedContactImports,
  findContactImportFile,
  findRememberedMapping,
  insertContactImport,
  listContactImports,
  listImportErrors,
  importOptionsOf,
  queueContactImport,
  undoContactImport,
  type ContactImportRecord,
  type ImportSource,
} from './import.repository';
import type { ImportProgress } from './import-job';
import {
  contactImportOptionsSchema,
  importMappingSchema,
  type ContactImportOptions,
} from '@switchboard/shared/contact-imports';
import { previewContactFile, type ContactFileOptions } from './parse-file';
import { checkPhoneCountries, headerKeyOf, suggestFlipNames } from './mapping';
import { encodeText, textEncodingOf } from './encode';
import { escapeFormulasCast } from '../../../lib/csv-formula';
import { phoneRegionOf } from '../phone';

const MB = 1024 * 1024;
const ERRORS_PAGE = 1000;

const PROBLEM_COLUMN = 'Problem';

/** The problem as the file says it: a warning names what was left out of an imported row. */
const problemText = (error: { line: number; reason: string; kind: string }) =>
  error.kind === 'warning'
    ? `Line ${error.line}: imported, but left out: ${error.reason}`
    : `Line ${error.line}: ${error.reason}`;

const importNotFound = () => new AppError('NOT_FOUND', contactImportMessages.notFound);

/**
 * About how many seconds a running import has left, at its pace so far (rows processed since
 * it started); null before it has a total and a first batch.
 */
export function secondsLeftOf(
  row: Pick<ContactImportRecord, 'status' | 'startedAt' | 'totalRows' | 'processedRows'>,
  now: number = Date.now(),
): number | null {
  if (row.status !== 'running' || row.startedAt === null || row.totalRows === null) return null;
  const elapsed = (now - row.startedAt.getTime()) / 1000;
  if (row.processedRows <= 0 || elapsed <= 0) return null;
  const left = Math.max(0, row.totalRows - row.processedRows);
  return Math.ceil((left * elapsed) / row.processedRows);
}

export function toContactImport(row: ContactImportRecord): ContactImport {
  return {
    id: row.id,
    fileName: row.fileName,
    fileType: row.fileType === 'xlsx' ? 'xlsx' : 'csv',
    fileSize: row.fileSize,
    status: row.status as ContactImport['status'],
    mapping: (row.mapping as Record<string, number> | null) ?? null,
    totalRows: row.totalRows,
    processedRows: row.processedRows,
    createdCount: row.createdCount,
    updatedCount: row.updatedCount,
    skippedCount: row.skippedCount,
    failedCount: row.failedCount,
    warningCount: row.warningCount,
    mergedCount: Math.max(
      0,
      row.processedRows - row.createdCount - row.updatedCount - row.skippedCount - row.failedCount,
    ),
    country: row.country,
    options: importOptionsOf(row.options),
    secondsLeft: secondsLeftOf(row),
    error: row.error,
    createdAt: row.createdAt.toISOString(),
    startedAt: row.startedAt?.toISOString() ?? null,
    finishedAt: row.finishedAt?.toISOString() ?? null,
    undoneAt: row.undoneAt?.toISOString() ?? null,
    undoKeptCount: row.undoKeptCount,
  };
}

/**
 * Contact imports of a business: upload and preview, commit with a mapping (the job does the
 * writing), history and progress, the failed rows as CSV, and undo.
 */
export class ContactImportsService {
  constructor(
    private readonly deps: {
      db: Db;
      limits: { maxFileMb: number; maxUncompressedMb: number };
      /** Wakes the job runner after a commit. */
      kick: () => void;
      /**
       * The counts of an import running in this process, the freshest there are. Its row has
       * them once it ends and, on PostgreSQL, every few seconds meanwhile (for other instances).
       */
      progressOf: (importId: string) => (ImportProgress & { startedAt?: Date }) | undefined;
    },
  ) {}

  /** The import as the API shows it: while it runs here, with the runner's counts. */
  present(row: ContactImportRecord): ContactImport {
    const progress = row.status === 'running' ? this.deps.progressOf(row.id) : undefined;
    return toContactImport(progress === undefined ? row : { ...row, ...progress });
  }

  private get fileOptions(): ContactFileOptions {
    return {
      maxFileBytes: this.deps.limits.maxFileMb * MB,
      maxUncompressedBytes: this.deps.limits.maxUncompressedMb * MB,
    };
  }

  /**
   * Checks and previews the file before storing it, so a refused file (ImportFileError, 413
   * or 422) leaves nothing behind. With a mapping, commits at once (the one-shot upload).
   */
  async upload(
    business: ContactBusiness,
    file: { name: string; data: Buffer },
    mapping?: unknown,
    options?: unknown,
  ): Promise<ContactImportUpload> {
    const preview = await previewContactFile({ buffer: file.data }, this.fileOptions);
    const parsedMapping =
      mapping === undefined ? undefined : this.checkMapping(mapping, preview.headers.length);
    const parsedOptions = options === undefined ? undefined : this.checkOptions(options);
    const headerKey = headerKeyOf(preview.headers);
    // A mapping committed before for the same columns wins over the guess, if it still fits.
    const remembered = await findRememberedMapping(this.deps.db, business.id, headerKey);
    const rememberedFits =
      remembered !== undefined &&
      importMappingSchema(preview.headers.length).safeParse(remembered.mapping).success;
    const suggestedMapping = rememberedFits ? remembered.mapping : preview.suggestedMapping;
    const defaultCountry = phoneRegionOf(business.country);
    let row = await insertContactImport(this.deps.db, business.id, {
      fileName: file.name,
      fileType: preview.type,
      fileSize: file.data.length,
      file: file.data,
      source: { headers: preview.headers, ...preview.format },
      headerKey,
    });
    if (parsedMapping !== undefined)
      row = await this.queue(
        business,
        row.id,
        parsedMapping,
        null,
        parsedOptions ?? {
          flipNames: suggestFlipNames(preview.scanned, parsedMapping),
          onMatch: 'update',
        },
      );
    return {
      import: this.present(row),
      preview: {
        headers: preview.headers,
        sample: preview.sample,
        suggestedMapping,
        mappingRemembered: rememberedFits,
        defaultCountry: defaultCountry ?? null,
        suggestedOptions: rememberedFits
          ? remembered.options
          : {
              flipNames: suggestFlipNames(preview.scanned, suggestedMapping),
              onMatch: 'update',
            },
        phoneCheck: checkPhoneCountries(preview.scanned, suggestedMapping, defaultCountry),
      },
    };
  }

  /** uploaded → queued with a mapping checked against the file's header. */
  async commit(
    business: ContactBusiness,
    importId: string,
    mapping: unknown,
    country?: string,
    options?: ContactImportOptions,
  ): Promise<ContactImport> {
    return this.present(await this.commitRow(business, importId, mapping, country, options));
  }

  /** The commit, answering the stored row (the start of a watch). */
  async commitRow(
    business: ContactBusiness,
    importId: string,
    mapping: unknown,
    country?: string,
    options?: ContactImportOptions,
  ): Promise<ContactImportRecord> {
    const row = await findContactImport(this.deps.db, business.id, importId);
    if (!row) throw importNotFound();
    if (row.status !== 'uploaded')
      throw new AppError('IMPORT_STARTED', contactImportMessages.notCommittable);
    const file = await findContactImportFile(this.deps.db, business.id, importId);
    if (!file) throw new AppError('IMPORT_STARTED', contactImportMessages.notCommittable);
    const preview = await previewContactFile({ buffer: file }, this.fileOptions);
    if (country !== undefined && phoneRegionOf(country) === undefined)
      throw new AppError('VALIDATION_ERROR', contactImportMessages.unknownCountry, {
        issues: [{ path: 'body.country', message: contactImportMessages.unknownCountry }],
      });
    const checked = this.checkMapping(mapping, preview.headers.length);
    return this.queue(
      business,
      importId,
      checked,
      country ?? null,
      // Left out: the file's own pattern, as the preview suggested.
      options ?? { flipNames: suggestFlipNames(preview.scanned, checked), onMatch: 'update' },
    );
  }

  /** Deletes an import that was never started (a preview the person does not want). */
  async remove(business: ContactBusiness, importId: string): Promise<void> {
    const row = await findContactImport(this.deps.db, business.id, importId);
    if (!row) throw importNotFound();
    const deleted = await deleteUnstartedContactImports(this.deps.db, {
      businessId: business.id,
      importId,
    });
    if (deleted === 0) throw new AppError('IMPORT_STARTED', contactImportMessages.notDeletable);
  }

  private checkMapping(mapping: unknown, columnCount: number): Record<string, number> {
    const parsed = importMappingSchema(columnCount).safeParse(mapping);
    if (parsed.success) return parsed.data;
    const issues = parsed.error.issues.map((issue) => ({
      path: ['body', 'mapping', ...issue.path.map(String)].join('.'),
      message: issue.message,
    }));
    throw new AppError('VALIDATION_ERROR', issues[0]?.message ?? 'Invalid mapping', {
      issues,
    });
  }

  private checkOptions(options: unknown): ContactImportOptions {
    const parsed = contactImportOptionsSchema.safeParse(options);
    if (parsed.success) return parsed.data;
    const issues = parsed.error.issues.map((issue) => ({
      path: ['body', 'options', ...issue.path.map(String)].join('.'),
      message: issue.message,
    }));
    throw new AppError('VALIDATION_ERROR', issues[0]?.message ?? 'Invalid options', {
      issues,
    });
  }

  private async queue(
    business: ContactBusiness,
    importId: string,
    mapping: Record<string, number>,
    country: string | null,
    options: ContactImportOptions,
  ) {
    if (!(await queueContactImport(this.deps.db, business.id, importId, mapping, country, options)))
      throw new AppError('IMPORT_STARTED', contactImportMessages.notCommittable);
    this.deps.kick();
    const row = await findContactImport(this.deps.db, business.id, importId);
    if (!row) throw importNotFound();
    return row;
  }

  /**
   * The import as it goes, for the commit's streamed answer: the row first, then a new one each
   * time its progress changes (looked at every `everyMs`), until it ends. While it runs in this
   * process the progress comes from memory, so this goes on when the database is busy with the
   * import (PGlite's only connection is the import's). It ends, too, once the import has been
   * waiting in the queue with no runner here for `queuedForMs` (another instance runs it, or
   * this one is stopping): the page then asks as it always does.
   */
  async *watch(
    business: ContactBusiness,
    importId: string,
    options: { from?: ContactImportRecord; everyMs?: number; queuedForMs?: number } = {},
  ): AsyncGenerator<ContactImport> {
    const { everyMs = 500, queuedForMs = 5000 } = options;
    // The committed row as the start: read now, the database may already be the import's.
    let stored = options.from ?? (await findContactImport(this.deps.db, business.id, importId));
    let last = '';
    const queuedAt = Date.now();
    while (stored) {
      const progress = this.deps.progressOf(importId);
      const current =
        progress === undefined
          ? this.present(stored)
          : toContactImport({ ...stored, status: 'running', ...progress });
      const seen = JSON.stringify([
        current.status,
        current.processedRows,
        current.totalRows,
        current.secondsLeft,
      ]);
      if (seen !== last) {
        last = seen;
        yield current;
      }
      if (current.status !== 'queued' && current.status !== 'running') return;
      const waited = Date.now() - queuedAt;
      if (progress === undefined && current.status === 'queued' && waited > queuedForMs) return;
      await new Promise((resolve) => setTimeout(resolve, everyMs));
      // Read again once it has run here (or runs elsewhere): not while it may be starting here,
      // as a read queued behind its transaction would wait until it ends.
      if (
        this.deps.progressOf(importId) === undefined &&
        (progress !== undefined || stored.status === 'running' || waited > queuedForMs / 2)
      ) {
        stored = await findContactImport(this.deps.db, business.id, importId);
      }
    }
  }

  async list(business: ContactBusiness, query: ContactImportListQuery): Promise<ContactImportList> {
    const { rows, total } = await listContactImports(this.deps.db, business.id, {
      limit: query.limit,
      offset: pageOffset(query.page, query.limit),
    });
    return {
      data: rows.map((row) => this.present(row)),
      meta: buildPaginationMeta(total, query.page, query.limit),
    };
  }

  async detail(business: ContactBusiness, importId: string): Promise<ContactImport> {
    const row = await findContactImport(this.deps.db, business.id, importId);
    if (!row) throw importNotFound();
    return this.present(row);
  }

  /**
   * The rows to fix, as a file that can be corrected and imported as it is: the original header
   * row and a "Problem" column, then each failed row (and each row imported with a value left
   * out) as it was read, in the source's delimiter and encoding (a workbook's as UTF-8 CSV).
   * Streamed a page at a time; cells a spreadsheet would run as a formula are escaped.
   */
  async errorsCsv(
    business: ContactBusiness,
    importId: string,
  ): Promise<{ csv: Readable; contentType: string }> {
    const row = await findContactImport(this.deps.db, business.id, importId);
    if (!row) throw importNotFound();
    const source = (row.source ?? null) as ImportSource | null;
    const db = this.deps.db;
    const headers = source?.headers ?? [];
    async function* records() {
      // An import from before the header was kept: the problem first, then the row as read.
      const known = headers.length > 0;
      yield known
        ? [...headers.map((header, i) => header || `Column ${i + 1}`), PROBLEM_COLUMN]
        : [PROBLEM_COLUMN];
      let after = 0;
      for (;;) {
        const page = await listImportErrors(db, importId, after, ERRORS_PAGE);
        for (const error of page) {
          const cells = Array.isArray(error.row) ? error.row.map(String) : [];
          if (!known) {
            yield [problemText(error), ...cells];
            continue;
          }
          // The problem goes after the header's last column, wherever the row's values end.
          while (cells.length < headers.length) cells.push('');
          yield [...cells, problemText(error)];
        }
        if (page.length < ERRORS_PAGE) return;
        after = page.at(-1)!.line;
      }
    }
    const encoding = textEncodingOf(source?.encoding);
    const csv = Readable.from(records()).pipe(
      stringify({
        delimiter: source?.delimiter ?? ',',
        record_delimiter: 'windows',
        cast: escapeFormulasCast,
      }),
    );
    return {
      csv: csv.pipe(encodeText(encoding)),
      contentType: `text/csv; charset=${encoding}`,
    };
  }

  /** Deletes the contacts the import created and restores the ones it changed, at once. */
  async undo(business: ContactBusiness, importId: string): Promise<ContactImport> {
    if (!(await findContactImport(this.deps.db, business.id, importId))) throw importNotFound();
    const undone = await this.deps.db.transaction((tx) =>
      undoContactImport(tx, business.id, importId),
    );
    if (!undone) throw new AppError('IMPORT_NOT_UNDOABLE', contactImportMessages.notUndoable);
    return this.detail(business, importId);
  }
}
