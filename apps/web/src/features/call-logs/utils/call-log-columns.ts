/**
 * The call log's optional columns, in table order. The call's ID is always shown: it is the
 * row's link. Which of these a user shows is remembered per user in this browser.
 */
export const CALL_LOG_COLUMNS = [
  { key: 'agent', label: 'Agent' },
  { key: 'customer', label: 'Customer' },
  { key: 'type', label: 'Type' },
  { key: 'endedReason', label: 'Ended reason' },
  { key: 'success', label: 'Success' },
  { key: 'startTime', label: 'Start time' },
  { key: 'duration', label: 'Duration' },
  { key: 'cost', label: 'Cost' },
] as const;

export type CallLogColumnKey = (typeof CALL_LOG_COLUMNS)[number]['key'];

const KEYS = new Set<string>(CALL_LOG_COLUMNS.map((column) => column.key));

/** What a user hides; nothing hidden is every column shown. */
export type HiddenCallLogColumns = CallLogColumnKey[];

/**
 * The hidden columns as stored (JSON): anything unreadable, unknown or repeated is dropped,
 * so a stored value from an older version, or edited by hand, never hides the wrong column.
 */
export function parseHiddenColumns(stored: string | null): HiddenCallLogColumns {
  if (!stored) return [];
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const hidden = value.filter(
    (key): key is CallLogColumnKey => typeof key === 'string' && KEYS.has(key),
  );
  return CALL_LOG_COLUMNS.map((column) => column.key).filter((key) => hidden.includes(key));
}

/** The storage key: per signed-in user, so two people sharing a browser keep their own. */
export function hiddenColumnsStorageKey(userId: string): string {
  return `switchboard.call-log.hidden-columns.${userId}`;
}
