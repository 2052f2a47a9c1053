/**
 * IANA time zones for pickers: every zone the browser knows, labelled with its current UTC
 * offset ("Europe/Dublin (GMT+01:00)"), and the browser's own zone as the natural default.
 */

export const FALLBACK_TIME_ZONE = 'UTC';

/** The operator has no business: their screens show dates in UTC (decision 027). */
export const OPERATOR_TIME_ZONE = 'UTC';

/** The zone the user's device is set to, e.g. "Europe/Dublin"; UTC if the browser will not say. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || FALLBACK_TIME_ZONE;
  } catch {
    return FALLBACK_TIME_ZONE;
  }
}

export type TimeZoneOption = { value: string; label: string };

function offsetLabel(timeZone: string, at: Date): string {
  try {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone,
      timeZoneName: 'longOffset',
    }).formatToParts(at);
    return parts.find((part) => part.type === 'timeZoneName')?.value ?? '';
  } catch {
    return '';
  }
}

function supportedTimeZones(): string[] {
  try {
    return Intl.supportedValuesOf('timeZone');
  } catch {
    return [];
  }
}

/**
 * Sorted options; `include` (the browser's zone, a stored value) is always among them, since
 * browsers list canonical names only and may report a zone under another name ("UTC",
 * "Asia/Calcutta" vs "Asia/Kolkata").
 */
export function timeZoneOptions(
  include: readonly string[] = [],
  at = new Date(),
): TimeZoneOption[] {
  const zones = new Set([...supportedTimeZones(), FALLBACK_TIME_ZONE, ...include.filter(Boolean)]);
  return [...zones]
    .sort((a, b) => a.localeCompare(b))
    .map((zone) => {
      const offset = offsetLabel(zone, at);
      const name = zone.replaceAll('_', ' ');
      return { value: zone, label: offset ? `${name} (${offset})` : name };
    });
}
