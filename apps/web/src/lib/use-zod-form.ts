import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues } from 'react-hook-form';
import type { z } from 'zod';
import { bindField } from './bind-field';

/**
 * A form checked by a zod schema (`Values` what the inputs hold, `Output` what the schema makes
 * of them), and `fieldProps(name)` for a Mantine input: `<TextInput {...fieldProps('email')} />`.
 */
export function useZodForm<Values extends FieldValues, Output = Values>(
  schema: z.ZodType<Output, Values>,
  defaultValues: DefaultValues<Values>,
) {
  const form = useForm<Values, unknown, Output>({ resolver: zodResolver(schema), defaultValues });
  return { form, fieldProps: bindField(form.register, form.formState.errors) };
}
