import { PasswordInput, Stack, Text } from '@mantine/core';
import {
  SET_PASSWORD_MIN_LENGTH,
  setPasswordSchema,
  type SessionUser,
} from '@switchboard/shared/auth';
import { IconLinkOff } from '@tabler/icons-react';
import { useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { isApiError } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { useSetPassword } from '../api/set-password';
import { FormAlert } from '../../../components/form-alert';
import { AlertLink, AuthSubmit } from './auth-form-parts';
import { Notice } from '../../../components/notice';
import { useZodForm } from '../../../lib/use-zod-form';
import { useFocusOnceDrawn } from '../../../lib/use-focus-once-drawn';
import { DEFAULT_AFTER_SIGN_IN } from '../../../lib/redirect-to';

export const passwordsDoNotMatch = 'Passwords do not match';

// The server's rule for the password (shared), plus the confirmation only the form has.
const setPasswordFormSchema = setPasswordSchema
  .pick({ password: true })
  .extend({ confirmPassword: z.string() })
  .refine((values) => values.password === values.confirmPassword, {
    error: passwordsDoNotMatch,
    path: ['confirmPassword'],
    // Also when the password itself is still too short: both problems are worth knowing.
    when: (payload) => payload.value !== undefined,
  });
type SetPasswordFormValues = z.input<typeof setPasswordFormSchema>;

/** The link's token is gone, used or expired: nothing to set, the way out is a new link. */
function InvalidLinkAlert({ message }: { message: string }) {
  return (
    <Notice tone="danger" title="This link cannot be used" icon={IconLinkOff}>
      <Stack gap="xs">
        <Text size="sm">{message}</Text>
        <Text size="sm">
          <AlertLink to="/forgot-password">Ask for a new link</AlertLink> with your email (it works
          for a lost or expired link too), or <AlertLink to="/login">sign in</AlertLink> if you
          already set your password.
        </Text>
      </Stack>
    </Notice>
  );
}

type SetPasswordFormProps = {
  token: string;
  onSuccess: (user: SessionUser) => void;
  /** The button's words: "Set password and sign in", "Reset password and sign in". */
  submitLabel?: string;
};

export function SetPasswordForm({
  token,
  onSuccess,
  submitLabel = 'Set password and sign in',
}: SetPasswordFormProps) {
  const { form, fieldProps } = useZodForm<SetPasswordFormValues>(setPasswordFormSchema, {
    password: '',
    confirmPassword: '',
  });
  const setPasswordMutation = useSetPassword();
  const formRef = useFocusOnceDrawn<HTMLFormElement>();
  const { error } = setPasswordMutation;

  const submit = ({ password }: SetPasswordFormValues) => {
    setPasswordMutation.mutate(
      { token, password },
      {
        onSuccess,
        onError: (failure) => {
          if (applyServerFieldErrors(failure, ['password'], form.setError))
            setPasswordMutation.reset();
        },
      },
    );
  };

  if (isApiError(error) && error.code === 'TOKEN_INVALID') {
    return <InvalidLinkAlert message={error.message} />;
  }

  return (
    <form ref={formRef} noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)}>
      <Stack gap="md">
        {setPasswordMutation.isError && (
          <FormAlert title="Could not set your password" error={error} />
        )}
        <PasswordInput
          data-focus-once-drawn
          label="New password"
          description={`At least ${SET_PASSWORD_MIN_LENGTH} characters`}
          autoComplete="new-password"
          withAsterisk
          size="md"
          {...fieldProps('password')}
        />
        <PasswordInput
          label="Confirm password"
          autoComplete="new-password"
          withAsterisk
          size="md"
          {...fieldProps('confirmPassword')}
        />
        <AuthSubmit loading={setPasswordMutation.isPending}>{submitLabel}</AuthSubmit>
      </Stack>
    </form>
  );
}

/**
 * The form of the set-password and reset-password screens: the token comes from the mail's link
 * (`?token=`); once the password is set, the user is signed in and taken into the app.
 */
export function SetPasswordFromLink({ submitLabel }: { submitLabel?: string }) {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  if (!token) {
    return (
      <InvalidLinkAlert message="This address is missing its token. Open the link from the email exactly as it was sent; if it still fails, ask for a new one." />
    );
  }
  return (
    <SetPasswordForm
      token={token}
      submitLabel={submitLabel}
      onSuccess={() => void navigate(DEFAULT_AFTER_SIGN_IN, { replace: true })}
    />
  );
}
