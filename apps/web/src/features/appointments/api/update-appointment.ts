import type { AppointmentUpdateBody } from '@switchboard/shared/appointments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { appointmentsQueryKey } from './list-appointments';

/** PATCH /api/appointments/:id: reschedule, cancel, completed, no-show. */
export function updateAppointment(id: string, change: AppointmentUpdateBody) {
  return api('patch', '/appointments/{id}', { path: { id }, body: change });
}

export function useUpdateAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: AppointmentUpdateBody }) =>
      updateAppointment(id, change),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appointmentsQueryKey }),
    meta: { errorTitle: 'Could not change the appointment' },
  });
}
