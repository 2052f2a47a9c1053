import {
  callLogMessages,
  phoneFilterDigits,
  type CallLogFilter,
} from '@switchboard/shared/call-logs';
import { CALL_LOG_PAGE_SIZE, CALL_LOG_TABS, type CallLogTab } from '@switchboard/shared/calls';
import { isIsoDate } from '@switchboard/shared/date-range';
import { MAX_PAGE_LIMIT } from '@switchboard/shared/pagination';

/**
 * The call log screen's state (seed §4) is its query string, so reload, back/forward and shared
 * links keep it: `tab`, `phone`, `from`, `to`, `q`, `page`, `limit` and the selected `call`.
 * Defaults are left out of the URL. These are the pure rules; `useCallLogParams` wires them to
 * the router.
 */

export type CallLogState = {
  tab: CallLogTab;
  /** As typed (trimmed); "" for no phone filter. */
  phone: string;
  /** Calendar dates (YYYY-MM-DD) in the business's zone, both included; null for open-ended. */
  from: string | null;
  to: string | null;
  /** Transcript search (trimmed); "" for none. */
  q: string;
  /** From 1. */
  page: number;
  limit: number;
  /** The call whose detail is open. */
  call: string | null;
};

export const DEFAULT_CALL_LOG_STATE: CallLogState = {
  tab: 'all',
  phone: '',
  from: null,
  to: null,
  q: '',
  page: 1,
  limit: CALL_LOG_PAGE_SIZE,
  call: null,
};

/** The server's bounds (callLogFilterSchema), so a value kept in the URL is never refused. */
const MAX_PHONE_LENGTH = 40;
export const MAX_SEARCH_LENGTH = 200;

/** Keys that narrow the list: changing one goes back to the first page. */
const FILTER_KEYS = ['tab', 'phone', 'from', 'to', 'q'] as const;
/** Every key this screen owns in the URL (Reset clears them all). */
const STATE_KEYS = [...FILTER_KEYS, 'page', 'limit', 'call'] as const;

function isTab(value: string | null): value is CallLogTab {
  return (CALL_LOG_TABS as readonly string[]).includes(value ?? '');
}

function positiveInteger(value: string | null, max = Number.MAX_SAFE_INTEGER): number | null {
  if (value === null || !/^\d+$/.test(value)) return null;
  const number = Number(value);
  return number >= 1 && number <= max ? number : null;
}

/** Why a phone filter cannot be applied, or null when it can ("" clears the filter). */
export function phoneFilterError(phone: string): string | null {
  const trimmed = phone.trim();
  if (!trimmed) return null;
  if (phoneFilterDigits(trimmed).length === 0) return callLogMessages.phoneDigits;
  if (trimmed.length > MAX_PHONE_LENGTH) return `Enter at most ${MAX_PHONE_LENGTH} characters`;
  return null;
}

/** Why a transcript search cannot be applied, or null when it can. */
export function searchError(q: string): string | null {
  return q.trim().length > MAX_SEARCH_LENGTH ? callLogMessages.queryTooLong : null;
}

/**
 * The state a query string describes. A value that does not parse (an edited link, an old
 * bookmark) falls back to its default rather than to an error page; a range whose start is after
 * its end is dropped as a whole.
 */
export function parseCallLogParams(params: URLSearchParams): CallLogState {
  const tab = params.get('tab');
  const phone = params.get('phone')?.trim() ?? '';
  const q = params.get('q')?.trim() ?? '';
  let from = params.get('from');
  let to = params.get('to');
  from = from && isIsoDate(from) ? from : null;
  to = to && isIsoDate(to) ? to : null;
  if (from && to && from > to) {
    from = null;
    to = null;
  }
  const call = params.get('call')?.trim();
  return {
    tab: isTab(tab) ? tab : DEFAULT_CALL_LOG_STATE.tab,
    phone: phoneFilterError(phone) ? '' : phone,
    from,
    to,
    q: searchError(q) ? '' : q,
    page: positiveInteger(params.get('page')) ?? DEFAULT_CALL_LOG_STATE.page,
    limit: positiveInteger(params.get('limit'), MAX_PAGE_LIMIT) ?? DEFAULT_CALL_LOG_STATE.limit,
    call: call || null,
  };
}

export type CallLogChange = Partial<CallLogState>;

/** A change's value as it will be kept: trimmed, and blank or missing meaning the default. */
function normalise<K extends keyof CallLogState>(
  key: K,
  value: CallLogState[K] | undefined,
): CallLogState[K] {
  const trimmed = typeof value === 'string' ? value.trim() : value;
  return trimmed === '' || trimmed == null
    ? DEFAULT_CALL_LOG_STATE[key]
    : (trimmed as CallLogState[K]);
}

/**
 * The query string after a change. Rules (seed §4): changing the tab, the phone filter, the
 * date range or the search — or the page size — goes back to page 1 (`page` leaves the URL);
 * setting a value to what it already is changes nothing. Opening or closing a call keeps the
 * page. Defaults are removed rather than written; keys this screen does not own are kept.
 */
export function changeCallLogParams(
  current: URLSearchParams,
  change: CallLogChange,
): URLSearchParams {
  const before = parseCallLogParams(current);
  const next = new URLSearchParams(current);
  let backToFirstPage = false;

  for (const key of STATE_KEYS) {
    if (!(key in change)) continue;
    const value = normalise(key, change[key]);
    if (value === DEFAULT_CALL_LOG_STATE[key]) next.delete(key);
    else next.set(key, String(value));
    const isNarrowing = (FILTER_KEYS as readonly string[]).includes(key) || key === 'limit';
    if (isNarrowing && value !== before[key]) backToFirstPage = true;
  }

  if (backToFirstPage && !('page' in change)) next.delete('page');
  return next;
}

/** Reset: the defaults, i.e. the bare path (the open call, if any, closes too). */
export function resetCallLogParams(): URLSearchParams {
  return new URLSearchParams();
}

/** True when the list is narrowed by anything a user chose (Reset would widen it). */
export function hasActiveFilters(state: CallLogState): boolean {
  return (
    state.tab !== DEFAULT_CALL_LOG_STATE.tab ||
    state.phone !== '' ||
    state.from !== null ||
    state.to !== null ||
    state.q !== ''
  );
}

/** The filter as the API takes it: exactly what narrows the list, no paging, no call. */
export function callLogFilterOf(state: CallLogState): CallLogFilter {
  return {
    tab: state.tab,
    ...(state.phone ? { phone: state.phone } : {}),
    ...(state.from ? { from: state.from } : {}),
    ...(state.to ? { to: state.to } : {}),
    ...(state.q ? { q: state.q } : {}),
  };
}

/** The page request the state describes: the filter plus page and size. */
export function callLogPageParams(
  state: CallLogState,
): CallLogFilter & { page: number; limit: number } {
  return { ...callLogFilterOf(state), page: state.page, limit: state.limit };
}
