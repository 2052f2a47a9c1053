import { useForm, type DefaultValues, type FieldValues, type Path } from 'react-hook-form';
import { requestResolver, settleSave } from './form-errors';

type CreateMutation<I, R> = {
  mutateAsync: (input: I) => Promise<R>;
  reset: () => void;
  isPending: boolean;
};

/**
 * The form of a "new …" modal, checked by the shared request schema (`requestResolver`) and sent
 * with `create`. `close` (refused while the request runs) forgets the last answer and the values;
 * `submit` sends, puts the server's field messages under their fields, and once saved calls
 * `onSaved` (if given) and closes.
 */
export function useCreateForm<T extends FieldValues, I, R>(options: {
  create: CreateMutation<I, R>;
  empty: T;
  schema: Parameters<typeof requestResolver>[0];
  toInput: (values: T) => I;
  fieldOf: (path: readonly PropertyKey[]) => Path<T> | undefined;
  fields: readonly Path<T>[];
  onClose: () => void;
  onSaved?: (saved: R) => void;
}) {
  const { create, empty, toInput, onClose, onSaved } = options;
  const form = useForm<T>({
    defaultValues: empty as DefaultValues<T>,
    resolver: requestResolver<T>(options.schema, toInput, options.fieldOf),
  });

  const close = () => {
    if (create.isPending) return;
    create.reset();
    form.reset(empty);
    onClose();
  };

  const submit = form.handleSubmit((values) =>
    settleSave<T, R>(create.mutateAsync(toInput(values)), {
      fields: options.fields,
      setError: form.setError,
      onSaved: (saved) => {
        onSaved?.(saved);
        close();
      },
      clearAlert: create.reset,
    }),
  );

  return { form, close, submit };
}
