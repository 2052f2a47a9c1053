import {
  get,
  type FieldError,
  type FieldErrors,
  type FieldValues,
  type Path,
  type UseFormRegister,
} from 'react-hook-form';

/**
 * What a Mantine input takes from a react-hook-form field: the registration (name, ref,
 * onChange, onBlur) and the field's message as `error`. `<TextInput {...fieldProps('email')} />` (with `const fieldProps = bindField(register, errors)`).
 */
export function bindField<T extends FieldValues>(
  register: UseFormRegister<T>,
  errors: FieldErrors<T>,
) {
  return (name: Path<T>) => {
    const error = get<FieldErrors<T>>(errors, name) as FieldError | undefined;
    return { ...register(name), error: error?.message };
  };
}
