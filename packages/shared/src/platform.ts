import { z } from 'zod';

/** How the copy of the platform's calls is doing (GET /api/platform/status). */
export const platformSyncSchema = z.object({
  status: z.enum(['never', 'idle', 'running', 'failed']),
  running: z.boolean(),
  lastStartedAt: z.iso.datetime().nullable(),
  lastSuccessAt: z.iso.datetime().nullable(),
  lastError: z.string().nullable(),
  consecutiveFailures: z.number(),
  nextRunAt: z.iso.datetime().nullable(),
  progress: z.object({ pages: z.number(), callsFetched: z.number(), callsWritten: z.number() }),
});
export type PlatformSync = z.infer<typeof platformSyncSchema>;

export const platformStatusSchema = z.object({
  /** sandbox: the bundled offline platform with demo data; live: a real platform account. */
  mode: z.enum(['live', 'sandbox']),
  sync: platformSyncSchema,
});
export type PlatformStatus = z.infer<typeof platformStatusSchema>;

/**
 * The server messages an assistant sends when its `serverMessages` is unset: the default the
 * platform's document gives for `CreateAssistantDTO.serverMessages` (the sandbox sends these,
 * agent health checks against them; a test compares the list with the document).
 */
export const DEFAULT_SERVER_MESSAGES: readonly string[] = [
  'conversation-update',
  'end-of-call-report',
  'function-call',
  'hang',
  'speech-update',
  'status-update',
  'tool-calls',
  'transfer-destination-request',
  'handoff-destination-request',
  'user-interrupted',
  'assistant.started',
];
