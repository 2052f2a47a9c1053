import { Button, Group, Modal, NumberInput, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import {
  APPOINTMENT_MAX_MINUTES,
  appointmentMessages,
  isoToZonedLocal,
  zonedLocalToIso,
  type Appointment,
} from '@switchboard/shared/appointments';
import { formatDateTime } from '@switchboard/shared/format';
import { useState } from 'react';
import { useUpdateAppointment } from '../api/update-appointment';
import { NotifyCustomerFields } from './notify-customer';
import { ZonedDateTimePicker } from './zoned-date-time-picker';

type RescheduleModalProps = {
  appointment: Appointment | null;
  timeZone: string;
  onClose: () => void;
};

/** A new start (and length) for a scheduled appointment, typed in the business's time zone. */
export function RescheduleModal({ appointment, timeZone, onClose }: RescheduleModalProps) {
  return (
    <Modal opened={appointment !== null} onClose={onClose} title="Reschedule appointment">
      {appointment && (
        <RescheduleForm
          key={appointment.id}
          appointment={appointment}
          timeZone={timeZone}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

function RescheduleForm({
  appointment,
  timeZone,
  onClose,
}: {
  appointment: Appointment;
  timeZone: string;
  onClose: () => void;
}) {
  const update = useUpdateAppointment();
  const length = Math.round(
    (Date.parse(appointment.endsAt) - Date.parse(appointment.startsAt)) / 60_000,
  );
  // A wall-clock time in the business's zone, turned into an instant with that zone on submit.
  const [local, setLocal] = useState(isoToZonedLocal(appointment.startsAt, timeZone));
  const [minutes, setMinutes] = useState<number | string>(length);
  const [notify, setNotify] = useState(false);
  const email = appointment.contact.email;
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const startsAt = zonedLocalToIso(local, timeZone);
    if (!startsAt) return setError(appointmentMessages.startsAtInvalid);
    if (Date.parse(startsAt) <= Date.now()) return setError(appointmentMessages.startsAtPast);
    const duration = Number(minutes);
    if (!Number.isInteger(duration) || duration < 5 || duration > APPOINTMENT_MAX_MINUTES) {
      return setError(appointmentMessages.durationInvalid);
    }
    setError(null);
    try {
      await update.mutateAsync({
        id: appointment.id,
        change: { startsAt, durationMinutes: duration, notifyCustomer: notify },
      });
      notifications.show({
        color: 'teal',
        title: 'Appointment rescheduled',
        message: `${appointment.service}: ${formatDateTime(startsAt, timeZone)}${notify ? ` · ${email} is told by email` : ''}`,
      });
      onClose();
    } catch {
      // The query client's toast says why; the form stays open to try another time.
    }
  };

  const zoneLabel = timeZone.replaceAll('_', ' ');
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {appointment.service} for {appointment.contact.name || 'the caller'}, now on{' '}
          {formatDateTime(appointment.startsAt, timeZone)}.
        </Text>
        <ZonedDateTimePicker
          label={`New start (${zoneLabel} time)`}
          value={local}
          onChange={setLocal}
          timeZone={timeZone}
          error={error === appointmentMessages.durationInvalid ? undefined : error}
          required
          focusInModal
        />
        <NumberInput
          label="Length (minutes)"
          value={minutes}
          onChange={setMinutes}
          min={5}
          max={APPOINTMENT_MAX_MINUTES}
          step={5}
          allowDecimal={false}
          error={error === appointmentMessages.durationInvalid ? error : undefined}
        />
        <NotifyCustomerFields
          email={email}
          about="about the new time"
          notify={notify}
          onNotifyChange={setNotify}
          error={update.error}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            Keep the time
          </Button>
          <Button type="submit" loading={update.isPending}>
            Reschedule
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
