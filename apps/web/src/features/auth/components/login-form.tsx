import { PasswordInput, Stack } from '@mantine/core';
import {
  loginSchema,
  type LoginFormValues,
  type LoginInput,
  type SessionUser,
} from '@switchboard/shared/auth';
import { isApiError } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { useLogin } from '../api/login';
import { FormAlert } from '../../../components/form-alert';
import { AuthSubmit, UserNameInput } from './auth-form-parts';
import { useZodForm } from '../../../lib/use-zod-form';

const fields = ['userName', 'password'] as const;

type LoginFormProps = {
  /** Called once the server accepts the credentials (the session is then set). */
  onSuccess: (user: SessionUser) => void;
};

export function LoginForm({ onSuccess }: LoginFormProps) {
  const { form, fieldProps } = useZodForm<LoginFormValues, LoginInput>(loginSchema, {
    userName: '',
    password: '',
  });
  const loginMutation = useLogin();

  const submit = (values: LoginInput) => {
    loginMutation.mutate(values, {
      onSuccess,
      onError: (error) => {
        // Field messages from the server go under their fields instead of the alert.
        if (applyServerFieldErrors(error, fields, form.setError)) loginMutation.reset();
      },
    });
  };

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)}>
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
        <UserNameInput autoFocus label="User name" {...fieldProps('userName')} />
        <PasswordInput
          label="Password"
          autoComplete="current-password"
          withAsterisk
          size="md"
          {...fieldProps('password')}
        />
        <AuthSubmit loading={loginMutation.isPending}>Sign in</AuthSubmit>
      </Stack>
    </form>
  );
}
