import { Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { FormActions } from './form-actions';
import { FormAlert } from './form-alert';

type ModalFormProps = {
  onSubmit: (event: FormEvent<HTMLFormElement>) => unknown;
  /** The save: its failure shows above the fields, and the submit button spins while it runs. */
  mutation: { isError: boolean; error: unknown; isPending: boolean };
  /** "Could not add the enquiry". */
  errorTitle: string;
  onCancel: () => void;
  submitLabel: string;
  children: ReactNode;
};

/**
 * A modal's form: why the save failed (what the fields do not say under themselves) on top,
 * the fields, then Cancel and the submit button. The browser's own checks are off: the form's
 * schema says what is wrong.
 */
export function ModalForm({
  onSubmit,
  mutation,
  errorTitle,
  onCancel,
  submitLabel,
  children,
}: ModalFormProps) {
  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)}>
      <Stack gap="md">
        {mutation.isError && <FormAlert title={errorTitle} error={mutation.error} />}
        {children}
        <FormActions
          onCancel={onCancel}
          pending={mutation.isPending}
          submitLabel={submitLabel}
          gap="sm"
        />
      </Stack>
    </form>
  );
}
