import type { AppointmentTab } from '@switchboard/shared/appointments';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { TestFilter } from '@switchboard/shared/test-marks';
import { api } from '../../../lib/api-client';

export type AppointmentPageParams = {
  tab: AppointmentTab;
  agentId: string | null;
  contactId: string | null;
  test: TestFilter;
  page: number;
  limit: number;
};

/** Prefix of every appointments query: invalidate it after a change. */
export const appointmentsQueryKey = ['appointments'] as const;

/** GET /api/appointments?page&limit&tab&agentId&contactId. */
export function listAppointments(params: AppointmentPageParams, signal?: AbortSignal) {
  return api('get', '/appointments', {
    query: {
      page: params.page,
      limit: params.limit,
      tab: params.tab,
      agentId: params.agentId,
      contactId: params.contactId,
      test: params.test === 'include' ? undefined : params.test,
    },
    signal,
  });
}

export const appointmentPageQueryOptions = (params: AppointmentPageParams) =>
  queryOptions({
    queryKey: [...appointmentsQueryKey, 'list', params] as const,
    queryFn: ({ signal }) => listAppointments(params, signal),
    // The table keeps the current page on screen (dimmed) while the next one loads.
    placeholderData: keepPreviousData,
    meta: { errorTitle: 'Could not refresh the appointments' },
  });

export function useAppointmentPage(params: AppointmentPageParams) {
  return useQuery(appointmentPageQueryOptions(params));
}
