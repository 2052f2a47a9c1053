import {
  get,
  type FieldError,
  type FieldErrors,
  type ControllerFieldState,
  type FieldValues,
  type Noop,
  type RefCallBack,
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

/**
 * A `Controller`'s field as a Mantine input's name, ref, onBlur and message; the value and
 * onChange stay with the caller, who knows the input's own shape (null for none, an event…).
 */
export function controlledProps(
  field: { name: string; ref: RefCallBack; onBlur: Noop },
  fieldState: ControllerFieldState,
) {
  return {
    name: field.name,
    ref: field.ref,
    onBlur: field.onBlur,
    error: fieldState.error?.message,
  };
}
