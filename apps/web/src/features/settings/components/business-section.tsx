import { zodResolver } from '@hookform/resolvers/zod';
import {
  Alert,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Stack,
  TextInput,
  Title,
} from '@mantine/core';
import {
  businessSettingsSchema,
  type Business,
  type BusinessSettingsFormValues,
  type BusinessSettingsInput,
} from '@switchboard/shared/account';
import { countryNames } from '@switchboard/shared/countries';
import { IconLock } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { QueryError } from '../../../components/query-error';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { timeZoneOptions } from '../../../lib/time-zones';
import { useBusiness } from '../api/get-business';
import { useUpdateBusiness } from '../api/update-business';
import { FormAlert } from '../../../components/form-alert';
import { CountryField, TimeZoneField } from '../../../components/location-fields';
import { bindField } from '../../../lib/bind-field';
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
  const {
    register,
    control,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isDirty },
  } = useForm<BusinessSettingsFormValues, unknown, BusinessSettingsInput>({
    resolver: zodResolver(businessSettingsSchema),
    defaultValues: {
      name: business.name,
      phone: business.phone,
      website: business.website,
      country: business.country,
      timezone: business.timezone,
    },
  });
  const fieldProps = bindField(register, errors);
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
        reset({
          name: saved.name,
          phone: saved.phone,
          website: saved.website,
          country: saved.country,
          timezone: saved.timezone,
        }),
      onError: (error) => {
        if (applyServerFieldErrors(error, fields, setError)) updateMutation.reset();
      },
    });
  };

  return (
    <Card withBorder padding="lg" radius="md">
      <form noValidate onSubmit={(event) => void handleSubmit(submit)(event)}>
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
                control={control}
                name="country"
                data={countries}
                allowDeselect={false}
                disabled={!canEdit}
              />
              <TimeZoneField
                control={control}
                name="timezone"
                description="Every date and time is shown in this zone"
                data={timeZones}
                disabled={!canEdit}
              />
            </SimpleGrid>
            {canEdit && (
              <Group justify="flex-end">
                <Button type="submit" loading={updateMutation.isPending} disabled={!isDirty}>
                  Save business
                </Button>
              </Group>
            )}
          </Stack>
        </fieldset>
      </form>
    </Card>
  );
}
