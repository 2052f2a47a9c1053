const DASH = '-';

/**
 * "Nm Ns", or "Ns" under a minute; "-" when there is nothing to show. Fractions are rounded to
 * the nearest whole second, so a value that rounds to 0 also shows "-". Minutes are never
 * rolled up into hours: the seed's format has no hour unit.
 */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds == null || !Number.isFinite(seconds)) return DASH;
  const whole = Math.round(seconds);
  if (whole <= 0) return DASH;
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  return minutes > 0 ? `${minutes}m ${rest}s` : `${rest}s`;
}

/**
 * An en-US number format made when first used, not when this module loads. A page's first Intl
 * object starts the browser's ICU (its locale data read from disk): 68–183 ms of one main-thread
 * task in Chromium on the machine where it was measured, before any code ran that needed it. A
 * page that shows no figure (the call log's rows come formatted by the server) never pays it.
 */
function numberFormat(options: Intl.NumberFormatOptions): () => Intl.NumberFormat {
  let formatter: Intl.NumberFormat | undefined;
  return () => (formatter ??= new Intl.NumberFormat('en-US', options));
}

// Intl rounds the shortest decimal form of the number (half away from zero), so 0.075 gives
// "$0.08" where toFixed, working on the binary value, gives "$0.07". The seed shows no
// thousands separator; "negative" keeps a tiny negative that rounds to zero from reading "-$0.00".
const costFormatter = numberFormat({
  style: 'currency',
  currency: 'USD',
  useGrouping: false,
  signDisplay: 'negative',
});

/** "$" and exactly two decimals; a missing or non-finite cost shows "$0.00". */
export function formatCost(cost: number | null | undefined): string {
  if (cost == null || !Number.isFinite(cost)) return '$0.00';
  return costFormatter().format(cost);
}

// Building an Intl.DateTimeFormat is far costlier than using one, and a call log formats
// hundreds of dates in the same zone: each style keeps one formatter per zone.
function formatterPerZone(
  options: Intl.DateTimeFormatOptions,
): (timeZone: string) => Intl.DateTimeFormat {
  const formatters = new Map<string, Intl.DateTimeFormat>();
  return (timeZone) => {
    let formatter = formatters.get(timeZone);
    if (!formatter) {
      formatter = new Intl.DateTimeFormat('en-US', { ...options, timeZone });
      formatters.set(timeZone, formatter);
    }
    return formatter;
  };
}

const dateTimeFormatter = formatterPerZone({
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  // Not hour12: false — with it, ICU renders midnight as "24:07".
  hourCycle: 'h23',
});

const dateFormatter = formatterPerZone({ year: 'numeric', month: 'short', day: 'numeric' });

type DateInput = Date | string | number | null | undefined;

/** A missing or unparseable date is "-" (before the zone is looked at); else the formatter's text. */
function formatInZone(
  date: DateInput,
  timeZone: string,
  formatter: (timeZone: string) => Intl.DateTimeFormat,
): string {
  if (date == null || date === '') return DASH;
  const value = date instanceof Date ? date : new Date(date);
  if (Number.isNaN(value.getTime())) return DASH;
  return formatter(timeZone).format(value);
}

/** True when Intl accepts the IANA zone name, so a stored zone can be checked before use. */
export function isValidTimeZone(timeZone: string): boolean {
  try {
    dateTimeFormatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/**
 * en-US day, short month, year and 24-hour time in the given IANA zone, e.g.
 * "Mar 5, 2026, 14:07". A missing or unparseable date shows "-". An unknown zone throws a
 * RangeError: it is a configuration fault, and silently showing another zone's times would hide it.
 */
export function formatDateTime(date: DateInput, timeZone: string): string {
  return formatInZone(date, timeZone, dateTimeFormatter);
}

/**
 * The date part of formatDateTime, for a column that has no time ("Mar 5, 2026"), in the given
 * IANA zone. A missing or unparseable date shows "-"; an unknown zone throws, as formatDateTime.
 */
export function formatDate(date: DateInput, timeZone: string): string {
  return formatInZone(date, timeZone, dateFormatter);
}

const percentFormatter = numberFormat({ maximumFractionDigits: 2, useGrouping: false });

/** A percentage with up to 2 decimals, "72.5%"; nothing to show (no calls) is "-". */
export function formatPercent(value: number | null | undefined): string {
  if (value == null || !Number.isFinite(value)) return DASH;
  return `${percentFormatter().format(value)}%`;
}

const minutesFormatter = numberFormat({
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
  useGrouping: false,
});

/** Call minutes with exactly 2 decimals, as the analytics round them: 12.5 → "12.50". */
export function formatMinutes(minutes: number | null | undefined): string {
  return minutesFormatter().format(minutes != null && Number.isFinite(minutes) ? minutes : 0);
}

/**
 * A count with thousands separators: 1210 → "1,210"; rounded to a whole number half away from
 * zero, as en-US Intl would (format.test.ts checks the two agree). Not through Intl: a count is
 * the only figure on the call log's first screen (its rows come formatted by the server), and
 * the page's first Intl object would start ICU for it (see numberFormat).
 */
export function formatCount(count: number | null | undefined): string {
  const value = count != null && Number.isFinite(count) ? count : 0;
  const whole = Math.round(Math.abs(value));
  // The shortest decimal that reads back as the number, as Intl takes it; from 1e21 up String()
  // writes it with an exponent ("1.2345e+25"), whose zeros are written out here.
  const [mantissa = '0', exponent] = String(whole).split('e+');
  const [head = '0', tail = ''] = mantissa.split('.');
  const digits = exponent ? head + tail.padEnd(Number(exponent), '0') : mantissa;
  const grouped = digits.replace(/\B(?=(\d{3})+$)/g, ',');
  return value < 0 && whole > 0 ? `-${grouped}` : grouped;
}

/** The word a count takes: "call" for 1, "calls" for any other count (0 calls, 2 calls). */
export function countUnit(count: number, one: string, many: string): string {
  return count === 1 ? one : many;
}

/** A count with its thousands separators and its word: "1 call", "1,210 calls". */
export function formatCountOf(count: number | null | undefined, one: string, many: string): string {
  const value = count != null && Number.isFinite(count) ? count : 0;
  return `${formatCount(value)} ${countUnit(value, one, many)}`;
}

/**
 * Call minutes in the long form people read at a glance, for a tooltip beside the exact
 * figure: 450.22 → "7 h 30 min", 45.5 → "45 min 30 s", 0.4 → "24 s", 1500 → "25 h".
 * Rounded to the second; none is "no time".
 */
export function formatLongMinutes(minutes: number | null | undefined): string {
  const total = Math.round((minutes != null && Number.isFinite(minutes) ? minutes : 0) * 60);
  if (total <= 0) return 'no time';
  const hours = Math.floor(total / 3600);
  const mins = Math.floor((total % 3600) / 60);
  const secs = total % 60;
  if (hours > 0) {
    return mins > 0 ? `${formatCount(hours)} h ${mins} min` : `${formatCount(hours)} h`;
  }
  if (mins > 0) return secs > 0 ? `${mins} min ${secs} s` : `${mins} min`;
  return `${secs} s`;
}
