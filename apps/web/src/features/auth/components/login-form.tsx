import { zodResolver } from '@hookform/resolvers/zod';
import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import {
  loginSchema,
  type LoginFormValues,
  type LoginInput,
  type SessionUser,
} from '@switchboard/shared/auth';
import { useForm } from 'react-hook-form';
import { isApiError } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { useLogin } from '../api/login';
import { FormAlert } from '../../../components/form-alert';
import { bindField } from '../../../lib/bind-field';

const fields = ['userName', 'password'] as const;

type LoginFormProps = {
  /** Called once the server accepts the credentials (the session is then set). */
  onSuccess: (user: SessionUser) => void;
};

export function LoginForm({ onSuccess }: LoginFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<LoginFormValues, unknown, LoginInput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { userName: '', password: '' },
  });
  const fieldProps = bindField(register, errors);
  const loginMutation = useLogin();

  const submit = (values: LoginInput) => {
    loginMutation.mutate(values, {
      onSuccess,
      onError: (error) => {
        // Field messages from the server go under their fields instead of the alert.
        if (applyServerFieldErrors(error, fields, setError)) loginMutation.reset();
      },
    });
  };

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
      <Stack gap="md">
        {loginMutation.isError && (
          <FormAlert
            title={
              isApiError(loginMutation.error) && loginMutation.error.code === 'RATE_LIMITED'
                ? 'Too many sign-in attempts'
                : 'Could not sign you in'
            }
            error={loginMutation.error}
          />
        )}
        <TextInput
          autoFocus
          label="User name"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          withAsterisk
          size="md"
          {...fieldProps('userName')}
        />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          withAsterisk
          size="md"
          {...fieldProps('password')}
        />
        <Button type="submit" size="md" fullWidth mt="xs" loading={loginMutation.isPending}>
          Sign in
        </Button>
      </Stack>
    </form>
  );
}
