import type { ErrorCode, ErrorDetails } from '@switchboard/shared/errors';

/**
 * The one error type the server raises on purpose. The error handler turns it into the wire
 * shape (`WireError` in `@switchboard/shared/errors`) with its status.
 */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly statusCode: number,
    message: string,
    readonly details?: ErrorDetails,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'AppError';
  }
}

export const notFound = (what = 'Resource') => new AppError('NOT_FOUND', 404, `${what} not found`);
