import { PasswordInput, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { LoginFormValues, LoginInput, SessionUser } from '@switchboard/shared/auth';
import { isApiError } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { useLogin } from '../api/login';
import { FormAlert } from '../../../components/form-alert';
import { Notice } from '../../../components/notice';
import { AuthSubmit, UserNameInput } from './auth-form-parts';
import { useDeferredZodForm } from '../../../lib/use-deferred-zod-form';
import { useFocusOnceDrawn } from '../../../lib/use-focus-once-drawn';

const fields = ['userName', 'password'] as const;

const loadLoginSchema = () => import('@switchboard/shared/auth').then((auth) => auth.loginSchema);

type LoginFormProps = {
  /** Called once the server accepts the credentials (the session is then set). */
  onSuccess: (user: SessionUser) => void;
};

export function LoginForm({ onSuccess }: LoginFormProps) {
  // Sign-in is many visits' first page: its checks (and zod) arrive after it is drawn.
  const { form, fieldProps } = useDeferredZodForm<LoginFormValues, LoginInput>(loadLoginSchema, {
    userName: '',
    password: '',
  });
  const loginMutation = useLogin();
  const formRef = useFocusOnceDrawn<HTMLFormElement>();

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
    <form ref={formRef} noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)}>
      <Stack gap="md">
        {form.formState.errors.root && (
          <Notice tone="danger" title="Could not sign you in" icon={IconAlertCircle}>
            {form.formState.errors.root.message}
          </Notice>
        )}
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
        <UserNameInput data-focus-once-drawn label="User name" {...fieldProps('userName')} />
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
