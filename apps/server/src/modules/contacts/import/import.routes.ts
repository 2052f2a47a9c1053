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
import { requireBusinessId, requireUser } from '../../../http/auth';
import type { ContactBusiness } from '../contacts.service';
import { IMPORT_MESSAGES, ImportFileError } from './import-file-error';
import type { ContactImportsService } from './import.service';
import { errorResponses } from '../../../http/error-responses';

const params = z.object({ id: z.string().min(1) });

function businessOf(request: FastifyRequest): ContactBusiness {
  const id = requireBusinessId(request);
  const business = requireUser(request).business;
  return { id, country: business?.country ?? '', timezone: business?.timezone ?? 'UTC' };
}

const hasCode = (error: unknown, ...codes: string[]) =>
  typeof error === 'object' &&
  error !== null &&
  'code' in error &&
  typeof error.code === 'string' &&
  codes.includes(error.code);

const isTooLarge = (error: unknown) =>
  hasCode(error, 'FST_REQ_FILE_TOO_LARGE', 'FST_ERR_CTP_BODY_TOO_LARGE');

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
    if (hasCode(error, 'FST_INVALID_MULTIPART_CONTENT_TYPE'))
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
    const config = { access: 'member' } as const;
    const tags = ['contact imports'];
    // As on the contacts routes: an administrator is refused before anything is read.
    app.addHook('preValidation', async (request) => {
      requireBusinessId(request);
    });

    app.post(
      '/contacts/import',
      {
        config,
        schema: {
          tags,
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
      },
      async (request, reply) => {
        const business = businessOf(request);
        const { file, mapping, options } = await readUpload(request, deps.maxFileMb);
        return reply.status(201).send(await deps.imports.upload(business, file, mapping, options));
      },
    );

    app.post(
      '/contacts/imports/:id/commit',
      {
        config,
        // Streamed progress lines must leave as they are written, not when a buffer fills.
        compress: false,
        schema: {
          tags,
          summary:
            'Starts an uploaded import with the mapping (column index per contact field). With "Accept: application/x-ndjson" the answer goes on as the import does: the import as JSON, one line each time its progress changes, until it ends',
          params,
          body: contactImportCommitSchema,
          response: { 202: contactImportSchema, ...errorResponses('IMPORT_STARTED') },
        },
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
    );

    app.get(
      '/contacts/imports',
      {
        config,
        schema: {
          tags,
          summary: "The business's imports, newest first, with status and counts",
          querystring: contactImportListQuerySchema,
          response: { 200: contactImportListSchema },
        },
      },
      async (request) => deps.imports.list(businessOf(request), request.query),
    );

    app.get(
      '/contacts/imports/:id',
      {
        config,
        schema: {
          tags,
          summary: 'One import: status, progress, counts and why it failed',
          params,
          response: { 200: contactImportSchema },
        },
      },
      async (request) => deps.imports.detail(businessOf(request), request.params.id),
    );

    app.get(
      '/contacts/imports/:id/errors.csv',
      {
        config,
        schema: {
          tags,
          summary:
            'The rows to fix (failed, or imported with a value left out) as the file came: its header, a Problem column, its delimiter and encoding',
          params,
        },
      },
      async (request, reply) => {
        const { csv, contentType } = await deps.imports.errorsCsv(
          businessOf(request),
          request.params.id,
        );
        return reply
          .type(contentType)
          .header(
            'content-disposition',
            `attachment; filename="import-errors-${request.params.id.slice(0, 8)}.csv"`,
          )
          .header('cache-control', 'no-store')
          .send(csv);
      },
    );

    app.delete(
      '/contacts/imports/:id',
      {
        config,
        schema: {
          tags,
          summary:
            'Deletes an import that was never started (a preview left behind), with its file',
          params,
          response: { 204: z.null(), ...errorResponses('IMPORT_STARTED') },
        },
      },
      async (request, reply) => {
        await deps.imports.remove(businessOf(request), request.params.id);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/contacts/imports/:id/undo',
      {
        config,
        schema: {
          tags,
          summary:
            'Undoes a completed import: deletes the contacts it created, restores those it filled in',
          params,
          response: { 200: contactImportSchema, ...errorResponses('IMPORT_NOT_UNDOABLE') },
        },
      },
      async (request) => deps.imports.undo(businessOf(request), request.params.id),
    );
  };
