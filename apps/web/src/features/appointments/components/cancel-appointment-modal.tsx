import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { Appointment } from '@switchboard/shared/appointments';
import { formatDateTime } from '@switchboard/shared/format';
import { IconAlertCircle } from '@tabler/icons-react';
import { useUpdateAppointment } from '../api/update-appointment';

type CancelAppointmentModalProps = {
  appointment: Appointment | null;
  timeZone: string;
  onClose: () => void;
};

/** Cancelling is final (a cancelled appointment cannot be changed), so it is confirmed first. */
export function CancelAppointmentModal({
  appointment,
  timeZone,
  onClose,
}: CancelAppointmentModalProps) {
  const update = useUpdateAppointment();
  const close = () => {
    update.reset();
    onClose();
  };
  return (
    <Modal opened={appointment !== null} onClose={close} title="Cancel appointment?">
      {appointment && (
        <Stack gap="md">
          <Text size="sm">
            {appointment.service} for {appointment.contact.name || 'the caller'} on{' '}
            {formatDateTime(appointment.startsAt, timeZone)} will be cancelled. This cannot be
            undone.
          </Text>
          {update.isError && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
              {update.error.message}
            </Alert>
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} data-autofocus>
              Keep it
            </Button>
            <Button
              color="red"
              loading={update.isPending}
              onClick={() =>
                update.mutate(
                  { id: appointment.id, change: { status: 'cancelled' } },
                  { onSuccess: close },
                )
              }
            >
              Cancel appointment
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
