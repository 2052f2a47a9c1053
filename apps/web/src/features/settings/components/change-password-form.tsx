import { PasswordInput, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { changePasswordSchema } from '@switchboard/shared/account';
import { SET_PASSWORD_MIN_LENGTH } from '@switchboard/shared/auth';
import { z } from 'zod';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { useChangePassword } from '../api/change-password';
import { FormAlert } from '../../../components/form-alert';
import { SectionHeading } from '../../../components/section-heading';
import { SubmitRow } from './submit-row';
import { useZodForm } from '../../../lib/use-zod-form';

export const passwordsDoNotMatch = 'Passwords do not match';

// The server's rule (shared), plus the confirmation only the form has.
const formSchema = changePasswordSchema
  .extend({ confirmPassword: z.string() })
  .refine((values) => values.newPassword === values.confirmPassword, {
    error: passwordsDoNotMatch,
    path: ['confirmPassword'],
    when: (payload) => payload.value !== undefined,
  });
type FormValues = z.input<typeof formSchema>;

/** A new password with the current one; the user's other sessions end. */
export function ChangePasswordForm() {
  const { form, fieldProps } = useZodForm<FormValues>(formSchema, {
    currentPassword: '',
    newPassword: '',
    confirmPassword: '',
  });
  const changeMutation = useChangePassword();

  const submit = ({ currentPassword, newPassword }: FormValues) => {
    changeMutation.mutate(
      { currentPassword, newPassword },
      {
        onSuccess: () => {
          form.reset();
          notifications.show({
            color: 'teal',
            title: 'Password changed',
            message: 'Your other sessions were signed out.',
          });
        },
        onError: (error) => {
          if (applyServerFieldErrors(error, ['currentPassword', 'newPassword'], form.setError)) {
            changeMutation.reset();
          }
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)}>
      <Stack gap="md">
        <SectionHeading title="Password">Changing it signs you out everywhere else.</SectionHeading>
        {changeMutation.isError && (
          <FormAlert title="Could not change your password" error={changeMutation.error} />
        )}
        <PasswordInput
          label="Current password"
          autoComplete="current-password"
          withAsterisk
          {...fieldProps('currentPassword')}
        />
        <PasswordInput
          label="New password"
          description={`At least ${SET_PASSWORD_MIN_LENGTH} characters`}
          autoComplete="new-password"
          withAsterisk
          {...fieldProps('newPassword')}
        />
        <PasswordInput
          label="Confirm new password"
          autoComplete="new-password"
          withAsterisk
          {...fieldProps('confirmPassword')}
        />
        <SubmitRow pending={changeMutation.isPending}>Change password</SubmitRow>
      </Stack>
    </form>
  );
}
