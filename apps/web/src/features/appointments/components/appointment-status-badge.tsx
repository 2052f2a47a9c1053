import { Badge } from '@mantine/core';
import {
  APPOINTMENT_STATUS_LABELS,
  type AppointmentStatus,
} from '@switchboard/shared/appointments';

const COLORS: Record<AppointmentStatus, string> = {
  scheduled: 'brand',
  completed: 'teal',
  cancelled: 'gray',
  no_show: 'orange',
};

export function AppointmentStatusBadge({ status }: { status: AppointmentStatus }) {
  return (
    <Badge variant="light" color={COLORS[status]} miw="max-content">
      {APPOINTMENT_STATUS_LABELS[status]}
    </Badge>
  );
}
