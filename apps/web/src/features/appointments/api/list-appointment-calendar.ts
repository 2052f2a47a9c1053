import type { TestFilter } from '@switchboard/shared/test-marks';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { appointmentsQueryKey } from './list-appointments';

export type AppointmentCalendarParams = {
  /** ISO instants: the range's first midnight and the one after its last day (business zone). */
  from: string;
  to: string;
  agentId: string | null;
  test: TestFilter;
};

/** GET /api/appointments/calendar?from&to&agentId&test. */
export function listAppointmentCalendar(params: AppointmentCalendarParams, signal?: AbortSignal) {
  return api('get', '/appointments/calendar', {
    query: {
      from: params.from,
      to: params.to,
      agentId: params.agentId,
      test: params.test === 'include' ? undefined : params.test,
    },
    signal,
  });
}

export const appointmentCalendarQueryOptions = (params: AppointmentCalendarParams) =>
  queryOptions({
    queryKey: [...appointmentsQueryKey, 'calendar', params] as const,
    queryFn: ({ signal }) => listAppointmentCalendar(params, signal),
    placeholderData: keepPreviousData,
    meta: { errorTitle: 'Could not refresh the calendar' },
  });

export function useAppointmentCalendar(params: AppointmentCalendarParams) {
  return useQuery(appointmentCalendarQueryOptions(params));
}
