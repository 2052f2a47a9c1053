import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { SandboxContext } from '../context';
import { checkQuery } from '../http/document-validation';
import { notFound } from '../http/errors';
import {
  limitSchema,
  parseOrThrow,
  requireUuid,
  timeFilterShape,
  timeRange,
} from '../http/validation';

// /phone-number: list and get (the demo numbers; the sandbox cannot buy numbers).

const listQuery = z.object({ limit: limitSchema().default(100), ...timeFilterShape });

export async function phoneNumberRoutes(
  app: FastifyInstance,
  { catalog }: SandboxContext,
): Promise<void> {
  app.get('/phone-number', async (request) => {
    checkQuery('GET', '/phone-number', request.query);
    const query = parseOrThrow(listQuery, request.query);
    return catalog.listPhoneNumbers({
      limit: query.limit,
      createdAt: timeRange(query, 'createdAt'),
      updatedAt: timeRange(query, 'updatedAt'),
    });
  });

  app.get<{ Params: { id: string } }>('/phone-number/:id', async (request) => {
    const phone = catalog.phoneNumbers.get(requireUuid(request.params.id));
    if (!phone) throw notFound('Phone Number not found');
    return phone;
  });
}
