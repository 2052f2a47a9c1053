import { Button, Group } from '@mantine/core';
import { DatePickerInput, type DatesRangeValue } from '@mantine/dates';
import {
  addDays,
  dateRangeMessages,
  dateRangeQuerySchema,
  lastDays,
  MAX_RANGE_DAYS,
  todayIn,
  type DateRange,
  type DateRangeQuery,
} from '@switchboard/shared/date-range';
import { IconCalendar } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { browserTimeZone } from '../lib/time-zones';

/** Quick ranges offered next to the picker: the last N days, today included. */
export const DATE_RANGE_PRESETS = [
  { days: 7, label: 'Last 7 days' },
  { days: 30, label: 'Last 30 days' },
  { days: 90, label: 'Last 90 days' },
] as const;

/**
 * `from` and `to` from the URL query string, as the server takes them. Values that do not make
 * a valid range (a typo, an edited link) are dropped, so the server's default applies rather
 * than an error page.
 */
export function useDateRangeParams(): DateRangeQuery {
  const [searchParams] = useSearchParams();
  const from = searchParams.get('from') ?? undefined;
  const to = searchParams.get('to') ?? undefined;
  return useMemo(() => {
    const parsed = dateRangeQuerySchema.safeParse({ from, to });
    if (!parsed.success) return {};
    return {
      ...(parsed.data.from ? { from: parsed.data.from } : {}),
      ...(parsed.data.to ? { to: parsed.data.to } : {}),
    };
  }, [from, to]);
}

type DateRangeControlProps = {
  /** The range the server answered for (its default, the last 30 days, when the URL has none). */
  resolved?: DateRange | undefined;
  /** The business's zone: "today" and the quick ranges are calendar days there. */
  timeZone?: string | undefined;
};

/**
 * Picks the calendar days an analytics screen covers and keeps them in the URL (`?from&to`),
 * so reload, back/forward and shared links keep the range. A range is applied only once both
 * ends are picked, and the calendar offers only days that keep it within the server's limit.
 */
export function DateRangeControl({ resolved, timeZone }: DateRangeControlProps) {
  const [, setSearchParams] = useSearchParams();
  const params = useDateRangeParams();
  const zone = timeZone ?? browserTimeZone();
  const today = todayIn(zone);
  const current: DateRange | undefined =
    params.from && params.to ? { from: params.from, to: params.to } : resolved;

  // A range being picked (one end chosen) or one that was refused; the URL is left alone.
  const [draft, setDraft] = useState<DatesRangeValue<string> | null>(null);
  const [error, setError] = useState<string | null>(null);

  const apply = (range: DateRange) => {
    setDraft(null);
    setError(null);
    setSearchParams((previous) => {
      const next = new URLSearchParams(previous);
      next.set('from', range.from);
      next.set('to', range.to);
      return next;
    });
  };

  const change = (value: DatesRangeValue<string>) => {
    const [from, to] = value;
    if (!from || !to) {
      setDraft(value);
      setError(null);
      return;
    }
    const parsed = dateRangeQuerySchema.safeParse({ from, to });
    if (!parsed.success) {
      setDraft(value);
      setError(parsed.error.issues[0]?.message ?? dateRangeMessages.invalidDate);
      return;
    }
    apply({ from, to });
  };

  const closeDropdown = () => {
    // Half a range is not a range: closing without the second end goes back to the one shown.
    if (draft && (!draft[0] || !draft[1])) setDraft(null);
  };

  const pickedEnd = draft?.[0] && !draft[1] ? draft[0] : null;
  const furthest = pickedEnd ? addDays(pickedEnd, MAX_RANGE_DAYS - 1) : null;
  const maxDate = furthest && furthest < today ? furthest : today;
  const minDate = pickedEnd ? addDays(pickedEnd, -(MAX_RANGE_DAYS - 1)) : undefined;

  // Until the server answers, a URL without a range means its default: the last 30 days.
  const shown = current ?? (params.from || params.to ? undefined : lastDays(30, zone));
  const activePreset = draft
    ? undefined
    : DATE_RANGE_PRESETS.find((preset) => {
        const range = lastDays(preset.days, zone);
        return shown?.from === range.from && shown.to === range.to;
      });

  return (
    <Group gap="sm" align="flex-end" wrap="wrap">
      <Group gap={6} role="group" aria-label="Quick ranges" wrap="wrap">
        {DATE_RANGE_PRESETS.map((preset) => {
          const active = preset === activePreset;
          return (
            <Button
              key={preset.days}
              size="sm"
              variant={active ? 'light' : 'default'}
              aria-pressed={active}
              onClick={() => apply(lastDays(preset.days, zone))}
            >
              {preset.label}
            </Button>
          );
        })}
      </Group>
      <DatePickerInput
        type="range"
        label="Date range"
        placeholder="Pick the first and last day"
        value={draft ?? (shown ? [shown.from, shown.to] : [null, null])}
        onChange={change}
        onDropdownClose={closeDropdown}
        allowSingleDateInRange
        minDate={minDate}
        maxDate={maxDate}
        valueFormat="MMM D, YYYY"
        leftSection={<IconCalendar size={16} stroke={1.6} />}
        error={error}
        miw={250}
      />
    </Group>
  );
}
