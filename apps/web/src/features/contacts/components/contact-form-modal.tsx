import { SimpleGrid, TagsInput, Textarea, TextInput } from '@mantine/core';
import { countries } from '@switchboard/shared/countries';
import {
  ItemFormModal,
  type ItemFormModalProps,
  type ItemFormProps,
} from '../../../components/console-form-modal';
import {
  contactInputSchema,
  type Contact,
  type ContactFormValues,
  type ContactInput,
} from '@switchboard/shared/contacts';
import { useRef } from 'react';
import { type Control, type FieldErrors, useController } from 'react-hook-form';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { useSaveContact } from '../api/save-contact';
import { useZodForm } from '../../../lib/use-zod-form';
import { ModalForm } from '../../../components/modal-form';
import { CountryField } from '../../../components/location-fields';

const CONTACT_FIELDS = [
  'name',
  'phone',
  'email',
  'company',
  'notes',
  'otherPhones',
  'otherEmails',
  'country',
] as const satisfies readonly (keyof ContactFormValues)[];

const COUNTRY_OPTIONS = countries.map(({ code, name }) => ({ value: code, label: name }));

/** A list field's message: its own, or its first value's (zod puts those under the index). */
function listError(error: FieldErrors<ContactFormValues>['otherPhones']): string | undefined {
  if (error === undefined) return undefined;
  if (typeof error.message === 'string') return error.message;
  const first = Object.values(error as Record<string, { message?: unknown }>).find(
    (item) => typeof item?.message === 'string',
  );
  return first?.message as string | undefined;
}

/** Add a contact, or edit one: the shared contact rules, the server's refusals in place. */
export function ContactFormModal(props: ItemFormModalProps<Contact>) {
  return (
    <ItemFormModal {...props} newTitle="Add contact" editTitle="Edit contact" form={ContactForm} />
  );
}

function ContactForm({ item: contact, onClose }: ItemFormProps<Contact>) {
  const save = useSaveContact();
  const inFlight = useRef(false);
  const { form, fieldProps } = useZodForm<ContactFormValues, ContactInput>(contactInputSchema, {
    name: contact?.name ?? '',
    phone: contact?.phone ?? '',
    email: contact?.email ?? '',
    company: contact?.company ?? '',
    notes: contact?.notes ?? '',
    otherPhones: contact?.otherPhones ?? [],
    otherEmails: contact?.otherEmails ?? [],
    country: contact?.country ?? '',
  });

  const submit = async (input: ContactInput) => {
    // Two quick clicks both pass validation before the button turns into a spinner.
    if (inFlight.current) return;
    inFlight.current = true;
    try {
      await save.mutateAsync({ contactId: contact?.id ?? null, input });
      onClose();
    } catch (error) {
      // Field messages go under the fields; the alert is for everything else (a 409 among them).
      if (applyServerFieldErrors<ContactFormValues>(error, CONTACT_FIELDS, form.setError))
        save.reset();
    } finally {
      inFlight.current = false;
    }
  };

  return (
    <ModalForm
      onSubmit={(event) => form.handleSubmit(submit)(event)}
      mutation={save}
      errorTitle={contact ? 'Could not save the contact' : 'Could not add the contact'}
      onCancel={onClose}
      submitLabel={contact ? 'Save contact' : 'Add contact'}
    >
      <TextInput
        label="Name"
        withAsterisk
        autoComplete="off"
        data-autofocus
        {...fieldProps('name')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
        <TextInput
          label="Phone"
          description="Needed when there is no email"
          type="tel"
          autoComplete="off"
          {...fieldProps('phone')}
        />
        <TextInput
          label="Email"
          description="Needed when there is no phone number"
          type="email"
          autoComplete="off"
          {...fieldProps('email')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
        <OtherValuesField
          control={form.control}
          name="otherPhones"
          label="Other phone numbers"
          splitChars={[',', ';']}
          error={listError(form.formState.errors.otherPhones)}
        />
        <OtherValuesField
          control={form.control}
          name="otherEmails"
          label="Other email addresses"
          splitChars={[',', ';', ' ']}
          error={listError(form.formState.errors.otherEmails)}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" verticalSpacing="md">
        <TextInput label="Company" autoComplete="off" {...fieldProps('company')} />
        <CountryField
          control={form.control}
          name="country"
          data={COUNTRY_OPTIONS}
          withAsterisk={false}
          clearable
          placeholder="Not known"
        />
      </SimpleGrid>
      <Textarea label="Notes" autosize minRows={2} maxRows={8} {...fieldProps('notes')} />
    </ModalForm>
  );
}

type OtherValuesFieldProps = {
  control: Control<ContactFormValues>;
  name: 'otherPhones' | 'otherEmails';
  label: string;
  /** What ends a value besides Enter (a space cannot be inside an email address). */
  splitChars: string[];
  error: string | undefined;
};

/** A contact's other phone numbers or email addresses, one tag each. */
function OtherValuesField({ control, name, label, splitChars, error }: OtherValuesFieldProps) {
  const { field } = useController({ control, name });
  return (
    <TagsInput
      label={label}
      description="Press Enter after each"
      value={field.value ?? []}
      onChange={field.onChange}
      onBlur={field.onBlur}
      splitChars={splitChars}
      clearable
      error={error}
    />
  );
}
