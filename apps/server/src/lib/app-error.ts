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
    options?: { cause?: unknown; headers?: Record<string, string> },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.headers = options?.headers ?? {};
  }

  /** Headers the answer carries with the error (a 416's `Content-Range`). */
  readonly headers: Record<string, string>;
}

export const notFound = (what = 'Resource') => new AppError('NOT_FOUND', 404, `${what} not found`);
