import type { FastifyInstance } from 'fastify';
import type { Vapi } from '@vapi-ai/server-sdk';
import { z } from 'zod';
import type { SandboxContext } from '../context';
import { notFound } from '../http/errors';
import {
  limitSchema,
  parseOrThrow,
  requireUuid,
  timeFilterShape,
  timeRange,
} from '../http/validation';

// /assistant: list, create, get, update (PATCH), delete.

const listQuery = z.object({ limit: limitSchema().default(100), ...timeFilterShape });

const object = z.record(z.string(), z.unknown(), { error: 'must be an object' });
const loose = z.unknown().optional();

/**
 * CreateAssistantDto and UpdateAssistantDto have the same fields, all optional. Like the
 * platform (NestJS whitelist validation), unknown properties are refused; the fields the
 * sandbox reads are checked more closely.
 */
export const assistantDtoSchema = z.strictObject({
  name: z
    .string({ error: 'must be a string' })
    .max(40, 'must be shorter than or equal to 40 characters')
    .optional(),
  firstMessage: z.string({ error: 'must be a string' }).optional(),
  firstMessageMode: z
    .enum(
      [
        'assistant-speaks-first',
        'assistant-waits-for-user',
        'assistant-speaks-first-with-model-generated-message',
      ],
      {
        error:
          'must be one of the following values: assistant-speaks-first, assistant-waits-for-user, assistant-speaks-first-with-model-generated-message',
      },
    )
    .optional(),
  firstMessageInterruptionsEnabled: z.boolean({ error: 'must be a boolean value' }).optional(),
  model: z
    .looseObject(
      {
        provider: z.string({ error: 'must be a string' }),
        model: z.string({ error: 'must be a string' }),
        messages: z
          .array(z.looseObject({ role: z.string({ error: 'must be a string' }) }), {
            error: 'must be an array',
          })
          .optional(),
        tools: z
          .array(z.looseObject({ type: z.string({ error: 'must be a string' }) }), {
            error: 'must be an array',
          })
          .optional(),
      },
      { error: 'must be an object' },
    )
    .optional(),
  voice: z
    .looseObject(
      { provider: z.string({ error: 'must be a string' }) },
      { error: 'must be an object' },
    )
    .optional(),
  transcriber: z
    .looseObject(
      { provider: z.string({ error: 'must be a string' }) },
      { error: 'must be an object' },
    )
    .optional(),
  server: z
    .looseObject(
      {
        url: z.url({ error: 'must be a URL address' }).optional(),
        timeoutSeconds: z.number({ error: 'must be a number' }).min(1).max(300).optional(),
        headers: object.optional(),
      },
      { error: 'must be an object' },
    )
    .optional(),
  maxDurationSeconds: z
    .number({ error: 'must be a number conforming to the specified constraints' })
    .min(10, 'must not be less than 10')
    .max(43200, 'must not be greater than 43200')
    .optional(),
  endCallMessage: z.string({ error: 'must be a string' }).optional(),
  voicemailMessage: z.string({ error: 'must be a string' }).optional(),
  endCallPhrases: z
    .array(z.string({ error: 'must be a string' }), { error: 'must be an array' })
    .optional(),
  metadata: object.optional(),
  serverMessages: z.array(z.string(), { error: 'must be an array' }).optional(),
  clientMessages: z.array(z.string(), { error: 'must be an array' }).optional(),
  voicemailDetection: loose,
  backgroundSound: loose,
  modelOutputInMessagesEnabled: loose,
  transportConfigurations: loose,
  observabilityPlan: loose,
  credentials: loose,
  hooks: loose,
  compliancePlan: loose,
  backgroundSpeechDenoisingPlan: loose,
  analysisPlan: loose,
  artifactPlan: loose,
  startSpeakingPlan: loose,
  stopSpeakingPlan: loose,
  monitorPlan: loose,
  credentialIds: loose,
  keypadInputPlan: loose,
  // Legacy fields the platform still accepts.
  serverUrl: z.url({ error: 'must be a URL address' }).optional(),
  serverUrlSecret: z.string().optional(),
});

function parseDto(body: unknown): Vapi.CreateAssistantDto {
  return parseOrThrow(assistantDtoSchema, body ?? {}) as Vapi.CreateAssistantDto;
}

export async function assistantRoutes(
  app: FastifyInstance,
  { catalog }: SandboxContext,
): Promise<void> {
  app.get('/assistant', async (request) => {
    const query = parseOrThrow(listQuery, request.query);
    return catalog.listAssistants({
      limit: query.limit,
      createdAt: timeRange(query, 'createdAt'),
      updatedAt: timeRange(query, 'updatedAt'),
    });
  });

  app.post('/assistant', async (request, reply) => {
    const assistant = catalog.createAssistant(parseDto(request.body));
    return reply.status(201).send(assistant);
  });

  app.get<{ Params: { id: string } }>('/assistant/:id', async (request) => {
    const record = catalog.getAssistant(requireUuid(request.params.id));
    if (!record) throw notFound('Assistant not found');
    return record.assistant;
  });

  app.patch<{ Params: { id: string } }>('/assistant/:id', async (request) => {
    const id = requireUuid(request.params.id);
    const changes = parseDto(request.body);
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
