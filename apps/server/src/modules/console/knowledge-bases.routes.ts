import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  addKnowledgeBaseFileSchema,
  createKnowledgeBaseSchema,
  knowledgeBaseListSchema,
  knowledgeBaseSchema,
  knowledgeFileListSchema,
  knowledgeFileMessages,
  knowledgeFileSchema,
  KNOWLEDGE_FILE_MAX_MB,
  renameKnowledgeBaseSchema,
  renameKnowledgeFileSchema,
} from '@switchboard/shared/knowledge-bases';
import { AppError } from '../../lib/app-error';
import { requireBusinessId } from '../../http/auth';
import { KNOWLEDGE_FILE_MAX_BYTES, type KnowledgeBasesService } from './knowledge-bases.service';
import { errorResponses } from '../../http/error-responses';

// Any string: an id that is not one of the business's is simply not found (404).
const params = z.object({ id: z.string().min(1) });
const fileParams = z.object({ id: z.string().min(1), fileId: z.string().min(1) });

const hasCode = (error: unknown, ...codes: string[]) =>
  typeof error === 'object' &&
  error !== null &&
  'code' in error &&
  typeof error.code === 'string' &&
  codes.includes(error.code);

/** The form's one `file` part, read into memory up to the cap (the content is checked whole). */
async function readDocument(request: FastifyRequest): Promise<{ name: string; data: Buffer }> {
  if (!request.isMultipart())
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', knowledgeFileMessages.notMultipart);
  let upload: { name: string; data: Buffer } | undefined;
  try {
    for await (const part of request.parts({
      limits: { fileSize: KNOWLEDGE_FILE_MAX_BYTES, files: 1, fields: 5 },
    })) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.fieldname === 'file' && !upload)
          // A name is only shown back: control characters are dropped.
          upload = { name: part.filename.replace(/\p{Cc}/gu, '').slice(0, 200), data };
      }
    }
  } catch (error) {
    if (hasCode(error, 'FST_REQ_FILE_TOO_LARGE', 'FST_ERR_CTP_BODY_TOO_LARGE'))
      throw new AppError('FILE_TOO_LARGE', knowledgeFileMessages.tooBig(KNOWLEDGE_FILE_MAX_MB));
    if (hasCode(error, 'FST_FILES_LIMIT', 'FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT'))
      throw new AppError('VALIDATION_ERROR', 'Upload one file at a time');
    request.log.info({ err: error }, 'unreadable multipart upload');
    throw new AppError('MALFORMED_UPLOAD', knowledgeFileMessages.malformedUpload);
  }
  if (!upload) throw new AppError('VALIDATION_ERROR', knowledgeFileMessages.noFile);
  return upload;
}

/** The business's documents and knowledge bases (platform console). */
export const knowledgeBaseRoutes =
  (deps: { knowledge: KnowledgeBasesService }): FastifyPluginAsyncZod =>
  async (app) => {
    const config = { access: 'member' } as const;
    // Spends the business's money on the platform or deletes there: owners and managers (051).
    const spending = { access: 'manager' } as const;
    // A business's own resources: an administrator (no business) is refused before the body
    // is read, as every business-scoped module does.
    app.addHook('preValidation', async (request) => {
      requireBusinessId(request);
    });
    const tags = ['knowledge bases'];

    app.get(
      '/files',
      {
        config,
        schema: {
          tags,
          summary: "The business's uploaded documents and their processing status",
          response: {
            200: knowledgeFileListSchema,
            ...errorResponses('PLATFORM_REJECTED', 'PLATFORM_ERROR'),
          },
        },
      },
      async (request) => ({ data: await deps.knowledge.listFiles(requireBusinessId(request)) }),
    );

    app.post(
      '/files',
      {
        config,
        schema: {
          tags,
          summary: `Uploads a document (multipart, field "file": PDF, DOCX, text or Markdown, at most ${KNOWLEDGE_FILE_MAX_MB} MB; the type is read from the content)`,
          consumes: ['multipart/form-data'],
          response: {
            201: knowledgeFileSchema,
            ...errorResponses(
              'FILE_TOO_LARGE',
              'UNSUPPORTED_MEDIA_TYPE',
              'PLATFORM_REJECTED',
              'PLATFORM_ERROR',
            ),
          },
        },
      },
      async (request, reply) => {
        const business = requireBusinessId(request);
        const upload = await readDocument(request);
        return reply.status(201).send(await deps.knowledge.uploadFile(business, upload));
      },
    );

    app.get(
      '/files/:id',
      {
        config,
        schema: {
          tags,
          summary: 'One document',
          params,
          response: {
            200: knowledgeFileSchema,
            ...errorResponses('PLATFORM_REJECTED', 'PLATFORM_ERROR'),
          },
        },
      },
      async (request) => deps.knowledge.getFile(requireBusinessId(request), request.params.id),
    );

    app.patch(
      '/files/:id',
      {
        config,
        schema: {
          tags,
          summary: 'Renames a document',
          params,
          body: renameKnowledgeFileSchema,
          response: {
            200: knowledgeFileSchema,
            ...errorResponses('PLATFORM_REJECTED', 'PLATFORM_ERROR'),
          },
        },
      },
      async (request) =>
        deps.knowledge.renameFile(requireBusinessId(request), request.params.id, request.body.name),
    );

    app.delete(
      '/files/:id',
      {
        config: spending,
        schema: {
          tags,
          summary: 'Deletes a document from the platform',
          params,
          response: { 204: z.null(), ...errorResponses('PLATFORM_REJECTED', 'PLATFORM_ERROR') },
        },
      },
      async (request, reply) => {
        await deps.knowledge.deleteFile(requireBusinessId(request), request.params.id);
        return reply.status(204).send(null);
      },
    );

    app.get(
      '/knowledge-bases',
      {
        config,
        schema: {
          tags,
          summary: "The business's knowledge bases with their files",
          response: {
            200: knowledgeBaseListSchema,
            ...errorResponses('PLATFORM_REJECTED', 'PLATFORM_ERROR'),
          },
        },
      },
      async (request) => ({
        data: await deps.knowledge.listKnowledgeBases(requireBusinessId(request)),
      }),
    );

    app.post(
      '/knowledge-bases',
      {
        config,
        schema: {
          tags,
          summary: 'Builds a knowledge base from some of the business’s documents',
          body: createKnowledgeBaseSchema,
          response: {
            201: knowledgeBaseSchema,
            ...errorResponses('PLATFORM_REJECTED', 'PLATFORM_ERROR'),
          },
        },
      },
      async (request, reply) =>
        reply
          .status(201)
          .send(await deps.knowledge.createKnowledgeBase(requireBusinessId(request), request.body)),
    );

    app.get(
      '/knowledge-bases/:id',
      {
        config,
        schema: {
          tags,
          summary: 'One knowledge base with its files',
          params,
          response: {
            200: knowledgeBaseSchema,
            ...errorResponses('PLATFORM_REJECTED', 'PLATFORM_ERROR'),
          },
        },
      },
      async (request) =>
        deps.knowledge.getKnowledgeBase(requireBusinessId(request), request.params.id),
    );

    app.patch(
      '/knowledge-bases/:id',
      {
        config,
        schema: {
          tags,
          summary: 'Renames a knowledge base',
          params,
          body: renameKnowledgeBaseSchema,
          response: {
            200: knowledgeBaseSchema,
            ...errorResponses('PLATFORM_REJECTED', 'PLATFORM_ERROR'),
          },
        },
      },
      async (request) =>
        deps.knowledge.renameKnowledgeBase(
          requireBusinessId(request),
          request.params.id,
          request.body.name,
        ),
    );

    app.post(
      '/knowledge-bases/:id/files/:fileId/retry',
      {
        config,
        schema: {
          tags,
          summary: 'Reads a document that failed in a knowledge base again',
          params: fileParams,
          response: {
            200: knowledgeBaseSchema,
            ...errorResponses('CONFLICT', 'PLATFORM_REJECTED', 'PLATFORM_ERROR'),
          },
        },
      },
      async (request) =>
        deps.knowledge.retryFile(
          requireBusinessId(request),
          request.params.id,
          request.params.fileId,
        ),
    );

    app.delete(
      '/knowledge-bases/:id',
      {
        config: spending,
        schema: {
          tags,
          summary: 'Deletes a knowledge base (its documents stay)',
          params,
          response: {
            204: z.null(),
            ...errorResponses('KNOWLEDGE_BASE_IN_USE', 'PLATFORM_REJECTED', 'PLATFORM_ERROR'),
          },
        },
      },
      async (request, reply) => {
        await deps.knowledge.deleteKnowledgeBase(requireBusinessId(request), request.params.id);
        return reply.status(204).send(null);
      },
    );

    app.post(
      '/knowledge-bases/:id/files',
      {
        config,
        schema: {
          tags,
          summary: 'Adds one of the business’s documents to a knowledge base',
          params,
          body: addKnowledgeBaseFileSchema,
          response: {
            200: knowledgeBaseSchema,
            ...errorResponses('PLATFORM_REJECTED', 'PLATFORM_ERROR'),
          },
        },
      },
      async (request) =>
        deps.knowledge.addFile(requireBusinessId(request), request.params.id, request.body.fileId),
    );

    app.delete(
      '/knowledge-bases/:id/files/:fileId',
      {
        config,
        schema: {
          tags,
          summary: 'Takes a document out of a knowledge base',
          params: fileParams,
          response: {
            200: knowledgeBaseSchema,
            ...errorResponses('PLATFORM_REJECTED', 'PLATFORM_ERROR'),
          },
        },
      },
      async (request) =>
        deps.knowledge.removeFile(
          requireBusinessId(request),
          request.params.id,
          request.params.fileId,
        ),
    );
  };
