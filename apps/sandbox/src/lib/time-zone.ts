// Wall-clock arithmetic in an IANA time zone without a date library.
//
// Intl is the only source of zone rules in Node, and formatToParts costs microseconds, far too
// slow to call per call when bucketing a million calls. Offsets only change at transitions, so
// the offset is computed once per UTC quarter-hour (zones such as Asia/Kathmandu are +05:45) and
// cached.

const QUARTER_HOUR_MS = 15 * 60 * 1000;
const DAY_MS = 86_400_000;
const MAX_CACHE_ENTRIES = 200_000;

export const TIME_STEPS = [
  'second',
  'minute',
  'hour',
  'day',
  'week',
  'month',
  'quarter',
  'year',
  'decade',
  'century',
  'millennium',
] as const;
export type TimeStep = (typeof TIME_STEPS)[number];

export interface LocalParts {
  year: number;
  /** 1–12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  /** 0 = Sunday … 6 = Saturday */
  weekday: number;
}

export class ZoneClock {
  private readonly format: Intl.DateTimeFormat;
  private readonly offsets = new Map<number, number>();
  /** Per UTC day: its single offset, or null when it contains a transition. */
  private readonly dayOffsets = new Map<number, number | null>();

  constructor(readonly timeZone: string) {
    this.format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
  }

  /**
   * Local time minus UTC, in milliseconds, at the instant `utcMs`. A zone changes offset at most
   * once a day, so a day whose two ends agree has one offset (one Intl call per day instead of
   * one per quarter-hour).
   */
  offsetMs(utcMs: number): number {
    const day = Math.floor(utcMs / DAY_MS);
    const known = this.dayOffsets.get(day);
    if (known !== undefined && known !== null) return known;
    if (known === undefined) {
      const start = this.exactOffset(day * DAY_MS);
      const end = this.exactOffset((day + 1) * DAY_MS - QUARTER_HOUR_MS);
      if (this.dayOffsets.size >= MAX_CACHE_ENTRIES) this.dayOffsets.clear();
      this.dayOffsets.set(day, start === end ? start : null);
      if (start === end) return start;
    }
    return this.exactOffset(utcMs);
  }

  private exactOffset(utcMs: number): number {
    const key = Math.floor(utcMs / QUARTER_HOUR_MS);
    const cached = this.offsets.get(key);
    if (cached !== undefined) return cached;
    if (this.offsets.size >= MAX_CACHE_ENTRIES) this.offsets.clear();
    const at = key * QUARTER_HOUR_MS;
    const fields: Record<string, number> = {};
    for (const part of this.format.formatToParts(new Date(at))) {
      if (part.type !== 'literal') fields[part.type] = Number(part.value);
    }
    const asUtc = Date.UTC(
      fields.year ?? 1970,
      (fields.month ?? 1) - 1,
      fields.day ?? 1,
      (fields.hour ?? 0) % 24,
      fields.minute ?? 0,
      fields.second ?? 0,
    );
    const offset = asUtc - at;
    this.offsets.set(key, offset);
    return offset;
  }

  localParts(utcMs: number): LocalParts {
    const local = new Date(utcMs + this.offsetMs(utcMs));
    return {
      year: local.getUTCFullYear(),
      month: local.getUTCMonth() + 1,
      day: local.getUTCDate(),
      hour: local.getUTCHours(),
      minute: local.getUTCMinutes(),
      weekday: local.getUTCDay(),
    };
  }

  /** The UTC instant at which a local wall-clock time (expressed as if it were UTC) occurs. */
  fromLocal(localAsUtcMs: number): number {
    const guess = localAsUtcMs - this.offsetMs(localAsUtcMs);
    return localAsUtcMs - this.offsetMs(guess);
  }

  /** Start (UTC instant) of the local bucket of size `step` containing `utcMs`. */
  bucketStart(utcMs: number, step: TimeStep): number {
    const local = utcMs + this.offsetMs(utcMs);
    const date = new Date(local);
    let start: number;
    switch (step) {
      case 'second':
        return Math.floor(utcMs / 1000) * 1000;
      case 'minute':
        start = Math.floor(local / 60_000) * 60_000;
        break;
      case 'hour':
        start = Math.floor(local / 3_600_000) * 3_600_000;
        break;
      case 'day':
        start = Math.floor(local / 86_400_000) * 86_400_000;
        break;
      case 'week': {
        // ISO weeks start on Monday, like PostgreSQL's date_trunc('week', …).
        const dayStart = Math.floor(local / 86_400_000) * 86_400_000;
        const sinceMonday = (date.getUTCDay() + 6) % 7;
        start = dayStart - sinceMonday * 86_400_000;
        break;
      }
      case 'month':
        start = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
        break;
      case 'quarter':
        start = Date.UTC(date.getUTCFullYear(), Math.floor(date.getUTCMonth() / 3) * 3, 1);
        break;
      case 'year':
        start = Date.UTC(date.getUTCFullYear(), 0, 1);
        break;
      case 'decade':
        start = Date.UTC(Math.floor(date.getUTCFullYear() / 10) * 10, 0, 1);
        break;
      case 'century':
        start = Date.UTC(Math.floor((date.getUTCFullYear() - 1) / 100) * 100 + 1, 0, 1);
        break;
      case 'millennium':
        start = Date.UTC(Math.floor((date.getUTCFullYear() - 1) / 1000) * 1000 + 1, 0, 1);
        break;
    }
    return this.fromLocal(start);
  }
}
