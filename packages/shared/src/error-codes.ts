// Without zod, so that code reading a wire error (the web app's API client, on every page)
// does not bring the schema library with it; errors.ts re-exports it next to its schemas.

/**
 * Every code the server sends on purpose (`AppError`, the error handler, the not-found handler)
 * and the one HTTP status it is answered with (decision 078). A refusal that needs another status
 * is another code.
 */
export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  VALIDATION_ERROR: 400,
  INVALID_JSON: 400,
  TOKEN_INVALID: 400,
  MALFORMED_UPLOAD: 400,
  UNAUTHENTICATED: 401,
  UNAUTHORIZED: 401,
  INVALID_CREDENTIALS: 401,
  FORBIDDEN: 403,
  CROSS_ORIGIN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  EMAIL_TAKEN: 409,
  USER_NAME_TAKEN: 409,
  LAST_OWNER: 409,
  NO_EMAIL: 409,
  CONTACT_EXISTS: 409,
  CONTACT_CONFLICT: 409,
  EMAIL_NOT_FAILED: 409,
  INVALID_TRANSITION: 409,
  IDEMPOTENCY_KEY_REUSED: 409,
  IMPORT_STARTED: 409,
  IMPORT_NOT_UNDOABLE: 409,
  KNOWLEDGE_BASE_IN_USE: 409,
  MANAGED_RESOURCE: 409,
  WEB_CALLS_NOT_CONFIGURED: 409,
  IMPORT_FILE_TOO_LARGE: 413,
  FILE_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  UNSUPPORTED_FILE_TYPE: 415,
  RANGE_NOT_SATISFIABLE: 416,
  CONTACT_HAS_NO_EMAIL: 422,
  IMPORT_FILE_REJECTED: 422,
  AGENT_UNASSIGNED: 422,
  /** The platform refused what we sent it (the request's fault): Failed to …: <its reason>. */
  PLATFORM_REJECTED: 422,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  /** The platform failed or did not answer, or refused for a reason that is not the request's. */
  PLATFORM_ERROR: 502,
  SERVICE_UNAVAILABLE: 503,
  DATABASE_LOCKED: 503,
  WEB_APP_NOT_BUILT: 503,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof ERROR_STATUS;
export type ErrorStatus = (typeof ERROR_STATUS)[ErrorCode];

export const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];

/** The status `code` is answered with. */
export const errorStatusOf = (code: ErrorCode): ErrorStatus => ERROR_STATUS[code];
