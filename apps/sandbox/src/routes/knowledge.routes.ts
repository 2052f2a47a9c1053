import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fastifyMultipart from '@fastify/multipart';
import { z } from 'zod';
import type { SandboxContext } from '../context';
import { listByFilter } from '../demo/catalog';
import { checkBody, checkQuery } from '../http/document-validation';
import { badRequest, notFound } from '../http/errors';
import { limitSchema, parseOrThrow, requireUuid } from '../http/validation';
import type { SandboxFile, SandboxKnowledgeBase } from '../knowledge/knowledge-store';
import { extractText } from '../knowledge/text-extract';

// /file and /v2/knowledge-base, emulated from the document. An upload is multipart (`file`,
// optional `purpose` and `metadata`), kept in memory with the text the sandbox could read from
// it; the file is `processing`, then `done` or `failed`. A knowledge base is made with its
// search tool (a `knowledgeBase` tool in /tool, the base's `toolId`), which an assistant
// attaches by `model.toolIds`; deleting the base deletes that tool. Files are attached to a
// base by id and indexed (`indexing` → `ready`).

/** The sandbox's upload cap (the platform documents none; ours is well above Switchboard's). */
const MAX_UPLOAD_BYTES = 50 * 1024 * 1024;
const PURPOSES = ['assistant', 'composer-attachment', 'knowledge-base-v2'];
const NAME_MAX = 40;

const listQuery = z.object({ limit: limitSchema().default(100) });
const ANY_TIME = { min: -Infinity, max: Infinity };

export async function knowledgeRoutes(
  app: FastifyInstance,
  { catalog, listOrder }: SandboxContext,
): Promise<void> {
  const { knowledge } = catalog;
  const oldestFirst = listOrder === 'oldest-first';
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5 },
  });

  const findFile = (id: string): SandboxFile => {
    const file = knowledge.file(requireUuid(id));
    if (!file) throw notFound('File not found');
    return file;
  };
  const findBase = (id: string): SandboxKnowledgeBase => {
    const base = knowledge.knowledgeBases.get(requireUuid(id));
    if (!base) throw notFound('Knowledge Base not found');
    return base;
  };

  app.post('/file', async (request, reply) => {
    if (!request.isMultipart()) throw badRequest('Multipart: Boundary not found');
    let upload: { data: Buffer; filename: string; mimetype: string } | undefined;
    const fields: Record<string, string> = {};
    try {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          const data = await part.toBuffer();
          if (part.fieldname === 'file' && !upload)
            upload = { data, filename: part.filename, mimetype: part.mimetype };
        } else if (typeof part.value === 'string') {
          fields[part.fieldname] = part.value;
        }
      }
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest('File too large');
      throw badRequest('Multipart: Unexpected end of form');
    }
    const problems = Object.keys(fields)
      .filter((key) => key !== 'purpose' && key !== 'metadata')
      .map((key) => `property ${key} should not exist`);
    if (fields.purpose !== undefined && !PURPOSES.includes(fields.purpose))
      problems.push(`purpose must be one of the following values: ${PURPOSES.join(', ')}`);
    if (fields.metadata !== undefined && fields.metadata.length > 4096)
      problems.push('metadata must be shorter than or equal to 4096 characters');
    let metadata: Record<string, unknown> | undefined;
    if (fields.metadata !== undefined) {
      try {
        const parsed: unknown = JSON.parse(fields.metadata);
        if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error();
        metadata = parsed as Record<string, unknown>;
      } catch {
        problems.push('metadata must be a JSON object');
      }
    }
    if (!upload) problems.push('file should not be empty');
    if (problems.length > 0 || !upload) throw badRequest(problems);
    if (upload.data.length === 0) throw badRequest('File is empty');
    const at = new Date().toISOString();
    const file: SandboxFile = {
      object: 'file',
      status: 'processing',
      name: upload.filename.slice(0, NAME_MAX),
      originalName: upload.filename,
      bytes: upload.data.length,
      mimetype: upload.mimetype,
      ...(fields.purpose ? { purpose: fields.purpose } : {}),
      ...(metadata ? { metadata } : {}),
      id: randomUUID(),
      orgId: catalog.orgId,
      createdAt: at,
      updatedAt: at,
    };
    return reply.status(201).send(knowledge.addFile(file, extractText(upload.data)));
  });

  app.get<{ Querystring: { purpose?: string } }>('/file', async (request) => {
    checkQuery('GET', '/file', request.query);
    const files = knowledge
      .listFiles()
      .filter((file) => (file.purpose ?? '') === request.query.purpose);
    return listByFilter(files, {
      limit: 1000,
      oldestFirst,
      createdAt: ANY_TIME,
      updatedAt: ANY_TIME,
    });
  });

  app.get<{ Params: { id: string } }>('/file/:id', async (request) => findFile(request.params.id));

  app.patch<{ Params: { id: string } }>('/file/:id', async (request) => {
    const changes = checkBody<{ name?: string }>('PATCH', '/file/{id}', request.body);
    const file = findFile(request.params.id);
    const updated: SandboxFile = {
      ...file,
      ...changes,
      updatedAt: new Date(Math.max(Date.now(), Date.parse(file.updatedAt) + 1)).toISOString(),
    };
    knowledge.replaceFile(updated);
    return updated;
  });

  app.delete<{ Params: { id: string } }>('/file/:id', async (request) => {
    const file = findFile(request.params.id);
    knowledge.removeFile(file.id);
    return file;
  });

  app.post('/v2/knowledge-base', async (request, reply) => {
    const body = checkBody<{ name: string; description?: string | null }>(
      'POST',
      '/v2/knowledge-base',
      request.body,
    );
    const at = new Date().toISOString();
    const base: SandboxKnowledgeBase = {
      ...body,
      id: randomUUID(),
      orgId: catalog.orgId,
      createdAt: at,
      updatedAt: at,
    };
    knowledge.knowledgeBases.set(base.id, base);
    // The base's search tool, provisioned with it (at most one per base).
    const toolId = randomUUID();
    catalog.tools.set(toolId, {
      type: 'knowledgeBase',
      knowledgeBaseId: base.id,
      function: {
        name: `search_${base.id.slice(0, 8)}`,
        description: `Searches the knowledge base ${body.name}`,
        parameters: {
          type: 'object',
          properties: { query: { type: 'string' } },
          required: ['query'],
        },
      },
      id: toolId,
      orgId: catalog.orgId,
      createdAt: at,
      updatedAt: at,
    });
    knowledge.toolIds.set(base.id, toolId);
    return reply.status(201).send(base);
  });

  app.get('/v2/knowledge-base', async (request) => {
    checkQuery('GET', '/v2/knowledge-base', request.query);
    const query = parseOrThrow(listQuery, request.query);
    return listByFilter(knowledge.knowledgeBases.values(), {
      limit: query.limit,
      oldestFirst,
      createdAt: ANY_TIME,
      updatedAt: ANY_TIME,
    });
  });

  app.get<{ Params: { id: string } }>('/v2/knowledge-base/:id', async (request) => {
    const base = findBase(request.params.id);
    return {
      ...base,
      files: knowledge.filesOf(base.id),
      toolId: knowledge.toolIds.get(base.id) ?? null,
    };
  });

  app.patch<{ Params: { id: string } }>('/v2/knowledge-base/:id', async (request) => {
    requireUuid(request.params.id);
    const changes = checkBody<Partial<SandboxKnowledgeBase>>(
      'PATCH',
      '/v2/knowledge-base/{id}',
      request.body,
    );
    const base = findBase(request.params.id);
    const updated = {
      ...base,
      ...changes,
      id: base.id,
      updatedAt: new Date(Math.max(Date.now(), Date.parse(base.updatedAt) + 1)).toISOString(),
    };
    knowledge.knowledgeBases.set(base.id, updated);
    return updated;
  });

  app.delete<{ Params: { id: string } }>('/v2/knowledge-base/:id', async (request) => {
    const base = findBase(request.params.id);
    const toolId = knowledge.toolIds.get(base.id);
    if (toolId) catalog.tools.delete(toolId);
    knowledge.removeKnowledgeBase(base.id);
    return base;
  });

  app.get<{ Params: { id: string } }>('/v2/knowledge-base/:id/file', async (request) =>
    knowledge.filesOf(findBase(request.params.id).id),
  );

  app.post<{ Params: { id: string } }>('/v2/knowledge-base/:id/file', async (request, reply) => {
    requireUuid(request.params.id);
    const body = checkBody<{ fileId: string }>(
      'POST',
      '/v2/knowledge-base/{id}/file',
      request.body,
    );
    const base = findBase(request.params.id);
    const file = knowledge.file(body.fileId);
    if (!file) throw notFound('File not found');
    return reply.status(201).send(knowledge.attach(base.id, file, randomUUID()));
  });

  app.delete<{ Params: { id: string; fileId: string } }>(
    '/v2/knowledge-base/:id/file/:fileId',
    async (request) => {
      const base = findBase(request.params.id);
      const link = knowledge.detach(base.id, requireUuid(request.params.fileId));
      if (!link) throw notFound('File not found in this knowledge base');
      return link;
    },
  );

  app.post<{ Params: { id: string; fileId: string } }>(
    '/v2/knowledge-base/:id/file/:fileId/retry',
    async (request, reply) => {
      const base = findBase(request.params.id);
      const link = knowledge.retry(base.id, requireUuid(request.params.fileId));
      if (!link) throw notFound('File not found in this knowledge base');
      return reply.status(201).send(link);
    },
  );
}
