import { Alert, Card, SimpleGrid, Skeleton, Stack, TextInput, Title } from '@mantine/core';
import {
  businessSettingsSchema,
  type Business,
  type BusinessSettingsFormValues,
  type BusinessSettingsInput,
} from '@switchboard/shared/account';
import { countryNames } from '@switchboard/shared/countries';
import { IconLock } from '@tabler/icons-react';
import { useMemo } from 'react';
import { QueryError } from '../../../components/query-error';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { timeZoneOptions } from '../../../lib/time-zones';
import { useBusiness } from '../api/get-business';
import { useUpdateBusiness } from '../api/update-business';
import { FormAlert } from '../../../components/form-alert';
import { CountryField, TimeZoneField } from '../../../components/location-fields';
import { SubmitRow } from './submit-row';
import { useZodForm } from '../../../lib/use-zod-form';
import { BusinessPhoneInput, BusinessWebsiteInput } from '../../../components/business-fields';

const fields = ['name', 'phone', 'website', 'country', 'timezone'] as const;

/** The business's details; owners change them, members read them. */
export function BusinessSection({ canEdit }: { canEdit: boolean }) {
  const business = useBusiness();
  if (business.isError) {
    return (
      <QueryError
        title="Could not load the business"
        error={business.error}
        onRetry={() => void business.refetch()}
      />
    );
  }
  if (!business.data) return <Skeleton h={360} radius="md" />;
  return <BusinessForm business={business.data} canEdit={canEdit} />;
}

function BusinessForm({ business, canEdit }: { business: Business; canEdit: boolean }) {
  const { form, fieldProps } = useZodForm<BusinessSettingsFormValues, BusinessSettingsInput>(
    businessSettingsSchema,
    {
      name: business.name,
      phone: business.phone,
      website: business.website,
      country: business.country,
      timezone: business.timezone,
    },
  );
  const updateMutation = useUpdateBusiness();
  const timeZones = useMemo(() => timeZoneOptions([business.timezone]), [business.timezone]);
  const countries = useMemo(
    () =>
      countryNames.includes(business.country) ? countryNames : [business.country, ...countryNames],
    [business.country],
  );

  const submit = (values: BusinessSettingsInput) => {
    updateMutation.mutate(values, {
      onSuccess: (saved) =>
        form.reset({
          name: saved.name,
          phone: saved.phone,
          website: saved.website,
          country: saved.country,
          timezone: saved.timezone,
        }),
      onError: (error) => {
        if (applyServerFieldErrors(error, fields, form.setError)) updateMutation.reset();
      },
    });
  };

  return (
    <Card withBorder padding="lg" radius="md">
      <form noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)}>
        <fieldset disabled={!canEdit} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack gap="md">
            <Title order={3} size="h4">
              Business
            </Title>
            {!canEdit && (
              <Alert color="gray" variant="light" icon={<IconLock size={18} />}>
                Only an owner of the business can change these details.
              </Alert>
            )}
            {updateMutation.isError && (
              <FormAlert title="Could not save the business" error={updateMutation.error} />
            )}
            <TextInput
              label="Business name"
              autoComplete="organization"
              withAsterisk
              {...fieldProps('name')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
              <BusinessPhoneInput {...fieldProps('phone')} />
              <BusinessWebsiteInput {...fieldProps('website')} />
            </SimpleGrid>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
              <CountryField
                control={form.control}
                name="country"
                data={countries}
                allowDeselect={false}
                disabled={!canEdit}
              />
              <TimeZoneField
                control={form.control}
                name="timezone"
                description="Every date and time is shown in this zone"
                data={timeZones}
                disabled={!canEdit}
              />
            </SimpleGrid>
            {canEdit && (
              <SubmitRow pending={updateMutation.isPending} disabled={!form.formState.isDirty}>
                Save business
              </SubmitRow>
            )}
          </Stack>
        </fieldset>
      </form>
    </Card>
  );
}
