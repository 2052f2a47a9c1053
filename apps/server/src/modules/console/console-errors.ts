import { VapiError } from '@vapi-ai/server-sdk';
import { AppError } from '../../lib/app-error';
import { describePlatformError } from '../../platform/platform-client';

/**
 * "Failed to fetch phone numbers: <reason>", the specification's wording for a platform failure.
 * The platform refusing what we sent (400/422) is the request's fault and stays a 4xx (422);
 * anything else is the platform failing (502).
 */
export function consoleFailure(action: string, error: unknown): AppError {
  const refused =
    error instanceof VapiError && (error.statusCode === 400 || error.statusCode === 422);
  return new AppError(
    refused ? 'PLATFORM_REJECTED' : 'PLATFORM_ERROR',
    `Failed to ${action}: ${describePlatformError(error)}`,
  );
}

export const isPlatformNotFound = (error: unknown): boolean =>
  error instanceof VapiError && error.statusCode === 404;
