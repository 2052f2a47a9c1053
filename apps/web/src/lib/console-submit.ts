import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { settleSave } from './form-errors';

/**
 * A console form's submit: once the values pass the form's checks, `send` makes the request
 * (undefined when there is nothing to send yet); once saved, `onSaved`. When the server refuses
 * with field messages they go under the fields, and the form's alert (`save.reset`) is dropped.
 */
export function consoleSubmit<T extends FieldValues, V, R>(
  form: Pick<UseFormReturn<T, unknown, V>, 'handleSubmit' | 'setError'>,
  save: { reset: () => void },
  options: {
    fields: readonly Path<T>[];
    send: (values: V) => Promise<R> | undefined;
    onSaved: (saved: R) => void;
  },
) {
  return form.handleSubmit((values) => {
    const request = options.send(values);
    if (!request) return Promise.resolve();
    return settleSave<T, R>(request, {
      fields: options.fields,
      setError: form.setError,
      onSaved: options.onSaved,
      clearAlert: save.reset,
    });
  });
}
