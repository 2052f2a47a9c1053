import type {
  FieldError,
  FieldErrors,
  FieldValues,
  Path,
  Resolver,
  UseFormSetError,
} from 'react-hook-form';
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

/**
 * Settles a form's save: `onSaved` with the answer when it succeeds; when the server refuses
 * with field messages, they go under the fields and `clearAlert` drops the general alert (the
 * fields already say it). Any other failure stays on the mutation for the form's alert.
 */
export function settleSave<T extends FieldValues, R>(
  request: Promise<R>,
  form: {
    fields: readonly Path<T>[];
    setError: UseFormSetError<T>;
    onSaved: (saved: R) => void;
    clearAlert: () => void;
  },
): Promise<void> {
  return request.then(form.onSaved, (error: unknown) => {
    if (applyServerFieldErrors<T>(error, form.fields, form.setError)) form.clearAlert();
  });
}

type RequestSchema = {
  safeParse(
    input: unknown,
  ):
    | { success: true }
    | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
};

/**
 * A form checked by the shared request schema: the values become the request (`toInput`), and
 * each issue goes under the field `fieldOf` names for its path (the first issue a field).
 */
export function requestResolver<T extends FieldValues>(
  schema: RequestSchema,
  toInput: (values: T) => unknown,
  fieldOf: (path: readonly PropertyKey[]) => Path<T> | undefined,
): Resolver<T> {
  return (values) => {
    const result = schema.safeParse(toInput(values));
    if (result.success) return { values, errors: {} };
    const errors: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      const field = fieldOf(issue.path);
      if (field && !errors[field]) errors[field] = { type: 'validation', message: issue.message };
    }
    return { values: {}, errors: errors as FieldErrors<T> };
  };
}
