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
 * The magnitude of `value` rounded to `digits` decimals as en-US Intl rounds it: half away from
 * zero, on the shortest decimal that reads back as the number (so 0.075 gives "0.08" and 1.005
 * "1.01", where toFixed, working on the binary value, gives "0.07" and "1.00"). Exponents are
 * written out: 1e21 is "1000000000000000000000". format.test.ts checks it against Intl.
 *
 * Not through Intl: a page's first Intl object starts the browser's ICU (its locale data read
 * from disk), 17–25 ms of one main-thread task in Chromium on the machine where it was measured
 * and 68–183 ms on another, and the dashboard's figures were its only use there (decision 109).
 */
function roundedDecimal(value: number, digits: number): { whole: string; fraction: string } {
  const [mantissa = '0', exponentText = '0'] = String(Math.abs(value)).split('e');
  const [head = '0', tail = ''] = mantissa.split('.');
  let all = head + tail;
  // Where the decimal point falls in `all`, once the exponent is applied.
  let point = head.length + Number(exponentText);
  if (point < 0) {
    all = '0'.repeat(-point) + all;
    point = 0;
  }
  all = all.padEnd(point + digits, '0');
  const kept = all.slice(0, point + digits);
  const roundUp = (all[point + digits] ?? '0') >= '5';
  const rounded = roundUp ? (BigInt(kept) + 1n).toString().padStart(kept.length, '0') : kept;
  const whole = rounded.slice(0, rounded.length - digits).replace(/^0+(?=\d)/, '') || '0';
  return { whole, fraction: rounded.slice(rounded.length - digits) };
}

/** Whether a rounded figure is zero ("0.00"). */
const isZero = ({ whole, fraction }: { whole: string; fraction: string }) =>
  /^0*$/.test(whole + fraction);

/**
 * "$" and exactly two decimals, no thousands separator (the seed shows none); a missing or
 * non-finite cost shows "$0.00". A negative cost that rounds to zero reads "$0.00", not "-$0.00".
 */
export function formatCost(cost: number | null | undefined): string {
  if (cost == null || !Number.isFinite(cost)) return '$0.00';
  const rounded = roundedDecimal(cost, 2);
  const sign = cost < 0 && !isZero(rounded) ? '-' : '';
  return `${sign}$${rounded.whole}.${rounded.fraction}`;
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

/** Intl's sign for a figure: any negative number, -0 and one that rounds to zero included. */
const minusOf = (value: number) => (value < 0 || Object.is(value, -0) ? '-' : '');

/** A percentage with up to 2 decimals, "72.5%"; nothing to show (no calls) is "-". */
export function formatPercent(value: number | null | undefined): string {
  if (value == null || !Number.isFinite(value)) return DASH;
  const { whole, fraction } = roundedDecimal(value, 2);
  const decimals = fraction.replace(/0+$/, '');
  return `${minusOf(value)}${whole}${decimals ? `.${decimals}` : ''}%`;
}

/** Call minutes with exactly 2 decimals, as the analytics round them: 12.5 → "12.50". */
export function formatMinutes(minutes: number | null | undefined): string {
  const value = minutes != null && Number.isFinite(minutes) ? minutes : 0;
  const { whole, fraction } = roundedDecimal(value, 2);
  return `${minusOf(value)}${whole}.${fraction}`;
}

/**
 * A count with thousands separators: 1210 → "1,210"; rounded to a whole number half away from
 * zero, as en-US Intl would (format.test.ts checks the two agree). Not through Intl: the page's
 * first Intl object would start ICU for it (see roundedDecimal).
 */
export function formatCount(count: number | null | undefined): string {
  const value = count != null && Number.isFinite(count) ? count : 0;
  const rounded = roundedDecimal(value, 0);
  const grouped = rounded.whole.replace(/\B(?=(\d{3})+$)/g, ',');
  return value < 0 && !isZero(rounded) ? `-${grouped}` : grouped;
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
