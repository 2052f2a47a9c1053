import {
  errorStatusOf,
  type ErrorCode,
  type ErrorDetails,
  type ErrorStatus,
} from '@switchboard/shared/errors';

/**
 * The one error type the server raises on purpose. The error handler turns it into the wire
 * shape (`WireError` in `@switchboard/shared/errors`) with the status of its code
 * (`ERROR_STATUS`, decision 078): a refusal that needs another status is another code.
 */
export class AppError extends Error {
  readonly statusCode: ErrorStatus;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly details?: ErrorDetails,
    options?: { cause?: unknown; headers?: Record<string, string> },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.statusCode = errorStatusOf(code);
    this.headers = options?.headers ?? {};
  }

  /** Headers the answer carries with the error (a 416's `Content-Range`). */
  readonly headers: Record<string, string>;
}

export const notFound = (what = 'Resource') => new AppError('NOT_FOUND', `${what} not found`);
