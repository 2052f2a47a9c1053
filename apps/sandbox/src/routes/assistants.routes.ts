import type { FastifyInstance } from 'fastify';
import type { Vapi } from '@vapi-ai/server-sdk';
import { z } from 'zod';
import type { SandboxContext } from '../context';
import { checkBody, checkQuery } from '../http/document-validation';
import { notFound } from '../http/errors';
import {
  limitSchema,
  parseOrThrow,
  requireUuid,
  timeFilterShape,
  timeRange,
} from '../http/validation';

// /assistant: list, create, get, update (PATCH), delete. Bodies and query strings are checked
// against the platform's document (CreateAssistantDTO, UpdateAssistantDTO, the list's parameters).

const listQuery = z.object({ limit: limitSchema().default(100), ...timeFilterShape });

function parseDto(method: 'POST' | 'PATCH', path: string, body: unknown) {
  return checkBody<Vapi.CreateAssistantDto>(method, path, body);
}

export async function assistantRoutes(
  app: FastifyInstance,
  { catalog, listOrder }: SandboxContext,
): Promise<void> {
  app.get('/assistant', async (request) => {
    checkQuery('GET', '/assistant', request.query);
    const query = parseOrThrow(listQuery, request.query);
    return catalog.listAssistants({
      limit: query.limit,
      oldestFirst: listOrder === 'oldest-first',
      createdAt: timeRange(query, 'createdAt'),
      updatedAt: timeRange(query, 'updatedAt'),
    });
  });

  app.post('/assistant', async (request, reply) => {
    const assistant = catalog.createAssistant(parseDto('POST', '/assistant', request.body));
    return reply.status(201).send(assistant);
  });

  app.get<{ Params: { id: string } }>('/assistant/:id', async (request) => {
    const record = catalog.getAssistant(requireUuid(request.params.id));
    if (!record) throw notFound('Assistant not found');
    return record.assistant;
  });

  app.patch<{ Params: { id: string } }>('/assistant/:id', async (request) => {
    const id = requireUuid(request.params.id);
    const changes = parseDto('PATCH', '/assistant/{id}', request.body);
    const assistant = catalog.updateAssistant(id, changes);
    if (!assistant) throw notFound('Assistant not found');
    return assistant;
  });

  app.delete<{ Params: { id: string } }>('/assistant/:id', async (request) => {
    const assistant = catalog.deleteAssistant(requireUuid(request.params.id));
    if (!assistant) throw notFound('Assistant not found');
    return assistant;
  });
}
