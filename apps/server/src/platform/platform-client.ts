import { VapiClient, VapiError, VapiTimeoutError, type Vapi } from '@vapi-ai/server-sdk';
import { platformRequest } from './platform-api';

/**
 * The server's only door to the voice platform: the official server SDK with the private key,
 * pointed at the real platform or at the bundled sandbox. The key never leaves the server.
 */
export type PlatformClient = {
  mode: 'live' | 'sandbox';
  baseUrl: string;
  sdk: VapiClient;
  /** Rows asked per request when a list is read to its end (platform/read-all.ts). */
  listPageSize: number;
  /**
   * Provider credentials (`POST /credential`, `DELETE /credential/{id}`): the SDK does not wrap
   * them; they go through the platform client generated from the document (platform-api.ts,
   * whose supplement declares the paths with the document's schemas `CreateVonageCredentialDTO`,
   * `VonageCredential` …). Failures are `VapiError`s like the SDK's.
   */
  credentials: {
    createVonage(body: Vapi.CreateVonageCredentialDto): Promise<Vapi.VonageCredential>;
    /**
     * A webhook credential (`provider: webhook`, the document's CreateWebhookCredentialDTO) that
     * a `Server.credentialId` names. The path is not in the public document: it is the one the
     * web SDK's generated client calls (`@vapi-ai/web` dist/api.d.ts, CredentialControllerCreate,
     * `POST /credential`).
     */
    createWebhook(
      body: Omit<Vapi.CreateWebhookCredentialDto, 'provider'>,
    ): Promise<Vapi.WebhookCredential>;
    delete(id: string): Promise<void>;
  };
};

export function createPlatformClient(options: {
  mode: PlatformClient['mode'];
  baseUrl: string;
  apiKey: string;
  /** Requests retried by the SDK on 408/429/5xx (it backs off between tries). */
  maxRetries?: number;
  timeoutInSeconds?: number;
  /** Rows per request when a list is read to its end; the document's maximum by default. */
  listPageSize?: number;
}): PlatformClient {
  const sdk = new VapiClient({
    token: options.apiKey,
    baseUrl: options.baseUrl,
    maxRetries: options.maxRetries ?? 2,
    timeoutInSeconds: options.timeoutInSeconds ?? 30,
  });
  const target = { baseUrl: options.baseUrl, key: options.apiKey };
  const timeoutMs = (options.timeoutInSeconds ?? 30) * 1000;
  return {
    mode: options.mode,
    listPageSize: options.listPageSize ?? 1000,
    baseUrl: options.baseUrl,
    sdk,
    credentials: {
      createVonage: async (body) =>
        (await platformRequest(target, 'post', '/credential', {
          body: { provider: 'vonage', ...body },
          timeoutMs,
        })) as Vapi.VonageCredential,
      createWebhook: async (body) =>
        (await platformRequest(target, 'post', '/credential', {
          body: { provider: 'webhook', ...body },
          timeoutMs,
        })) as Vapi.WebhookCredential,
      delete: async (id) => {
        await platformRequest(target, 'delete', '/credential/{id}', { path: { id }, timeoutMs });
      },
    },
  };
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
