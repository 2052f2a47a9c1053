import {
  Alert,
  Group,
  Modal,
  NumberInput,
  Select,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  APPOINTMENT_MAX_MINUTES,
  APPOINTMENT_NOTES_MAX,
  APPOINTMENT_SERVICE_MAX,
  DEFAULT_APPOINTMENT_MINUTES,
  appointmentMessages,
  addCalendarDays,
  zonedDay,
  zonedLocalToIso,
} from '@switchboard/shared/appointments';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import { isApiError } from '../../../lib/api-client';
import { applyServerFieldErrors } from '../../../lib/form-errors';
import { ZonedDateTimePicker } from './zoned-date-time-picker';
import { useCreateAppointment } from '../api/create-appointment';
import { useContactOptions, type SearchContacts } from '../api/search-contact-options';
import { FormActions } from '../../../components/form-actions';
import { useZodForm } from '../../../lib/use-zod-form';

export type AgentOption = { id: string; name: string };

/**
 * The form's own shape: the start is the wall-clock time of the date-time picker in the
 * business's zone, turned into an instant on submit; the rest is the shared create schema's.
 */
function formSchema(timeZone: string) {
  return z.object({
    contactId: z.string().min(1, appointmentMessages.contactRequired),
    agentId: z.string().nullable(),
    service: z
      .string()
      .trim()
      .min(1, appointmentMessages.serviceRequired)
      .max(APPOINTMENT_SERVICE_MAX, appointmentMessages.serviceTooLong),
    startsLocal: z
      .string()
      .refine((value) => zonedLocalToIso(value, timeZone) !== null, {
        error: appointmentMessages.startsAtInvalid,
      })
      .refine((value) => Date.parse(zonedLocalToIso(value, timeZone) ?? '') > Date.now(), {
        error: appointmentMessages.startsAtPast,
      }),
    durationMinutes: z
      .number({ error: appointmentMessages.durationInvalid })
      .int(appointmentMessages.durationInvalid)
      .min(5, appointmentMessages.durationInvalid)
      .max(APPOINTMENT_MAX_MINUTES, appointmentMessages.durationInvalid),
    notes: z.string().trim().max(APPOINTMENT_NOTES_MAX, appointmentMessages.notesTooLong),
  });
}
type FormValues = z.infer<ReturnType<typeof formSchema>>;
const FIELDS = ['contactId', 'agentId', 'service', 'durationMinutes', 'notes'] as const;

type AddAppointmentModalProps = {
  opened: boolean;
  onClose: () => void;
  timeZone: string;
  agents: AgentOption[];
  searchContacts: SearchContacts;
  /** Preselected (the contact filter). */
  contactId: string | null;
};

/** Book an appointment by hand for one of the business's contacts. */
export function AddAppointmentModal(props: AddAppointmentModalProps) {
  return (
    <Modal
      opened={props.opened}
      onClose={props.onClose}
      title="Add appointment"
      size="lg"
      closeOnClickOutside={false}
    >
      {props.opened && <AddAppointmentForm {...props} />}
    </Modal>
  );
}

function AddAppointmentForm({
  onClose,
  timeZone,
  agents,
  searchContacts,
  contactId,
}: AddAppointmentModalProps) {
  const create = useCreateAppointment();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const options = useContactOptions(debounced, searchContacts);
  const { form, fieldProps } = useZodForm<FormValues>(formSchema(timeZone), {
    contactId: contactId ?? '',
    agentId: null,
    service: '',
    // Tomorrow at 09:00 in the business's zone: a time that is always in the future.
    startsLocal: `${addCalendarDays(zonedDay(new Date(), timeZone), 1)}T09:00`,
    durationMinutes: DEFAULT_APPOINTMENT_MINUTES,
    notes: '',
  });

  const submit = async (values: FormValues) => {
    try {
      await create.mutateAsync({
        contactId: values.contactId,
        agentId: values.agentId,
        service: values.service,
        startsAt: zonedLocalToIso(values.startsLocal, timeZone) ?? '',
        durationMinutes: values.durationMinutes,
        notes: values.notes || null,
      });
      onClose();
    } catch (error) {
      // The server's startsAt is this form's startsLocal; the other fields share their names.
      if (isApiError(error) && error.message === appointmentMessages.startsAtPast) {
        form.setError('startsLocal', { type: 'server', message: error.message });
        create.reset();
      } else if (applyServerFieldErrors<FormValues>(error, FIELDS, form.setError)) {
        create.reset();
      }
    }
  };

  const contactData = (options.data ?? []).map((contact) => ({
    value: contact.id,
    label: [contact.name || 'Unnamed', contact.phone ?? contact.email].filter(Boolean).join(' · '),
  }));

  return (
    <form onSubmit={(event) => void form.handleSubmit(submit)(event)} noValidate>
      <Stack gap="md">
        <Controller
          control={form.control}
          name="contactId"
          render={({ field }) => (
            <Select
              label="Contact"
              placeholder="Search name, email or phone"
              searchable
              required
              data={contactData}
              value={field.value || null}
              onChange={(value) => field.onChange(value ?? '')}
              searchValue={search}
              onSearchChange={setSearch}
              nothingFoundMessage={options.isFetching ? 'Searching…' : 'No contacts found'}
              filter={({ options: all }) => all}
              error={form.formState.errors.contactId?.message}
              data-autofocus
            />
          )}
        />
        <Controller
          control={form.control}
          name="agentId"
          render={({ field }) => (
            <Select
              label="Agent"
              placeholder="None (added by hand)"
              clearable
              data={agents.map((agent) => ({ value: agent.id, label: agent.name }))}
              value={field.value}
              onChange={field.onChange}
              error={form.formState.errors.agentId?.message}
            />
          )}
        />
        <TextInput label="Service" required {...fieldProps('service')} />
        <Group grow align="flex-start">
          <Controller
            control={form.control}
            name="startsLocal"
            render={({ field }) => (
              <ZonedDateTimePicker
                label={`Starts (${timeZone.replaceAll('_', ' ')} time)`}
                value={field.value}
                onChange={field.onChange}
                timeZone={timeZone}
                error={form.formState.errors.startsLocal?.message}
                required
              />
            )}
          />
          <Controller
            control={form.control}
            name="durationMinutes"
            render={({ field }) => (
              <NumberInput
                label="Length (minutes)"
                min={5}
                max={APPOINTMENT_MAX_MINUTES}
                step={5}
                allowDecimal={false}
                value={field.value}
                onChange={(value) => field.onChange(typeof value === 'number' ? value : Number.NaN)}
                error={form.formState.errors.durationMinutes?.message}
              />
            )}
          />
        </Group>
        <Textarea label="Notes" autosize minRows={2} {...fieldProps('notes')} />
        {create.isError && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {create.error.message}
          </Alert>
        )}
        <FormActions
          onCancel={onClose}
          pending={create.isPending}
          submitLabel="Add appointment"
          gap="sm"
        />
      </Stack>
    </form>
  );
}
