import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { Appointment } from '@switchboard/shared/appointments';
import { formatDateTime } from '@switchboard/shared/format';
import { useUpdateAppointment } from '../api/update-appointment';
import { NotifyCustomerFields } from './notify-customer';

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
  const [notify, setNotify] = useState(false);
  const close = () => {
    update.reset();
    setNotify(false);
    onClose();
  };
  const email = appointment?.contact.email ?? null;
  return (
    <Modal opened={appointment !== null} onClose={close} title="Cancel appointment?">
      {appointment && (
        <Stack gap="md">
          <Text size="sm">
            {appointment.service} for {appointment.contact.name || 'the caller'} on{' '}
            {formatDateTime(appointment.startsAt, timeZone)} will be cancelled. This cannot be
            undone.
          </Text>
          <NotifyCustomerFields
            email={email}
            about="that it is cancelled"
            notify={notify}
            onNotifyChange={setNotify}
            error={update.error}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={close} data-autofocus>
              Keep it
            </Button>
            <Button
              color="red"
              loading={update.isPending}
              onClick={() =>
                update.mutate(
                  { id: appointment.id, change: { status: 'cancelled', notifyCustomer: notify } },
                  {
                    onSuccess: () => {
                      notifications.show({
                        color: 'teal',
                        title: 'Appointment cancelled',
                        message: `${appointment.service}${notify && email ? ` · ${email} is told by email` : ''}`,
                      });
                      close();
                    },
                  },
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
