import { ERROR_CODES } from './error-codes';
import type { FieldIssue, WireError, WireErrorCode } from './errors';

/**
 * `wireErrorSchema.safeParse(payload)` without zod: the web app's API client reads every failed
 * answer with it, and zod (~23 KB compressed) would otherwise come with every page, the landing
 * page included (decision 075). The same rules — a known code or a framework `FST_` code, a
 * message, optional field issues, a request id — and, like the schema, it answers only the
 * known keys. errors.test.ts holds it to the schema.
 */
export function readWireError(payload: unknown): WireError | undefined {
  if (!isRecord(payload) || !isRecord(payload.error) || typeof payload.requestId !== 'string') {
    return undefined;
  }
  const { code, message, details } = payload.error;
  if (!isWireErrorCode(code) || typeof message !== 'string') return undefined;
  if (details === undefined) return { error: { code, message }, requestId: payload.requestId };
  if (!isRecord(details) || !Array.isArray(details.issues)) return undefined;
  const issues: FieldIssue[] = [];
  for (const issue of details.issues as unknown[]) {
    if (!isRecord(issue) || typeof issue.message !== 'string' || !isIssuePath(issue.path)) {
      return undefined;
    }
    issues.push({ path: issue.path, message: issue.message });
  }
  return { error: { code, message, details: { issues } }, requestId: payload.requestId };
}

const errorCodes = new Set<string>(ERROR_CODES);

function isWireErrorCode(value: unknown): value is WireErrorCode {
  return typeof value === 'string' && (errorCodes.has(value) || value.startsWith('FST_'));
}

function isIssuePath(value: unknown): value is FieldIssue['path'] {
  if (typeof value === 'string') return true;
  return (
    Array.isArray(value) &&
    value.every(
      (part) => typeof part === 'string' || (typeof part === 'number' && Number.isFinite(part)),
    )
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
