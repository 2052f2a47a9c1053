import { SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import {
  createAccountSchema,
  type CreateAccountFormValues,
  type CreateAccountInput,
} from '@switchboard/shared/auth';
import { IconUserExclamation } from '@tabler/icons-react';
import { useMemo } from 'react';
import { isApiError } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { browserTimeZone, timeZoneOptions } from '../../../lib/time-zones';
import { useCreateAccount, type CreateAccountResult } from '../api/create-account';
import { FormAlert } from '../../../components/form-alert';
import { AlertLink, AuthSubmit } from './auth-form-parts';
import { CountryField, TimeZoneField } from '../../../components/location-fields';
import { useZodForm } from '../../../lib/use-zod-form';
import { useFocusOnceDrawn } from '../../../lib/use-focus-once-drawn';
import { Notice } from '../../../components/notice';
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
  const { form, fieldProps } = useZodForm<CreateAccountFormValues, CreateAccountInput>(
    createAccountSchema,
    {
      businessName: '',
      email: '',
      phone: '',
      website: '',
      pointOfContact: '',
      country: '',
      // Dates are shown in the business's zone; the device's is the best first guess.
      timezone: browserTimeZone(),
    },
  );
  const createAccountMutation = useCreateAccount();
  const formRef = useFocusOnceDrawn<HTMLFormElement>();
  const timeZones = useMemo(() => timeZoneOptions([browserTimeZone()]), []);
  const { error } = createAccountMutation;
  const emailTaken = isApiError(error) && error.code === 'EMAIL_TAKEN' ? error : null;

  const submit = (values: CreateAccountInput) => {
    createAccountMutation.mutate(values, {
      onSuccess: (result) => onSuccess(values, result),
      onError: (error) => {
        if (isApiError(error) && error.code === 'EMAIL_TAKEN') {
          // The field says what is wrong; the alert above says it in full, with the way out.
          form.setError('email', { type: 'server', message: 'This email already has an account' });
          return;
        }
        if (applyServerFieldErrors(error, fields, form.setError)) createAccountMutation.reset();
      },
    });
  };

  return (
    <form ref={formRef} noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)}>
      <Stack gap="md">
        {emailTaken ? (
          <Notice
            tone="warning"
            title="This email already has an account"
            icon={IconUserExclamation}
          >
            <Stack gap={6} align="flex-start">
              <Text size="sm">{emailTaken.message}</Text>
              <AlertLink to="/login">Go to sign in</AlertLink>
              <AlertLink to="/forgot-password">
                Lost the password or the set-password mail? Get a new link
              </AlertLink>
            </Stack>
          </Notice>
        ) : (
          createAccountMutation.isError && (
            <FormAlert title="Could not create the account" error={createAccountMutation.error} />
          )
        )}
        <TextInput
          data-focus-once-drawn
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
          <CountryField control={form.control} name="country" placeholder="Search countries" />
        </SimpleGrid>
        <TimeZoneField
          control={form.control}
          name="timezone"
          description="Call times and dates are shown in this zone"
          placeholder="Search time zones"
          data={timeZones}
        />
        <AuthSubmit loading={createAccountMutation.isPending}>Create account</AuthSubmit>
      </Stack>
    </form>
  );
}
