import { z } from 'zod';

/**
 * The one error contract between server and web: every failure the server answers has the body
 * `{error: {code, message, details?}, requestId}`. The server builds it (`AppError`, the error
 * handler, the route response schemas), the web parses it (`ApiError`); neither declares it again.
 */

/** Every code the server sends on purpose (`AppError`, the error handler, the not-found handler). */
export const ERROR_CODES = [
  'BAD_REQUEST',
  'VALIDATION_ERROR',
  'INVALID_JSON',
  'UNAUTHENTICATED',
  'UNAUTHORIZED',
  'INVALID_CREDENTIALS',
  'TOKEN_INVALID',
  'FORBIDDEN',
  'CROSS_ORIGIN',
  'NOT_FOUND',
  'CONFLICT',
  'EMAIL_TAKEN',
  'USER_NAME_TAKEN',
  'LAST_OWNER',
  'NO_EMAIL',
  'CONTACT_EXISTS',
  'CONTACT_CONFLICT',
  'CONTACT_HAS_NO_EMAIL',
  'EMAIL_NOT_FAILED',
  'INVALID_TRANSITION',
  'IDEMPOTENCY_KEY_REUSED',
  'IMPORT_STARTED',
  'IMPORT_NOT_UNDOABLE',
  'IMPORT_FILE_TOO_LARGE',
  'IMPORT_FILE_REJECTED',
  'MALFORMED_UPLOAD',
  'FILE_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'UNSUPPORTED_FILE_TYPE',
  'KNOWLEDGE_BASE_IN_USE',
  'MANAGED_RESOURCE',
  'AGENT_UNASSIGNED',
  'RATE_LIMITED',
  'PLATFORM_ERROR',
  'PLATFORM_REJECTED',
  'RANGE_NOT_SATISFIABLE',
  'WEB_CALLS_NOT_CONFIGURED',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
  'DATABASE_LOCKED',
  'WEB_APP_NOT_BUILT',
] as const;

export const errorCodeSchema = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof errorCodeSchema>;

/**
 * Fastify's own 4xx (an empty JSON body, a wrong content type, a body over the limit) keep the
 * framework's code (`FST_ERR_CTP_EMPTY_JSON_BODY`, …); nothing compares them, so they are only
 * known by their prefix.
 */
export const frameworkErrorCodeSchema = z.templateLiteral(['FST_', z.string()]);
export type FrameworkErrorCode = z.infer<typeof frameworkErrorCodeSchema>;

export const wireErrorCodeSchema = z.union([errorCodeSchema, frameworkErrorCodeSchema]);
export type WireErrorCode = z.infer<typeof wireErrorCodeSchema>;

export function isErrorCode(value: unknown): value is ErrorCode {
  return errorCodeSchema.safeParse(value).success;
}

/**
 * One field's problem: `path` is where (`body.email`, or the zod path as a list), `message` what
 * the form shows under that field.
 */
export const fieldIssueSchema = z.object({
  path: z.union([z.string(), z.array(z.union([z.string(), z.number()]))]),
  message: z.string(),
});
export type FieldIssue = z.infer<typeof fieldIssueSchema>;

/** `details` of a validation failure or of a refusal shaped like one (the form marks each field). */
export const errorDetailsSchema = z.object({ issues: z.array(fieldIssueSchema) });
export type ErrorDetails = z.infer<typeof errorDetailsSchema>;

export const wireErrorSchema = z.object({
  error: z.object({
    code: wireErrorCodeSchema,
    message: z.string(),
    details: errorDetailsSchema.optional(),
  }),
  requestId: z.string(),
});
export type WireError = z.infer<typeof wireErrorSchema>;
