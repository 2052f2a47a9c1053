import { z } from 'zod';

/**
 * A call's platform logs (`GET /api/calls/:id/logs`, from the platform's
 * `GET /call/{id}/call-logs`). Levels are the platform's own (its call log line's `level`).
 */
export const PLATFORM_LOG_LEVELS = ['INFO', 'LOG', 'WARN', 'ERROR', 'CHECKPOINT'] as const;
export type PlatformLogLevel = (typeof PLATFORM_LOG_LEVELS)[number];

export const PLATFORM_LOG_LEVEL_LABELS: Record<PlatformLogLevel, string> = {
  INFO: 'Info',
  LOG: 'Log',
  WARN: 'Warning',
  ERROR: 'Error',
  CHECKPOINT: 'Checkpoint',
};

const LEVEL_MESSAGE = `level must be one of ${PLATFORM_LOG_LEVELS.join(', ')}`;
const levelSchema = z.enum(PLATFORM_LOG_LEVELS, { error: LEVEL_MESSAGE });

/** `?level=WARN&level=ERROR` or `?level=WARN,ERROR`; none = every level. */
export const platformLogQuerySchema = z.object({
  level: z
    .preprocess(
      (value: unknown): unknown => {
        if (value === undefined || value === '') return undefined;
        const given: unknown[] = Array.isArray(value) ? (value as unknown[]) : [value];
        return given
          .flatMap((part): unknown[] => (typeof part === 'string' ? part.split(',') : [part]))
          .map((part) => (typeof part === 'string' ? part.trim().toUpperCase() : part));
      },
      z.array(levelSchema).max(PLATFORM_LOG_LEVELS.length * 2, LEVEL_MESSAGE),
    )
    .optional(),
});
export type PlatformLogQuery = z.infer<typeof platformLogQuerySchema>;

export const platformLogEntrySchema = z.object({
  /** ISO time, when the line has one. */
  time: z.string().nullable(),
  level: levelSchema,
  message: z.string(),
});
export type PlatformLogEntry = z.infer<typeof platformLogEntrySchema>;

export const platformLogsSchema = z.object({
  callId: z.string(),
  /** False when the platform has no log file for the call (not ended yet, or logging off). */
  available: z.boolean(),
  /** Lines of each level in the whole file, whatever the filter. */
  counts: z.object(
    Object.fromEntries(PLATFORM_LOG_LEVELS.map((level) => [level, z.number().int()])) as Record<
      PlatformLogLevel,
      z.ZodNumber
    >,
  ),
  total: z.number().int(),
  /** True when the file had more lines than are shown (the first ones are kept). */
  truncated: z.boolean(),
  entries: z.array(platformLogEntrySchema),
});
export type PlatformLogs = z.infer<typeof platformLogsSchema>;

const logTimeFormatters = new Map<string, Intl.DateTimeFormat>();

/**
 * A log line's time of day in the business's zone, to the millisecond ("14:07:05.123"); "-"
 * when the line has none. The date is the call's (shown beside it in the detail).
 */
export function formatLogTime(iso: string | null, timeZone: string): string {
  if (!iso) return '-';
  const value = new Date(iso);
  if (Number.isNaN(value.getTime())) return '-';
  let formatter = logTimeFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      fractionalSecondDigits: 3,
      hourCycle: 'h23',
      timeZone,
    });
    logTimeFormatters.set(timeZone, formatter);
  }
  return formatter.format(value);
}
