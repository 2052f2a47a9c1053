import { Button, Card, Group, PasswordInput, Stack, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  profileSchema,
  type ProfileFormValues,
  type ProfileInput,
} from '@switchboard/shared/account';
import type { SessionUser } from '@switchboard/shared/auth';
import { useWatch } from 'react-hook-form';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { useSignOutOthers } from '../api/sign-out-others';
import { useUpdateProfile } from '../api/update-profile';
import { ChangePasswordForm } from './change-password-form';
import { FormAlert } from '../../../components/form-alert';
import { SectionHeading } from '../../../components/section-heading';
import { SubmitRow } from './submit-row';
import { useZodForm } from '../../../lib/use-zod-form';

const fields = ['name', 'email', 'currentPassword'] as const;

/** Name and email; the password; the other sessions. */
export function ProfileSection({ user }: { user: SessionUser }) {
  const { form, fieldProps } = useZodForm<ProfileFormValues, ProfileInput>(profileSchema, {
    name: user.name,
    email: user.email,
    currentPassword: '',
  });
  const updateMutation = useUpdateProfile();
  const signOutOthers = useSignOutOthers();
  const email = useWatch({ control: form.control, name: 'email' });
  const emailChanged = email.trim().toLowerCase() !== user.email.toLowerCase();

  const submit = (values: ProfileInput) => {
    updateMutation.mutate(
      { ...values, currentPassword: emailChanged ? values.currentPassword : undefined },
      {
        onSuccess: (updated) => {
          form.reset({ name: updated.name, email: updated.email, currentPassword: '' });
          notifications.show({ color: 'teal', title: 'Profile saved', message: updated.email });
        },
        onError: (error) => {
          if (applyServerFieldErrors(error, fields, form.setError)) updateMutation.reset();
        },
      },
    );
  };

  return (
    <Stack gap="lg">
      <Card withBorder padding="lg" radius="md">
        <form noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)}>
          <Stack gap="md">
            <Title order={3} size="h4">
              Profile
            </Title>
            {updateMutation.isError && (
              <FormAlert title="Could not save your profile" error={updateMutation.error} />
            )}
            <TextInput label="Name" autoComplete="name" {...fieldProps('name')} />
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              description={
                user.role === 'admin'
                  ? 'Where password links are sent'
                  : 'You sign in with it, and password links are sent to it'
              }
              {...fieldProps('email')}
            />
            {emailChanged && (
              <PasswordInput
                label="Current password"
                description="Needed to change your email"
                autoComplete="current-password"
                withAsterisk
                {...fieldProps('currentPassword')}
              />
            )}
            <SubmitRow pending={updateMutation.isPending} disabled={!form.formState.isDirty}>
              Save profile
            </SubmitRow>
          </Stack>
        </form>
      </Card>
      <Card withBorder padding="lg" radius="md">
        <ChangePasswordForm />
      </Card>
      <Card withBorder padding="lg" radius="md">
        <Group justify="space-between" align="center" gap="md">
          <SectionHeading title="Other sessions" style={{ flex: 1, minWidth: 240 }}>
            Signed in on another computer or a shared device? End every session but this one.
          </SectionHeading>
          <Button
            variant="default"
            loading={signOutOthers.isPending}
            onClick={() => signOutOthers.mutate()}
          >
            Sign out other sessions
          </Button>
        </Group>
      </Card>
    </Stack>
  );
}
