import { z } from 'zod';

/** Where the web SDK sends `POST /call/web` in both modes: this server's proxy (same origin). */
export const WEB_CALL_API_BASE = '/api/web-call';

/**
 * The token the web SDK is constructed with. Not a secret and not a key: the proxy ignores the
 * browser's Authorization and sends the platform its own public key, so the browser never has
 * one and cannot start a call past the proxy's checks.
 */
export const WEB_CALL_SDK_TOKEN = 'switchboard-web-call-proxy';

/** GET /api/web-call/config: what the browser needs to start a web call (no key of any kind). */
export const webCallConfigSchema = z.object({
  /** sandbox: the bundled offline platform, its room played in the browser; live: a real account. */
  mode: z.enum(['live', 'sandbox']),
  /** Whether web calls can start: false when a live platform has no VAPI_PUBLIC_KEY configured. */
  enabled: z.boolean(),
  /** Where the web SDK sends `POST /call/web` (no trailing slash): WEB_CALL_API_BASE. */
  apiBaseUrl: z.string(),
});
export type WebCallConfig = z.infer<typeof webCallConfigSchema>;

/**
 * The metadata a call started from "Talk to agent" carries in its assistantOverrides. The call
 * store marks a call whose payload carries it as a test call (calls.is_test), so analytics can
 * leave it out.
 */
export const TEST_CALL_METADATA = { switchboardTestCall: true } as const;

/** Whether a platform Call (as stored, or as a webhook carries it) was started as a test call. */
export function isTestCallPayload(call: unknown): boolean {
  if (!call || typeof call !== 'object') return false;
  const record = call as {
    metadata?: unknown;
    assistantOverrides?: { metadata?: unknown } | null;
  };
  const marked = (metadata: unknown) =>
    !!metadata &&
    typeof metadata === 'object' &&
    (metadata as Record<string, unknown>).switchboardTestCall === true;
  return marked(record.assistantOverrides?.metadata) || marked(record.metadata);
}

/** `?includeTest=1`: analytics count calls started from "Talk to agent" too (default: left out). */
export const includeTestQuerySchema = z
  .enum(['1', '0', 'true', 'false'], { error: 'includeTest must be 1 or 0' })
  .optional()
  .transform((value) => value === '1' || value === 'true');

/** The specification's message when a web call names no assistant, squad or workflow. */
export const WEB_CALL_TARGET_REQUIRED = 'Assistant or Squad or Workflow must be provided.';
