import { TextInput, type TextInputProps } from '@mantine/core';
import type { Ref } from 'react';

type InputProps = TextInputProps & { ref?: Ref<HTMLInputElement> };

/** A business's phone number: optional, checked against the business's country. */
export function BusinessPhoneInput(props: InputProps) {
  return (
    <TextInput
      label="Phone"
      type="tel"
      autoComplete="tel"
      placeholder="Optional"
      description="Checked for the business’s country"
      {...props}
    />
  );
}

/** A business's website: optional, the scheme may be left out. */
export function BusinessWebsiteInput(props: InputProps) {
  return (
    <TextInput label="Website" type="url" autoComplete="url" placeholder="example.com" {...props} />
  );
}
