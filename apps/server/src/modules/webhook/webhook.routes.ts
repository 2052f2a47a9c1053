import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { cleanDeep, jsonMayNeedCleaning } from '../../lib/control-characters';
import { recordWebhookArrival } from '../agents/agents.repository';
import type { CallIngestService } from '../call-ingest/call-ingest.service';
import { CALL_REPORT_FIELDS } from '../calls/calls.repository';
import {
  answerAssistantRequest,
  answerKnowledgeBaseRequest,
  answerTransferDestinationRequest,
} from './webhook-answers';
import { InvalidCallError, toCallRecord } from '../../platform/call-record';
import type { PlatformRuntime } from '../../platform/platform-runtime';
import { checkWebhookAuth } from '../../platform/webhook-auth';
import type { LiveCallsService } from '../live-calls/live-calls.service';

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: string;
  }
}

/** A function tool the agents can call (create_enquiry, book_appointment, …). */
export type ToolHandler = (input: {
  arguments: Record<string, unknown>;
  call: Record<string, unknown> | undefined;
  /** The platform's id of this tool call: the same id again is the same request. */
  toolCallId: string;
}) => Promise<string>;

const envelopeSchema = z.object({
  message: z.looseObject({
    type: z.string().min(1, 'message.type is required'),
    timestamp: z.number().optional(),
    call: z.looseObject({}).optional(),
  }),
});

const toolCallSchema = z.looseObject({
  id: z.string(),
  // The typed form nests name/arguments under `function`; docs examples also show them flat.
  function: z.looseObject({ name: z.string(), arguments: z.unknown() }).optional(),
  name: z.string().optional(),
  parameters: z.unknown().optional(),
});

function parseArguments(value: unknown): Record<string, unknown> {
  if (typeof value === 'string') {
    try {
      const parsed: unknown = JSON.parse(value);
      return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  }
  return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
}

/** Fields of a message that describe the call more fully than the copy of the call it carries. */
const REPORT_FIELDS = [...CALL_REPORT_FIELDS, 'startedAt', 'endedAt', 'destination'] as const;

function mergeIntoCall(
  call: Record<string, unknown>,
  message: Record<string, unknown>,
  fields: readonly string[],
) {
  const merged: Record<string, unknown> = { ...call };
  for (const field of fields) {
    if (message[field] !== undefined && message[field] !== null) merged[field] = message[field];
  }
  return merged;
}

/** The largest webhook body read (an end-of-call report carries the whole transcript). */
export const WEBHOOK_BODY_LIMIT_BYTES = 5 * 1024 * 1024;

export const webhookRoutes =
  (deps: {
    platform: PlatformRuntime;
    tools: ReadonlyMap<string, ToolHandler>;
    /** Status updates and end-of-call reports: the call stored and what follows (decision 080). */
    ingest: Pick<CallIngestService, 'message'>;
    /** Live calls: their transcript as it grows, and the change announced (decision 059). */
    live?: Pick<LiveCallsService, 'ingest'>;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    // The raw body is needed for HMAC signatures; this parser applies only inside this plugin.
    app.addContentTypeParser(
      'application/json',
      { parseAs: 'string', bodyLimit: WEBHOOK_BODY_LIMIT_BYTES },
      (request, body, done) => {
        request.rawBody = body as string;
        try {
          done(null, JSON.parse(body as string));
        } catch {
          done(new AppError('INVALID_JSON', 'The webhook body is not valid JSON'), undefined);
        }
      },
    );

    app.post(
      '/platform/webhook',
      {
        // Called by the platform, not a browser: no session, no origin; it proves itself with
        // the webhook credential checked below.
        // Its messages are stored with control characters dropped (cleanDeep below), not refused
        // for one in a transcript.
        config: { access: 'public', allowCrossOrigin: true, cleansOwnText: true },
        schema: {
          tags: ['platform'],
          summary:
            'Receives the voice platform’s server messages (status updates, end-of-call reports, tool calls)',
          body: envelopeSchema,
        },
        // Authenticate before the body is validated: strangers learn nothing about our schema.
        preValidation: async (request) => {
          const auth = deps.platform.webhookAuth;
          const problem = checkWebhookAuth(auth, request.headers, request.rawBody ?? '');
          if (problem) {
            request.log.warn({ problem }, 'platform webhook refused');
            throw new AppError('UNAUTHORIZED', 'The webhook could not be authenticated');
          }
        },
      },
      async (request, reply) => {
        // Cleaned once, and only when the raw body can hold something to clean (most never do).
        const message = jsonMayNeedCleaning(request.rawBody ?? '\\u0000')
          ? cleanDeep(request.body.message)
          : request.body.message;
        const receivedAt = new Date(message.timestamp ?? Date.now());
        // Agent health: the platform reaches us, authenticated, for this assistant (a status
        // update's or report's in the statement that stores the call).
        const assistantId =
          typeof message.call?.assistantId === 'string' && message.call.assistantId !== ''
            ? message.call.assistantId
            : undefined;
        const arrived = async () => {
          if (assistantId) await recordWebhookArrival(app.database.db, assistantId, new Date());
        };
        if (message.type !== 'status-update' && message.type !== 'end-of-call-report')
          await arrived();

        switch (message.type) {
          case 'status-update':
          case 'end-of-call-report': {
            if (!message.call) {
              throw new AppError(
                'VALIDATION_ERROR',
                `A ${message.type} message must carry the call`,
              );
            }
            const fields =
              message.type === 'status-update'
                ? ['status', 'endedReason', 'destination']
                : REPORT_FIELDS;
            let record;
            try {
              record = toCallRecord(mergeIntoCall(message.call, message, fields), {
                fallbackUpdatedAt: receivedAt,
                clean: true,
              });
            } catch (error) {
              await arrived();
              if (error instanceof InvalidCallError)
                throw new AppError('VALIDATION_ERROR', error.message);
              throw error;
            }
            // A report's analysis, cost and ended reason are kept even when a sync already
            // stored a newer copy of the call; a status update never rolls a newer copy back.
            await deps.ingest.message(record, {
              report: message.type === 'end-of-call-report' ? message : undefined,
              assistantId,
            });
            return reply.send({ received: true });
          }
          case 'tool-calls': {
            const list = z.array(toolCallSchema).safeParse(message.toolCallList);
            if (!list.success) {
              throw new AppError(
                'VALIDATION_ERROR',
                'A tool-calls message must carry toolCallList',
              );
            }
            const results = await Promise.all(
              list.data.map(async (toolCall) => {
                const name = toolCall.function?.name ?? toolCall.name ?? '';
                const handler = deps.tools.get(name);
                if (!handler)
                  return {
                    toolCallId: toolCall.id,
                    name,
                    error: `Unknown tool: ${name || '(no name)'}`,
                  };
                try {
                  const result = await handler({
                    arguments: parseArguments(toolCall.function?.arguments ?? toolCall.parameters),
                    call: message.call,
                    toolCallId: toolCall.id,
                  });
                  return { toolCallId: toolCall.id, name, result };
                } catch (error) {
                  const reason =
                    error instanceof AppError && error.statusCode < 500
                      ? error.message
                      : 'the tool failed';
                  request.log.error({ err: error, tool: name }, 'agent tool failed');
                  return { toolCallId: toolCall.id, name, error: reason };
                }
              }),
            );
            return reply.send({ results });
          }
          case 'assistant-request':
            return reply.send(await answerAssistantRequest(app.database.db, message, request.log));
          case 'knowledge-base-request':
            return reply.send(await answerKnowledgeBaseRequest(app.database.db, message));
          case 'transfer-destination-request':
            return reply.send(
              await answerTransferDestinationRequest(app.database.db, message, request.log),
            );
          case 'conversation-update':
          case 'transcript':
          case 'speech-update':
            // A call in progress: its transcript as it grows, shown live (decision 059).
            await deps.live?.ingest(message);
            return reply.send({ received: true });
          default:
            // The platform reads no answer for the other message types.
            return reply.send({ received: true });
        }
      },
    );
  };
