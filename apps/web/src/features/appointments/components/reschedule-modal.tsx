import { Alert, Button, Group, Modal, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import {
  APPOINTMENT_MAX_MINUTES,
  appointmentMessages,
  isoToZonedLocal,
  zonedLocalToIso,
  type Appointment,
} from '@switchboard/shared/appointments';
import { formatDateTime } from '@switchboard/shared/format';
import { IconAlertCircle } from '@tabler/icons-react';
import { useState } from 'react';
import { useUpdateAppointment } from '../api/update-appointment';

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
  const [local, setLocal] = useState(isoToZonedLocal(appointment.startsAt, timeZone));
  const [minutes, setMinutes] = useState<number | string>(length);
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
        change: { startsAt, durationMinutes: duration },
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
        <TextInput
          type="datetime-local"
          label={`New start (${zoneLabel} time)`}
          value={local}
          onChange={(event) => setLocal(event.currentTarget.value)}
          error={error === appointmentMessages.durationInvalid ? undefined : error}
          required
          data-autofocus
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
        {update.isError && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {update.error.message}
          </Alert>
        )}
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
