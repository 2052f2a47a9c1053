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
  findContactImportFile,
  insertContactImport,
  listContactImports,
  listImportErrors,
  queueContactImport,
  undoContactImport,
  type ContactImportRecord,
} from './import.repository';
import type { ImportProgress } from './import-job';
import { importMappingSchema } from '@switchboard/shared/contact-imports';
import { previewContactFile, type ContactFileOptions } from './parse-file';

const MB = 1024 * 1024;
const ERRORS_PAGE = 1000;

const importNotFound = () => new AppError('NOT_FOUND', 404, contactImportMessages.notFound);

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
      progressOf: (importId: string) => ImportProgress | undefined;
    },
  ) {}

  /** The import as the API shows it: while it runs here, with the runner's counts. */
  private present(row: ContactImportRecord): ContactImport {
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
  ): Promise<ContactImportUpload> {
    const preview = await previewContactFile({ buffer: file.data }, this.fileOptions);
    const parsedMapping =
      mapping === undefined ? undefined : this.checkMapping(mapping, preview.headers.length);
    let row = await insertContactImport(this.deps.db, business.id, {
      fileName: file.name,
      fileType: preview.type,
      fileSize: file.data.length,
      file: file.data,
    });
    if (parsedMapping !== undefined) row = await this.queue(business, row.id, parsedMapping);
    return {
      import: this.present(row),
      preview: {
        headers: preview.headers,
        sample: preview.sample,
        suggestedMapping: preview.suggestedMapping,
      },
    };
  }

  /** uploaded → queued with a mapping checked against the file's header. */
  async commit(business: ContactBusiness, importId: string, mapping: unknown) {
    const row = await findContactImport(this.deps.db, business.id, importId);
    if (!row) throw importNotFound();
    if (row.status !== 'uploaded')
      throw new AppError('IMPORT_STARTED', 409, contactImportMessages.notCommittable);
    const file = await findContactImportFile(this.deps.db, business.id, importId);
    if (!file) throw new AppError('IMPORT_STARTED', 409, contactImportMessages.notCommittable);
    const preview = await previewContactFile({ buffer: file }, this.fileOptions);
    return this.present(
      await this.queue(business, importId, this.checkMapping(mapping, preview.headers.length)),
    );
  }

  private checkMapping(mapping: unknown, columnCount: number): Record<string, number> {
    const parsed = importMappingSchema(columnCount).safeParse(mapping);
    if (parsed.success) return parsed.data;
    const issues = parsed.error.issues.map((issue) => ({
      path: ['body', 'mapping', ...issue.path.map(String)].join('.'),
      message: issue.message,
    }));
    throw new AppError('VALIDATION_ERROR', 400, issues[0]?.message ?? 'Invalid mapping', {
      issues,
    });
  }

  private async queue(
    business: ContactBusiness,
    importId: string,
    mapping: Record<string, number>,
  ) {
    if (!(await queueContactImport(this.deps.db, business.id, importId, mapping)))
      throw new AppError('IMPORT_STARTED', 409, contactImportMessages.notCommittable);
    this.deps.kick();
    const row = await findContactImport(this.deps.db, business.id, importId);
    if (!row) throw importNotFound();
    return row;
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
   * The failed rows as CSV: line, reason, then the row's cells as read. Streamed a page at a
   * time; cells a spreadsheet would run as a formula are escaped.
   */
  async errorsCsv(business: ContactBusiness, importId: string): Promise<Readable> {
    if (!(await findContactImport(this.deps.db, business.id, importId))) throw importNotFound();
    const db = this.deps.db;
    async function* records() {
      yield ['Line', 'Reason', 'Row'];
      let after = 0;
      for (;;) {
        const page = await listImportErrors(db, importId, after, ERRORS_PAGE);
        for (const error of page) {
          const cells = Array.isArray(error.row) ? error.row.map(String) : [];
          yield [String(error.line), error.reason, ...cells];
        }
        if (page.length < ERRORS_PAGE) return;
        after = page.at(-1)!.line;
      }
    }
    return Readable.from(records()).pipe(stringify({ escape_formulas: true, bom: true }));
  }

  /** Deletes the contacts the import created and restores the ones it changed, at once. */
  async undo(business: ContactBusiness, importId: string): Promise<ContactImport> {
    if (!(await findContactImport(this.deps.db, business.id, importId))) throw importNotFound();
    const undone = await this.deps.db.transaction((tx) =>
      undoContactImport(tx, business.id, importId),
    );
    if (!undone) throw new AppError('IMPORT_NOT_UNDOABLE', 409, contactImportMessages.notUndoable);
    return this.detail(business, importId);
  }
}
