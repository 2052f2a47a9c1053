import {
  callLogMessages,
  MAX_COST_FILTER_USD,
  MAX_DURATION_FILTER_SECONDS,
  phoneFilterDigits,
} from '@switchboard/shared/call-log-rules';
import type { BusinessCallLogFilter } from '@switchboard/shared/call-logs';
import {
  CALL_LOG_PAGE_SIZE,
  CALL_LOG_TABS,
  CALL_TYPES,
  type CallLogTab,
  type CallType,
} from '@switchboard/shared/calls';
import { isIsoDate } from '@switchboard/shared/calendar-dates';
import { MAX_PAGE_LIMIT } from '@switchboard/shared/page-meta';

/**
 * The call log screen's state rule: the state is its query string, so reload, back/forward and shared
 * links keep it: `tab`, `phone`, `from`, `to`, `q`, `endReason`, `callType`, `minDuration`,
 * `maxDuration`, `minCost`, `maxCost`, `includeTest`, `agentId` (the business-wide log), `page`,
 * `limit` and the selected `call`. Defaults are left out of the URL. `from`, `to` and
 * `includeTest` are the same keys the agent's overview and statistics use, so the range and the
 * test-call choice follow between them. These are the pure rules; `useCallLogParams` wires them
 * to the router.
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
  /** The platform's end reason; "" for any. */
  endReason: string;
  callType: CallType | null;
  /** Whole seconds, both included; null for no bound. */
  minDuration: number | null;
  maxDuration: number | null;
  /** USD, both included; null for no bound. */
  minCost: number | null;
  maxCost: number | null;
  /** Calls started from "Talk to agent" are listed too (`includeTest=1`). */
  includeTest: boolean;
  /** The business-wide log: one agent's calls only; "" for every agent. */
  agentId: string;
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
  endReason: '',
  callType: null,
  minDuration: null,
  maxDuration: null,
  minCost: null,
  maxCost: null,
  includeTest: false,
  agentId: '',
  page: 1,
  limit: CALL_LOG_PAGE_SIZE,
  call: null,
};

/** The server's bounds (callLogFilterSchema), so a value kept in the URL is never refused. */
const MAX_PHONE_LENGTH = 40;
export const MAX_SEARCH_LENGTH = 200;

/** Keys that narrow the list: changing one goes back to the first page. */
const FILTER_KEYS = [
  'tab',
  'phone',
  'from',
  'to',
  'q',
  'endReason',
  'callType',
  'minDuration',
  'maxDuration',
  'minCost',
  'maxCost',
  'includeTest',
  'agentId',
] as const;
const END_REASON = /^[A-Za-z0-9._-]{1,120}$/;
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

/** Why an end-reason filter cannot be applied, or null when it can ("" clears it). */
export function endReasonError(reason: string): string | null {
  const trimmed = reason.trim();
  return trimmed === '' || END_REASON.test(trimmed) ? null : callLogMessages.endReason;
}

/** A duration bound as the server takes it (whole seconds in range), or null. */
export function durationBound(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const number = Number(value);
  return Number.isInteger(number) && number >= 0 && number <= MAX_DURATION_FILTER_SECONDS
    ? number
    : null;
}

/** A cost bound as the server takes it (dollars and cents in range), or null. */
export function costBound(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined || value === '') return null;
  const number = Number(value);
  if (!Number.isFinite(number) || number < 0 || number > MAX_COST_FILTER_USD) return null;
  return Math.abs(Math.round(number * 100) - number * 100) < 1e-6 ? number : null;
}

function isCallType(value: string | null): value is CallType {
  return (CALL_TYPES as readonly string[]).includes(value ?? '');
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
  const endReason = params.get('endReason')?.trim() ?? '';
  const callType = params.get('callType');
  let minDuration = durationBound(params.get('minDuration'));
  let maxDuration = durationBound(params.get('maxDuration'));
  if (minDuration !== null && maxDuration !== null && minDuration > maxDuration) {
    minDuration = null;
    maxDuration = null;
  }
  let minCost = costBound(params.get('minCost'));
  let maxCost = costBound(params.get('maxCost'));
  if (minCost !== null && maxCost !== null && minCost > maxCost) {
    minCost = null;
    maxCost = null;
  }
  return {
    tab: isTab(tab) ? tab : DEFAULT_CALL_LOG_STATE.tab,
    phone: phoneFilterError(phone) ? '' : phone,
    from,
    to,
    q: searchError(q) ? '' : q,
    endReason: endReasonError(endReason) ? '' : endReason,
    callType: isCallType(callType) ? callType : null,
    minDuration,
    maxDuration,
    minCost,
    maxCost,
    includeTest: params.get('includeTest') === '1',
    agentId: params.get('agentId')?.trim().slice(0, 200) ?? '',
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
 * The query string after a change. The call log's paging rule: changing the tab, the phone filter, the
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
    else if (value === true) next.set(key, '1');
    else next.set(key, String(value));
    const isNarrowing = (FILTER_KEYS as readonly string[]).includes(key) || key === 'limit';
    if (isNarrowing && value !== before[key]) backToFirstPage = true;
  }

  if (backToFirstPage && !('page' in change)) next.delete('page');
  return next;
}

/**
 * Reset: the defaults, i.e. the bare path (the open call, if any, closes too). The test-call
 * choice is kept: it is one switch shared with the agent's other screens, not a filter of this
 * list alone.
 */
export function resetCallLogParams(current?: URLSearchParams): URLSearchParams {
  const next = new URLSearchParams();
  if (current?.get('includeTest') === '1') next.set('includeTest', '1');
  return next;
}

/** True when the list is narrowed by anything a user chose (Reset would widen it). */
export function hasActiveFilters(state: CallLogState): boolean {
  return (
    state.tab !== DEFAULT_CALL_LOG_STATE.tab ||
    state.phone !== '' ||
    state.from !== null ||
    state.to !== null ||
    state.q !== '' ||
    moreFilterCount(state) > 0 ||
    state.agentId !== ''
  );
}

/** How many of the folded filters (end reason, type, duration, cost) are set. */
export function moreFilterCount(state: CallLogState): number {
  return [
    state.endReason !== '',
    state.callType !== null,
    state.minDuration !== null || state.maxDuration !== null,
    state.minCost !== null || state.maxCost !== null,
  ].filter(Boolean).length;
}

/**
 * The filter as the API takes it: exactly what narrows the list, no paging, no call. `agentId`
 * only matters to the business-wide log (the agent's own log has it in its path).
 */
export function callLogFilterOf(state: CallLogState): BusinessCallLogFilter {
  return {
    tab: state.tab,
    includeTest: state.includeTest,
    ...(state.phone ? { phone: state.phone } : {}),
    ...(state.from ? { from: state.from } : {}),
    ...(state.to ? { to: state.to } : {}),
    ...(state.q ? { q: state.q } : {}),
    ...(state.endReason ? { endReason: state.endReason } : {}),
    ...(state.callType ? { callType: state.callType } : {}),
    ...(state.minDuration !== null ? { minDuration: state.minDuration } : {}),
    ...(state.maxDuration !== null ? { maxDuration: state.maxDuration } : {}),
    ...(state.minCost !== null ? { minCost: state.minCost } : {}),
    ...(state.maxCost !== null ? { maxCost: state.maxCost } : {}),
    ...(state.agentId ? { agentId: state.agentId } : {}),
  };
}

/** The page request the state describes: the filter plus page and size. */
export function callLogPageParams(
  state: CallLogState,
): BusinessCallLogFilter & { page: number; limit: number } {
  return { ...callLogFilterOf(state), page: state.page, limit: state.limit };
}
