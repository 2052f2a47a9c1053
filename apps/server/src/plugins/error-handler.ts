import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error';

export type WireError = {
  error: { code: string; message: string; details?: unknown };
  requestId: string;
};

type FieldIssue = { path: string; message: string };

function send(
  reply: FastifyReply,
  request: FastifyRequest,
  status: number,
  body: WireError['error'],
) {
  const payload: WireError = { error: body, requestId: String(request.id) };
  return reply.status(status).type('application/json; charset=utf-8').send(payload);
}

/**
 * Maps every failure to one wire shape. Client errors keep their message; a 5xx is logged in
 * full and answered with a generic message so internals never leak.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
      return send(reply, request, error.statusCode, {
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
      return send(reply, request, 400, {
        code: 'VALIDATION_ERROR',
        message: issues[0]?.message ?? 'Invalid request',
        details: { issues },
      });
    }

    const statusCode =
      'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (statusCode >= 400 && statusCode < 500) {
      return send(reply, request, statusCode, {
        code: 'code' in error && typeof error.code === 'string' ? error.code : 'BAD_REQUEST',
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
