import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { appointmentsQueryKey } from './list-appointments';

export type CreateAppointmentBody = {
  contactId: string;
  agentId?: string | null;
  service: string;
  startsAt: string;
  durationMinutes: number;
  notes?: string | null;
};

/** POST /api/appointments: an appointment added by hand. */
export function createAppointment(body: CreateAppointmentBody) {
  return api('post', '/appointments', { body });
}

export function useCreateAppointment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAppointment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: appointmentsQueryKey }),
    // The form shows the failure in its alert (and field messages under the fields).
    meta: { errorToast: false },
  });
}
