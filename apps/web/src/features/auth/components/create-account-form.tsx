import { zodResolver } from '@hookform/resolvers/zod';
import { Button, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import {
  createAccountSchema,
  type CreateAccountFormValues,
  type CreateAccountInput,
} from '@switchboard/shared/auth';
import { Controller, useForm } from 'react-hook-form';
import { countryNames } from '../../../lib/countries';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { useCreateAccount } from '../api/create-account';
import { FormAlert } from './form-alert';

const fields = ['businessName', 'email', 'phone', 'website', 'pointOfContact', 'country'] as const;

type CreateAccountFormProps = {
  /** Called with what the server accepted, to show the next step. */
  onSuccess: (account: CreateAccountInput) => void;
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
    },
  });
  const createAccountMutation = useCreateAccount();

  const submit = (values: CreateAccountInput) => {
    createAccountMutation.mutate(values, {
      onSuccess: () => onSuccess(values),
      onError: (error) => {
        if (applyServerFieldErrors(error, fields, setError)) createAccountMutation.reset();
      },
    });
  };

  return (
    <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
      <Stack gap="md">
        {createAccountMutation.isError && (
          <FormAlert title="Could not create the account" error={createAccountMutation.error} />
        )}
        <TextInput
          label="Business name"
          autoComplete="organization"
          withAsterisk
          error={errors.businessName?.message}
          {...register('businessName')}
        />
        <TextInput
          label="Point of contact"
          description="The person we should talk to about this account"
          autoComplete="name"
          withAsterisk
          error={errors.pointOfContact?.message}
          {...register('pointOfContact')}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="you@business.com"
            withAsterisk
            error={errors.email?.message}
            {...register('email')}
          />
          <TextInput
            label="Phone"
            type="tel"
            autoComplete="tel"
            placeholder="Optional"
            error={errors.phone?.message}
            {...register('phone')}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
          <TextInput
            label="Website"
            type="url"
            autoComplete="url"
            placeholder="https://example.com"
            error={errors.website?.message}
            {...register('website')}
          />
          <Controller
            control={control}
            name="country"
            render={({ field, fieldState }) => (
              <Select
                label="Country"
                placeholder="Search countries"
                data={countryNames}
                searchable
                nothingFoundMessage="No country matches"
                autoComplete="off"
                withAsterisk
                name={field.name}
                ref={field.ref}
                value={field.value === '' ? null : field.value}
                onChange={(value) => field.onChange(value ?? '')}
                onBlur={field.onBlur}
                error={fieldState.error?.message}
              />
            )}
          />
        </SimpleGrid>
        <Button type="submit" size="md" fullWidth mt="xs" loading={createAccountMutation.isPending}>
          Create account
        </Button>
      </Stack>
    </form>
  );
}
