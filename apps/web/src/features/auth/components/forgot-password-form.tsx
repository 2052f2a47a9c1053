import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Button, Stack, Text, TextInput } from '@mantine/core';
import { forgotPasswordSchema, type ForgotPasswordInput } from '@switchboard/shared/auth';
import { IconMailForward } from '@tabler/icons-react';
import { useForm } from 'react-hook-form';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { useRequestPasswordReset } from '../api/forgot-password';
import { FormAlert } from '../../../components/form-alert';
import { bindField } from '../../../lib/bind-field';

/**
 * "Forgot password": asks for the user name or email. The server answers the same whether or
 * not the account exists, and so does this form.
 */
export function ForgotPasswordForm() {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ForgotPasswordInput>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: { login: '' },
  });
  const fieldProps = bindField(register, errors);
  const resetMutation = useRequestPasswordReset();

  const submit = (values: ForgotPasswordInput) => {
    resetMutation.mutate(values, {
      onError: (error) => {
        if (applyServerFieldErrors(error, ['login'], setError)) resetMutation.reset();
      },
    });
  };

  if (resetMutation.isSuccess) {
    return (
      <Alert
        color="teal"
        variant="light"
        title="Check your email"
        icon={<IconMailForward size={20} />}
        role="status"
      >
        <Text size="sm">{resetMutation.data.message}</Text>
      </Alert>
    );
  }

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
      <Stack gap="md">
        {resetMutation.isError && (
          <FormAlert title="Could not send the link" error={resetMutation.error} />
        )}
        <TextInput
          autoFocus
          label="User name or email"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          withAsterisk
          size="md"
          {...fieldProps('login')}
        />
        <Button type="submit" size="md" fullWidth mt="xs" loading={resetMutation.isPending}>
          Send me a link
        </Button>
      </Stack>
    </form>
  );
}
