import {
  APPOINTMENT_TABS,
  changeAppointmentsLimit,
  initialAppointmentsPaging,
  type AppointmentTab,
} from '@switchboard/shared/appointments';
import { MAX_PAGE_LIMIT } from '@switchboard/shared/pagination';
import { TEST_FILTERS, type TestFilter } from '@switchboard/shared/test-marks';

/**
 * The appointments screen's state is its query string (`tab`, `agent`, `contact`, `page`,
 * `limit`), so reload, back/forward and shared links keep it. It starts as the seed says: page
 * 1, limit 10; defaults are left out of the URL.
 */
export type AppointmentsState = {
  tab: AppointmentTab;
  /** Platform assistant id, or null for every agent. */
  agentId: string | null;
  contactId: string | null;
  /** Appointments booked in test calls: with the rest, left out, or only them. */
  test: TestFilter;
  /** List, or the calendar by day or week. */
  view: AppointmentsView;
  /** The calendar's day (YYYY-MM-DD in the business's zone); null: today. */
  day: string | null;
  page: number;
  limit: number;
};

export const APPOINTMENT_VIEWS = ['list', 'day', 'week'] as const;
export type AppointmentsView = (typeof APPOINTMENT_VIEWS)[number];

export const DEFAULT_APPOINTMENTS_STATE: AppointmentsState = {
  tab: 'upcoming',
  agentId: null,
  contactId: null,
  test: 'include',
  view: 'list',
  day: null,
  ...initialAppointmentsPaging,
};

const KEYS = {
  tab: 'tab',
  agentId: 'agent',
  contactId: 'contact',
  test: 'test',
  view: 'view',
  day: 'day',
  page: 'page',
  limit: 'limit',
};

function positiveInteger(value: string | null, max = Number.MAX_SAFE_INTEGER): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const number = Number(value);
  return number >= 1 && number <= max ? number : null;
}

/** The state a query string describes; a value that does not parse falls back to its default. */
export function parseAppointmentParams(params: URLSearchParams): AppointmentsState {
  const tab = params.get(KEYS.tab);
  return {
    tab: (APPOINTMENT_TABS as readonly string[]).includes(tab ?? '')
      ? (tab as AppointmentTab)
      : DEFAULT_APPOINTMENTS_STATE.tab,
    agentId: params.get(KEYS.agentId)?.trim() || null,
    contactId: params.get(KEYS.contactId)?.trim() || null,
    test: (TEST_FILTERS as readonly string[]).includes(params.get(KEYS.test) ?? '')
      ? (params.get(KEYS.test) as TestFilter)
      : 'include',
    view: (APPOINTMENT_VIEWS as readonly string[]).includes(params.get(KEYS.view) ?? '')
      ? (params.get(KEYS.view) as AppointmentsView)
      : 'list',
    day: /^\d{4}-\d{2}-\d{2}$/.test(params.get(KEYS.day) ?? '') ? params.get(KEYS.day) : null,
    page: positiveInteger(params.get(KEYS.page)) ?? DEFAULT_APPOINTMENTS_STATE.page,
    limit:
      positiveInteger(params.get(KEYS.limit), MAX_PAGE_LIMIT) ?? DEFAULT_APPOINTMENTS_STATE.limit,
  };
}

export type AppointmentsChange = Partial<AppointmentsState>;

/**
 * The query string after a change. Changing the tab or a filter goes back to page 1; changing
 * the limit resets the page to 1 (the appointments' paging rule); the same limit keeps the page. Keys this screen does
 * not own are kept.
 */
export function changeAppointmentParams(
  current: URLSearchParams,
  change: AppointmentsChange,
): URLSearchParams {
  const before = parseAppointmentParams(current);
  let next: AppointmentsState = { ...before, ...change };
  if (change.limit !== undefined) {
    const paging = changeAppointmentsLimit(before, change.limit);
    next = { ...next, page: change.page ?? paging.page, limit: paging.limit };
  }
  const filterChanged =
    next.tab !== before.tab ||
    next.agentId !== before.agentId ||
    next.contactId !== before.contactId ||
    next.test !== before.test;
  if (filterChanged) next.page = 1;

  const params = new URLSearchParams(current);
  const write = (key: keyof AppointmentsState) => {
    const value = next[key];
    if (value === null || value === DEFAULT_APPOINTMENTS_STATE[key]) params.delete(KEYS[key]);
    else params.set(KEYS[key], String(value));
  };
  (Object.keys(KEYS) as (keyof AppointmentsState)[]).forEach(write);
  return params;
}
