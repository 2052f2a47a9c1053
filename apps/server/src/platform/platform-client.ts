import { VapiClient, VapiError, VapiTimeoutError } from '@vapi-ai/server-sdk';

/**
 * The server's only door to the voice platform: the official server SDK with the private key,
 * pointed at the real platform or at the bundled sandbox. The key never leaves the server.
 */
export type PlatformClient = {
  mode: 'live' | 'sandbox';
  baseUrl: string;
  sdk: VapiClient;
};

export function createPlatformClient(options: {
  mode: PlatformClient['mode'];
  baseUrl: string;
  apiKey: string;
  /** Requests retried by the SDK on 408/429/5xx (it backs off between tries). */
  maxRetries?: number;
  timeoutInSeconds?: number;
}): PlatformClient {
  const sdk = new VapiClient({
    token: options.apiKey,
    baseUrl: options.baseUrl,
    maxRetries: options.maxRetries ?? 2,
    timeoutInSeconds: options.timeoutInSeconds ?? 30,
  });
  return { mode: options.mode, baseUrl: options.baseUrl, sdk };
}

/**
 * A readable reason for a failed platform request, for messages such as
 * "Failed to fetch agents: <reason>". Never includes the request's credentials.
 */
export function describePlatformError(error: unknown): string {
  if (error instanceof VapiTimeoutError) return 'the voice platform did not answer in time';
  if (error instanceof VapiError) {
    const body = error.body as { message?: unknown } | undefined;
    const detail = Array.isArray(body?.message)
      ? body.message.join('; ')
      : typeof body?.message === 'string'
        ? body.message
        : undefined;
    if (error.statusCode === undefined) {
      const cause = error.cause instanceof Error ? error.cause.message : undefined;
      return `the voice platform could not be reached${cause ? ` (${cause})` : ''}`;
    }
    return detail ? `${detail} (status ${error.statusCode})` : `status ${error.statusCode}`;
  }
  return error instanceof Error ? error.message : String(error);
}
