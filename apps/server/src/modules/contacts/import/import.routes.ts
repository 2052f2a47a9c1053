import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  contactImportCommitSchema,
  contactImportListQuerySchema,
  contactImportListSchema,
  contactImportMessages,
  contactImportSchema,
  contactImportUploadSchema,
} from '@switchboard/shared/contact-imports';
import { AppError } from '../../../lib/app-error';
import { cleanText } from '../../../lib/control-characters';
import { businessOf } from '../../../http/business';
import { IMPORT_MESSAGES, ImportFileError } from './import-file-error';
import type { ContactImportsService } from './import.service';
import { errorResponses } from '../../../http/error-responses';
import { hasErrorCode } from '../../../http/multipart';
import { sendCsv } from '../../../http/csv';
import { idParams as params, routeGroup } from '../../../http/routes';

const isTooLarge = (error: unknown) =>
  hasErrorCode(error, 'FST_REQ_FILE_TOO_LARGE', 'FST_ERR_CTP_BODY_TOO_LARGE');

/**
 * Reads the form: the one `file` field into memory (capped by @fastify/multipart's fileSize
 * limit, whose own error becomes the import's "larger than" message), and the optional
 * `mapping` (JSON) and `commit` fields.
 */
async function readUpload(request: FastifyRequest, maxFileMb: number) {
  let file: { name: string; data: Buffer } | undefined;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        // A name is only shown back; a control character in it is dropped, like in the cells.
        if (part.fieldname === 'file' && file === undefined)
          file = { name: cleanText(part.filename), data };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (isTooLarge(error))
      throw new ImportFileError('tooLarge', IMPORT_MESSAGES.tooLarge(maxFileMb));
    if (hasErrorCode(error, 'FST_INVALID_MULTIPART_CONTENT_TYPE'))
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', contactImportMessages.notMultipart);
    // Everything in this loop only reads the request, so any other failure is a body cut off
    // or not well formed (busboy: "Unexpected end of form", "Boundary not found", …).
    request.log.info({ err: error }, 'unreadable multipart upload');
    throw new AppError('MALFORMED_UPLOAD', contactImportMessages.malformedUpload);
  }
  if (!file) throw new AppError('VALIDATION_ERROR', contactImportMessages.noFile);
  let mapping: unknown;
  let options: unknown;
  if (fields.commit === 'true' && fields.mapping !== undefined) {
    try {
      mapping = JSON.parse(fields.mapping);
      if (fields.options !== undefined) options = JSON.parse(fields.options);
    } catch {
      throw new AppError('VALIDATION_ERROR', contactImportMessages.mappingNotJson);
    }
  }
  return { file, mapping, options };
}

const NDJSON = 'application/x-ndjson';

/** The commit's answer as a stream of the import's progress, one JSON line each. */
const wantsProgressStream = (request: FastifyRequest) =>
  (request.headers.accept ?? '').split(',').some((type) => type.trim().startsWith(NDJSON));

/** Contact-list imports: upload and preview, commit, progress and history, errors, undo. */
export const contactImportRoutes =
  (deps: { imports: ContactImportsService; maxFileMb: number }): FastifyPluginAsyncZod =>
  async (app) => {
    const route = routeGroup(app, {
      tags: ['contact imports'],
      access: 'member',
      businessOnly: true,
    });

    route.post(
      '/contacts/import',
      {
        summary:
          'Uploads a contact list (multipart, field "file": CSV or .xlsx) and previews it; with "mapping" (JSON), optionally "options" (JSON), and commit=true it is queued at once',
        consumes: ['multipart/form-data'],
        response: {
          201: contactImportUploadSchema,
          ...errorResponses(
            'IMPORT_FILE_TOO_LARGE',
            'UNSUPPORTED_MEDIA_TYPE',
            'IMPORT_FILE_REJECTED',
          ),
        },
      },
      async (request) => {
        const business = businessOf(request);
        const { file, mapping, options } = await readUpload(request, deps.maxFileMb);
        return deps.imports.upload(business, file, mapping, options);
      },
    );

    route.post(
      '/contacts/imports/:id/commit',
      {
        summary:
          'Starts an uploaded import with the mapping (column index per contact field). With "Accept: application/x-ndjson" the answer goes on as the import does: the import as JSON, one line each time its progress changes, until it ends',
        params,
        body: contactImportCommitSchema,
        response: { 202: contactImportSchema, ...errorResponses('IMPORT_STARTED') },
      },
      async (request, reply) => {
        const business = businessOf(request);
        const row = await deps.imports.commitRow(
          business,
          request.params.id,
          request.body.mapping,
          request.body.country,
          request.body.options,
        );
        if (!wantsProgressStream(request)) return reply.status(202).send(deps.imports.present(row));
        // The import, then a line each time its progress changes, until it ends: answered
        // from the runner's memory, so it goes on while the import holds the database.
        const imports = deps.imports;
        async function* lines() {
          for await (const current of imports.watch(business, row.id, { from: row }))
            yield `${JSON.stringify(current)}\n`;
        }
        return reply
          .status(202)
          .type(NDJSON)
          .header('cache-control', 'no-store')
          .header('x-accel-buffering', 'no')
          .send(Readable.from(lines()));
      },
      // Streamed progress lines must leave as they are written, not when a buffer fills.
      { compress: false },
    );

    route.get(
      '/contacts/imports',
      {
        summary: "The business's imports, newest first, with status and counts",
        querystring: contactImportListQuerySchema,
        response: { 200: contactImportListSchema },
      },
      async (request) => deps.imports.list(businessOf(request), request.query),
    );

    route.get(
      '/contacts/imports/:id',
      {
        summary: 'One import: status, progress, counts and why it failed',
        params,
        response: { 200: contactImportSchema },
      },
      async (request) => deps.imports.detail(businessOf(request), request.params.id),
    );

    route.get(
      '/contacts/imports/:id/errors.csv',
      {
        summary:
          'The rows to fix (failed, or imported with a value left out) as the file came: its header, a Problem column, its delimiter and encoding',
        params,
      },
      async (request, reply) => {
        const { csv, contentType } = await deps.imports.errorsCsv(
          businessOf(request),
          request.params.id,
        );
        return sendCsv(reply, `import-errors-${request.params.id.slice(0, 8)}.csv`, csv, {
          contentType,
          noStore: true,
        });
      },
    );

    route.delete(
      '/contacts/imports/:id',
      {
        summary: 'Deletes an import that was never started (a preview left behind), with its file',
        params,
        response: { 204: z.null(), ...errorResponses('IMPORT_STARTED') },
      },
      async (request) => {
        await deps.imports.remove(businessOf(request), request.params.id);
        return null;
      },
    );

    route.post(
      '/contacts/imports/:id/undo',
      {
        summary:
          'Undoes a completed import: deletes the contacts it created, restores those it filled in',
        params,
        response: { 200: contactImportSchema, ...errorResponses('IMPORT_NOT_UNDOABLE') },
      },
      async (request) => deps.imports.undo(businessOf(request), request.params.id),
    );
  };
