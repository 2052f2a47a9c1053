import { STATUS_CODES } from 'node:http';

// The platform is a NestJS app: every error body is {message, error, statusCode}, where message
// is a string, or a list of strings for validation errors. The server SDK puts this object in
// VapiError.body, so it must always be JSON.

export interface PlatformErrorBody {
  message: string | string[];
  error: string;
  statusCode: number;
}

export class PlatformError extends Error {
  constructor(
    readonly statusCode: number,
    readonly messages: string | string[],
  ) {
    super(Array.isArray(messages) ? messages.join('; ') : messages);
    this.name = 'PlatformError';
  }

  get body(): PlatformErrorBody {
    return errorBody(this.statusCode, this.messages);
  }
}

export function errorBody(statusCode: number, message: string | string[]): PlatformErrorBody {
  return { message, error: STATUS_CODES[statusCode] ?? 'Error', statusCode };
}

export function badRequest(messages: string | string[]): PlatformError {
  return new PlatformError(400, messages);
}

export function notFound(message: string): PlatformError {
  return new PlatformError(404, message);
}

export const INVALID_KEY_MESSAGE =
  'Invalid Key. Hot tip, you may be using the private key instead of the public key, or vice versa.';
