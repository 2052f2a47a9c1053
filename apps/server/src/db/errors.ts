/**
 * The PostgreSQL error code (SQLSTATE) behind an error, whichever driver raised it; Drizzle
 * wraps driver errors, so the code may sit on a cause.
 */
export function pgErrorCode(error: unknown): string | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export const UNIQUE_VIOLATION = '23505';
export const FOREIGN_KEY_VIOLATION = '23503';
/**
 * program_limit_exceeded: a value passes one of the database's own limits (a transcript whose
 * search vector is over 1 MB); the error handler answers 400.
 */
export const PROGRAM_LIMIT_EXCEEDED = '54000';
/** query_canceled: here, PostgreSQL's statement_timeout (DATABASE_STATEMENT_TIMEOUT_MS) ran out. */
export const QUERY_CANCELED = '57014';

/** SQLSTATEs that mean the connection, not the statement, failed (class 08 is all of them). */
const CONNECTION_LOSS_CODES = new Set([
  '57P01', // admin_shutdown: the backend was terminated
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: the server is starting or shutting down
  '53300', // too_many_connections
]);
/** Node's socket errors on the way to the database. */
const SOCKET_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
]);
/** What node-postgres says when the socket went away or a pool could not connect in time. */
const CONNECTION_LOSS_MESSAGE =
  /Connection terminated|not queryable|timeout exceeded when trying to connect|Client was closed/i;

/**
 * Whether an error means the database could not be reached or the connection broke under the
 * statement (node-postgres; Drizzle wraps it, so causes are looked at too). Such a failure is
 * not the request's fault: the error handler answers 503 with Retry-After.
 */
export function isConnectionLoss(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth += 1) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string') {
      if (code.startsWith('08') && code.length === 5) return true;
      if (CONNECTION_LOSS_CODES.has(code) || SOCKET_ERROR_CODES.has(code)) return true;
    }
    if (typeof message === 'string' && CONNECTION_LOSS_MESSAGE.test(message)) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
