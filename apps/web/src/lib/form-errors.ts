import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { isApiError } from './api-client';

/**
 * Puts the server's field messages (a 400 VALIDATION_ERROR carries
 * `details.issues = [{path: 'body.email', message}]`) under the matching fields.
 * Returns true when at least one field got a message, so the caller can skip a general alert.
 */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
): boolean {
  if (!isApiError(error) || !error.details) return false;

  let applied = false;
  for (const issue of error.details.issues) {
    // A string path names a request field (`body.email`); a list is a zod path inside one.
    if (typeof issue.path !== 'string') continue;
    const name = issue.path.replace(/^body\./, '');
    const field = fields.find((candidate) => candidate === name);
    if (field) {
      setError(field, { type: 'server', message: issue.message });
      applied = true;
    }
  }
  return applied;
}
