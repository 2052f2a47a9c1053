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
import { hasErrorCode } from '../../http/multipart';
import { platformResourceRoutes } from '../../http/platform-resource';
import { idParams as params, platformErrors, routeGroup } from '../../http/routes';

const fileParams = z.object({ id: z.string().min(1), fileId: z.string().min(1) });

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
    if (hasErrorCode(error, 'FST_REQ_FILE_TOO_LARGE', 'FST_ERR_CTP_BODY_TOO_LARGE'))
      throw new AppError('FILE_TOO_LARGE', knowledgeFileMessages.tooBig(KNOWLEDGE_FILE_MAX_MB));
    if (hasErrorCode(error, 'FST_FILES_LIMIT', 'FST_PARTS_LIMIT', 'FST_FIELDS_LIMIT'))
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
    const route = routeGroup(app, {
      tags: ['knowledge bases'],
      access: 'member',
      businessOnly: true,
    });
    // Spends the business's money on the platform or deletes there: owners and managers (051).
    const spending = route.with({ access: 'manager' });

    route.get(
      '/files',
      {
        summary: "The business's uploaded documents and their processing status",
        response: { 200: knowledgeFileListSchema, ...platformErrors },
      },
      async (request) => ({ data: await deps.knowledge.listFiles(requireBusinessId(request)) }),
    );

    route.post(
      '/files',
      {
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
      async (request, reply) => {
        const business = requireBusinessId(request);
        const upload = await readDocument(request);
        return reply.status(201).send(await deps.knowledge.uploadFile(business, upload));
      },
    );

    route.get(
      '/files/:id',
      {
        summary: 'One document',
        params,
        response: { 200: knowledgeFileSchema, ...platformErrors },
      },
      async (request) => deps.knowledge.getFile(requireBusinessId(request), request.params.id),
    );

    route.patch(
      '/files/:id',
      {
        summary: 'Renames a document',
        params,
        body: renameKnowledgeFileSchema,
        response: { 200: knowledgeFileSchema, ...platformErrors },
      },
      async (request) =>
        deps.knowledge.renameFile(requireBusinessId(request), request.params.id, request.body.name),
    );

    spending.delete(
      '/files/:id',
      {
        summary: 'Deletes a document from the platform',
        params,
        response: { 204: z.null(), ...platformErrors },
      },
      async (request) => {
        await deps.knowledge.deleteFile(requireBusinessId(request), request.params.id);
        return null;
      },
    );

    platformResourceRoutes(
      route,
      '/knowledge-bases',
      {
        list: (businessId) => deps.knowledge.listKnowledgeBases(businessId),
        create: (businessId, input) => deps.knowledge.createKnowledgeBase(businessId, input),
        get: (businessId, id) => deps.knowledge.getKnowledgeBase(businessId, id),
        update: (businessId, id, input) =>
          deps.knowledge.renameKnowledgeBase(businessId, id, input.name),
        remove: (businessId, id) => deps.knowledge.deleteKnowledgeBase(businessId, id),
      },
      {
        list: knowledgeBaseListSchema,
        item: knowledgeBaseSchema,
        input: createKnowledgeBaseSchema,
        update: renameKnowledgeBaseSchema,
      },
      {
        list: { summary: "The business's knowledge bases with their files" },
        create: { summary: 'Builds a knowledge base from some of the business’s documents' },
        get: { summary: 'One knowledge base with its files' },
        update: { method: 'patch', summary: 'Renames a knowledge base' },
        remove: {
          summary: 'Deletes a knowledge base (its documents stay)',
          errors: ['KNOWLEDGE_BASE_IN_USE'],
          spending: true,
        },
      },
    );

    route.post(
      '/knowledge-bases/:id/files/:fileId/retry',
      {
        summary: 'Reads a document that failed in a knowledge base again',
        params: fileParams,
        response: {
          200: knowledgeBaseSchema,
          ...errorResponses('CONFLICT', 'PLATFORM_REJECTED', 'PLATFORM_ERROR'),
        },
      },
      async (request) =>
        deps.knowledge.retryFile(
          requireBusinessId(request),
          request.params.id,
          request.params.fileId,
        ),
    );

    route.post(
      '/knowledge-bases/:id/files',
      {
        summary: 'Adds one of the business’s documents to a knowledge base',
        params,
        body: addKnowledgeBaseFileSchema,
        response: { 200: knowledgeBaseSchema, ...platformErrors },
      },
      async (request) =>
        deps.knowledge.addFile(requireBusinessId(request), request.params.id, request.body.fileId),
    );

    route.delete(
      '/knowledge-bases/:id/files/:fileId',
      {
        summary: 'Takes a document out of a knowledge base',
        params: fileParams,
        response: { 200: knowledgeBaseSchema, ...platformErrors },
      },
      async (request) =>
        deps.knowledge.removeFile(
          requireBusinessId(request),
          request.params.id,
          request.params.fileId,
        ),
    );
  };
