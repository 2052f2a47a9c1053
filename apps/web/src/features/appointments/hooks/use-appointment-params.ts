import { useCallback, useMemo } from 'react';
import { useSearchParamsUpdater } from '../../../lib/use-search-params-updater';
import {
  changeAppointmentParams,
  parseAppointmentParams,
  type AppointmentsChange,
} from '../utils/appointment-params';

/** The appointments screen's state from the URL, and the way to change it. */
export function useAppointmentParams() {
  const [searchParams, updateSearchParams] = useSearchParamsUpdater();
  const state = useMemo(() => parseAppointmentParams(searchParams), [searchParams]);
  const change = useCallback(
    (next: AppointmentsChange) =>
      updateSearchParams((current) => changeAppointmentParams(current, next)),
    [updateSearchParams],
  );
  return { state, change };
}
