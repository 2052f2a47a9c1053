import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Anchor, Button, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import {
  createAccountSchema,
  type CreateAccountFormValues,
  type CreateAccountInput,
} from '@switchboard/shared/auth';
import { IconUserExclamation } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { isApiError } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { browserTimeZone, timeZoneOptions } from '../../../lib/time-zones';
import { useCreateAccount, type CreateAccountResult } from '../api/create-account';
import { FormAlert } from '../../../components/form-alert';
import { CountryField, TimeZoneField } from '../../../components/location-fields';
import { bindField } from '../../../lib/bind-field';
import { BusinessPhoneInput, BusinessWebsiteInput } from '../../../components/business-fields';

const fields = [
  'businessName',
  'email',
  'phone',
  'website',
  'pointOfContact',
  'country',
  'timezone',
] as const;

type CreateAccountFormProps = {
  /** Called with what the server accepted and its answer, to show the next step. */
  onSuccess: (account: CreateAccountInput, result: CreateAccountResult) => void;
};

export function CreateAccountForm({ onSuccess }: CreateAccountFormProps) {
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<CreateAccountFormValues, unknown, CreateAccountInput>({
    resolver: zodResolver(createAccountSchema),
    defaultValues: {
      businessName: '',
      email: '',
      phone: '',
      website: '',
      pointOfContact: '',
      country: '',
      // Dates are shown in the business's zone; the device's is the best first guess.
      timezone: browserTimeZone(),
    },
  });
  const fieldProps = bindField(register, errors);
  const createAccountMutation = useCreateAccount();
  const timeZones = useMemo(() => timeZoneOptions([browserTimeZone()]), []);
  const { error } = createAccountMutation;
  const emailTaken = isApiError(error) && error.code === 'EMAIL_TAKEN' ? error : null;

  const submit = (values: CreateAccountInput) => {
    createAccountMutation.mutate(values, {
      onSuccess: (result) => onSuccess(values, result),
      onError: (error) => {
        if (isApiError(error) && error.code === 'EMAIL_TAKEN') {
          // The field says what is wrong; the alert above says it in full, with the way out.
          setError('email', { type: 'server', message: 'This email already has an account' });
          return;
        }
        if (applyServerFieldErrors(error, fields, setError)) createAccountMutation.reset();
      },
    });
  };

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
      <Stack gap="md">
        {emailTaken ? (
          <Alert
            color="yellow"
            variant="light"
            title="This email already has an account"
            icon={<IconUserExclamation size={20} />}
            role="alert"
          >
            <Stack gap={6} align="flex-start">
              <Text size="sm">{emailTaken.message}</Text>
              <Anchor
                component={Link}
                to="/login"
                fw={600}
                size="sm"
                c="inherit"
                underline="always"
              >
                Go to sign in
              </Anchor>
              <Anchor
                component={Link}
                to="/forgot-password"
                fw={600}
                size="sm"
                c="inherit"
                underline="always"
              >
                Lost the password or the set-password mail? Get a new link
              </Anchor>
            </Stack>
          </Alert>
        ) : (
          createAccountMutation.isError && (
            <FormAlert title="Could not create the account" error={createAccountMutation.error} />
          )
        )}
        <TextInput
          autoFocus
          label="Business name"
          autoComplete="organization"
          withAsterisk
          {...fieldProps('businessName')}
        />
        <TextInput
          label="Point of contact"
          description="The person we should talk to about this account"
          autoComplete="name"
          withAsterisk
          {...fieldProps('pointOfContact')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="you@business.com"
            withAsterisk
            {...fieldProps('email')}
          />
          <BusinessPhoneInput {...fieldProps('phone')} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <BusinessWebsiteInput {...fieldProps('website')} />
          <CountryField control={control} name="country" placeholder="Search countries" />
        </SimpleGrid>
        <TimeZoneField
          control={control}
          name="timezone"
          description="Call times and dates are shown in this zone"
          placeholder="Search time zones"
          data={timeZones}
        />
        <Button type="submit" size="md" fullWidth mt="xs" loading={createAccountMutation.isPending}>
          Create account
        </Button>
      </Stack>
    </form>
  );
}
