import { Stack, Text } from '@mantine/core';
import { forgotPasswordSchema, type ForgotPasswordInput } from '@switchboard/shared/auth';
import { IconMailForward } from '@tabler/icons-react';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { useRequestPasswordReset } from '../api/forgot-password';
import { FormAlert } from '../../../components/form-alert';
import { AuthSubmit, UserNameInput } from './auth-form-parts';
import { Notice } from '../../../components/notice';
import { useZodForm } from '../../../lib/use-zod-form';
import { useFocusOnceDrawn } from '../../../lib/use-focus-once-drawn';

/**
 * "Forgot password": asks for the user name or email. The server answers the same whether or
 * not the account exists, and so does this form.
 */
export function ForgotPasswordForm() {
  const { form, fieldProps } = useZodForm<ForgotPasswordInput>(forgotPasswordSchema, { login: '' });
  const resetMutation = useRequestPasswordReset();
  const formRef = useFocusOnceDrawn<HTMLFormElement>();

  const submit = (values: ForgotPasswordInput) => {
    resetMutation.mutate(values, {
      onError: (error) => {
        if (applyServerFieldErrors(error, ['login'], form.setError)) resetMutation.reset();
      },
    });
  };

  if (resetMutation.isSuccess) {
    return (
      <Notice tone="success" title="Check your email" icon={IconMailForward}>
        <Text size="sm">{resetMutation.data.message}</Text>
      </Notice>
    );
  }

  return (
    <form ref={formRef} noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)}>
      <Stack gap="md">
        {resetMutation.isError && (
          <FormAlert title="Could not send the link" error={resetMutation.error} />
        )}
        <UserNameInput data-focus-once-drawn label="User name or email" {...fieldProps('login')} />
        <AuthSubmit loading={resetMutation.isPending}>Send me a link</AuthSubmit>
      </Stack>
    </form>
  );
}
