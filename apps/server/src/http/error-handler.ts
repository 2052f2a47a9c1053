import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import {
  errorStatusOf,
  frameworkErrorCodeSchema,
  isErrorCode,
  type ErrorCode,
  type FieldIssue,
  type WireError,
  type WireErrorCode,
} from '@switchboard/shared/errors';
import {
  PROGRAM_LIMIT_EXCEEDED,
  QUERY_CANCELED,
  isConnectionLoss,
  pgErrorCode,
} from '../db/errors';
import { AppError } from '../lib/app-error';

/** How long a client is asked to wait after any 503 (a lost database connection, a restart …). */
export const RETRY_AFTER_SECONDS = 5;

/**
 * A 4xx raised by Fastify or a plugin keeps its code when it is one of ours or the framework's
 * (`FST_…`); any other code is not part of the contract and reads `BAD_REQUEST`.
 */
function clientErrorCode(error: Error): WireErrorCode {
  const code: unknown = 'code' in error ? error.code : undefined;
  if (isErrorCode(code)) return code;
  const framework = frameworkErrorCodeSchema.safeParse(code);
  return framework.success ? framework.data : 'BAD_REQUEST';
}

function send(
  reply: FastifyReply,
  request: FastifyRequest,
  status: number,
  body: WireError['error'],
) {
  const payload: WireError = { error: body, requestId: String(request.id) };
  return reply.status(status).type('application/json; charset=utf-8').send(payload);
}

/** One of our codes, answered with its status (`ERROR_STATUS`, decision 078). */
const sendCode = (
  reply: FastifyReply,
  request: FastifyRequest,
  body: WireError['error'] & { code: ErrorCode },
) => send(reply, request, errorStatusOf(body.code), body);

/**
 * Maps every failure to one wire shape. Client errors keep their message; a 5xx is logged in
 * full and answered with a generic message so internals never leak.
 */
export function registerErrorHandler(app: FastifyInstance) {
  // Every 503 is "come back soon" and says when: the error handler's, a route's own (readiness),
  // one raised by a plugin. A route that chose its own wait keeps it.
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode === 503 && !reply.hasHeader('retry-after')) {
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
    }
    return payload;
  });

  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
      reply.headers(error.headers);
      // A 503 is "come back soon": say when, unless the route already did.
      if (error.statusCode === 503 && !reply.hasHeader('retry-after')) {
        reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      }
      return sendCode(reply, request, {
        code: error.code,
        message: error.message,
        ...(error.details === undefined ? {} : { details: error.details }),
      });
    }

    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues: FieldIssue[] = error.validation.map((v) => ({
        path: [error.validationContext, ...v.instancePath.split('/').filter(Boolean)]
          .filter(Boolean)
          .join('.'),
        message: v.message ?? 'Invalid value',
      }));
      return sendCode(reply, request, {
        code: 'VALIDATION_ERROR',
        message: issues[0]?.message ?? 'Invalid request',
        details: { issues },
      });
    }

    if (isConnectionLoss(error)) {
      // Not the request's fault and usually over in seconds (a failover, a restart): say when
      // to come back instead of a 500. Reads have already been retried once (db/connection-loss.ts).
      request.log.warn({ err: error }, 'database connection lost');
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return sendCode(reply, request, {
        code: 'SERVICE_UNAVAILABLE',
        message: 'The service is briefly unavailable. Please try again in a few seconds.',
      });
    }

    if (pgErrorCode(error) === QUERY_CANCELED) {
      // The statement outran DATABASE_STATEMENT_TIMEOUT_MS: the database is busy or something
      // holds a lock. Not the request's fault; the pool goes on, so a retry may well pass.
      request.log.error({ err: error }, 'database statement timed out');
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return sendCode(reply, request, {
        code: 'SERVICE_UNAVAILABLE',
        message: 'The service is busy. Please try again in a few seconds.',
      });
    }

    if (pgErrorCode(error) === PROGRAM_LIMIT_EXCEEDED) {
      // A value the request brought passes one of the database's own limits (a transcript whose
      // search vector is over 1 MB, an indexed text over a B-tree entry's size): the same request
      // again would fail again, and the statement wrote nothing.
      request.log.warn({ err: error }, 'a value passes a database limit');
      return sendCode(reply, request, {
        code: 'VALIDATION_ERROR',
        message: 'A value is too large to store: it passes one of the database’s limits.',
      });
    }

    const statusCode =
      'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (statusCode >= 400 && statusCode < 500) {
      return send(reply, request, statusCode, {
        code: clientErrorCode(error),
        message: error.message,
      });
    }

    request.log.error({ err: error }, 'request failed');
    return send(reply, request, statusCode >= 500 && statusCode < 600 ? statusCode : 500, {
      code: 'INTERNAL_ERROR',
      message: 'Something went wrong on our side. Please try again.',
    });
  });
}
