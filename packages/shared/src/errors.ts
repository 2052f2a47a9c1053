import { z } from 'zod';
import { ERROR_CODES } from './error-codes';

/**
 * The one error contract between server and web: every failure the server answers has the body
 * `{error: {code, message, details?}, requestId}`. The server builds it (`AppError`, the error
 * handler, the route response schemas), the web parses it (`ApiError`); neither declares it again.
 */

export { ERROR_CODES, ERROR_STATUS, errorStatusOf, type ErrorStatus } from './error-codes';

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
