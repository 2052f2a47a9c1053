import {
  NumberInput,
  Select,
  TextInput,
  type NumberInputProps,
  type SelectProps,
  type TextInputProps,
} from '@mantine/core';
import { useController, type Control, type FieldValues, type Path } from 'react-hook-form';

type Bound<T extends FieldValues> = { control: Control<T>; name: Path<T> };

/**
 * A Select bound to a form's field, with the field's message under it: the field holds the
 * chosen value, '' for none.
 */
export function FormSelect<T extends FieldValues>({
  control,
  name,
  ...select
}: Bound<T> & Omit<SelectProps, 'name' | 'value' | 'onChange' | 'error'>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <Select
      {...select}
      value={field.value}
      onChange={(value) => field.onChange(value ?? '')}
      error={fieldState.error?.message}
    />
  );
}

/** A whole number bound to a form's field; an emptied box stands for its least value. */
export function FormNumberInput<T extends FieldValues>({
  control,
  name,
  min,
  ...input
}: Bound<T> & Omit<NumberInputProps, 'name' | 'value' | 'onChange' | 'error'> & { min: number }) {
  const { field, fieldState } = useController({ control, name });
  return (
    <NumberInput
      {...input}
      min={min}
      value={field.value}
      onChange={(value) => field.onChange(typeof value === 'number' ? value : min)}
      error={fieldState.error?.message}
    />
  );
}

/** A text box bound to a form's field (one in a field array, say); no value shows empty. */
export function FormTextInput<T extends FieldValues>({
  control,
  name,
  ...input
}: Bound<T> & Omit<TextInputProps, 'name' | 'value' | 'onChange' | 'onBlur' | 'error'>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <TextInput {...input} {...field} value={field.value ?? ''} error={fieldState.error?.message} />
  );
}
