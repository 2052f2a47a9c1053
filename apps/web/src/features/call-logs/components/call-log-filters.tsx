import {
  Autocomplete,
  Badge,
  Button,
  CloseButton,
  Collapse,
  Group,
  Input,
  NumberInput,
  Select,
  Stack,
  TextInput,
} from '@mantine/core';
import type { DatePickerInputProps } from '@mantine/dates';
import { useDebouncedCallback, useDisclosure, useMediaQuery } from '@mantine/hooks';
import { CALL_TYPES } from '@switchboard/shared/calls';
import {
  MAX_COST_FILTER_USD,
  MAX_DURATION_FILTER_SECONDS,
} from '@switchboard/shared/call-log-rules';
import { KNOWN_ENDED_REASONS } from '@switchboard/shared/ended-reasons';
import {
  IconCalendar,
  IconDownload,
  IconFilter,
  IconPhone,
  IconRefresh,
  IconRestore,
  IconSearch,
} from '@tabler/icons-react';
import { lazy, Suspense, useState, type ReactNode } from 'react';
import {
  costBound,
  durationBound,
  endReasonError,
  moreFilterCount,
  phoneFilterError,
  searchError,
  type CallLogChange,
  type CallLogState,
} from '../utils/call-log-params';
import { callTypeLabel } from './outcome-badge';

/** How long typing pauses before a text filter applies itself. */
export const FILTER_DEBOUNCE_MS = 300;

type ChangeOptions = { replace?: boolean };

type CallLogFiltersProps = {
  state: CallLogState;
  onChange: (change: CallLogChange, options?: ChangeOptions) => void;
  onReset: () => void;
  onRefresh: () => void;
  refreshing: boolean;
  /** GET …/calls/export with the current filter. */
  exportHref: string;
  /** The business-wide log: the agents to pick one of (absent on an agent's own log). */
  agents?: { id: string; name: string }[] | undefined;
  /** The column chooser, after Export CSV. */
  columnsMenu?: ReactNode;
};

/**
 * Agent (business-wide log), phone, transcript search, dates, end reason, call type, duration
 * and cost, then Reset, Refresh and Export CSV. On a phone they fold away behind "Filters".
 */
export function CallLogFilters({
  state,
  onChange,
  onReset,
  onRefresh,
  refreshing,
  exportHref,
  agents,
  columnsMenu,
}: CallLogFiltersProps) {
  // Read in the first render: drawn wide first, a phone built every filter and then threw them
  // away for the fold (decision 107).
  const phone =
    useMediaQuery('(max-width: 36em)', false, { getInitialValueInEffect: false }) ?? false;
  const [open, { toggle }] = useDisclosure(false);
  // On a phone the filters are drawn when first opened, not with the first screen: a dozen
  // inputs nobody sees until then (decision 107). Once drawn they stay, with what was typed.
  const [drawn, setDrawn] = useState(false);
  if (open && !drawn) setDrawn(true);
  const active =
    [state.phone, state.q, state.from, state.to, state.agentId].filter(Boolean).length +
    moreFilterCount(state);

  const filters = (
    <Stack gap="sm">
      <Group gap="sm" align="flex-start" wrap="wrap">
        {agents && (
          <Select
            label="Agent"
            placeholder="Every agent"
            data={agents.map((agent) => ({ value: agent.id, label: agent.name || agent.id }))}
            value={state.agentId || null}
            onChange={(agentId) => onChange({ agentId: agentId ?? '' })}
            clearable
            searchable
            w={phone ? '100%' : 200}
          />
        )}
        <AppliedTextInput
          label="Phone number"
          placeholder="Customer number"
          icon={<IconPhone size={16} stroke={1.6} />}
          inputMode="tel"
          applied={state.phone}
          validate={phoneFilterError}
          onApply={(value, options) => onChange({ phone: value }, options)}
          w={phone ? '100%' : 190}
        />
        <AppliedTextInput
          label="Search transcripts"
          placeholder="Words said in the call"
          icon={<IconSearch size={16} stroke={1.6} />}
          applied={state.q}
          validate={searchError}
          onApply={(value, options) => onChange({ q: value }, options)}
          w={phone ? '100%' : 230}
        />
        <DayInput
          label="From"
          clearLabel="Clear the start date"
          value={state.from}
          onChange={(from) => onChange({ from })}
          maxDate={state.to ?? undefined}
          phone={phone}
        />
        <DayInput
          label="To"
          clearLabel="Clear the end date"
          value={state.to}
          onChange={(to) => onChange({ to })}
          minDate={state.from ?? undefined}
          phone={phone}
        />
      </Group>
      <Group gap="sm" align="flex-start" wrap="wrap">
        <EndReasonInput
          applied={state.endReason}
          onApply={(value, options) => onChange({ endReason: value }, options)}
          w={phone ? '100%' : 250}
        />
        <Select
          label="Call type"
          placeholder="Any type"
          data={CALL_TYPES.map((type) => ({ value: type, label: callTypeLabel(type) }))}
          value={state.callType}
          onChange={(callType) => onChange({ callType: callType ?? null })}
          clearable
          w={phone ? '100%' : 140}
        />
        <BoundsInput
          label="Duration (seconds)"
          unit="seconds"
          min={state.minDuration}
          max={state.maxDuration}
          parse={durationBound}
          decimals={0}
          limit={MAX_DURATION_FILTER_SECONDS}
          onApply={(minDuration, maxDuration, options) =>
            onChange({ minDuration, maxDuration }, options)
          }
          phone={phone}
        />
        <BoundsInput
          label="Cost (USD)"
          unit="dollars"
          prefix="$"
          min={state.minCost}
          max={state.maxCost}
          parse={costBound}
          decimals={2}
          limit={MAX_COST_FILTER_USD}
          onApply={(minCost, maxCost, options) => onChange({ minCost, maxCost }, options)}
          phone={phone}
        />
      </Group>
    </Stack>
  );

  const actions = (
    <Group gap="xs" wrap="wrap">
      <Button variant="default" leftSection={<IconRestore size={16} />} onClick={onReset}>
        Reset
      </Button>
      <Button
        variant="default"
        leftSection={<IconRefresh size={16} />}
        loading={refreshing}
        onClick={onRefresh}
      >
        Refresh
      </Button>
      <Button
        component="a"
        href={exportHref}
        download
        variant="light"
        leftSection={<IconDownload size={16} />}
      >
        Export CSV
      </Button>
      {columnsMenu}
    </Group>
  );

  if (phone) {
    return (
      <Stack gap="sm" my="md">
        <Group gap="xs" wrap="wrap">
          <Button
            variant={open ? 'light' : 'default'}
            leftSection={<IconFilter size={16} />}
            onClick={toggle}
            aria-expanded={open}
            aria-controls="call-log-filters"
            rightSection={
              active > 0 ? (
                <Badge size="sm" circle aria-label={`${active} filters on`}>
                  {active}
                </Badge>
              ) : null
            }
          >
            Filters
          </Button>
          {actions}
        </Group>
        <Collapse expanded={open} id="call-log-filters">
          {drawn && filters}
        </Collapse>
      </Stack>
    );
  }
  return (
    <Stack gap="sm" my="md">
      {filters}
      {actions}
    </Stack>
  );
}

type AppliedTextInputProps = {
  label: string;
  placeholder: string;
  icon: ReactNode;
  inputMode?: 'tel';
  /** The value in the URL. */
  applied: string;
  /** Why a value cannot be applied (shown under the box), or null. */
  validate: (value: string) => string | null;
  onApply: (value: string, options?: ChangeOptions) => void;
  w: number | string;
};

/**
 * The date picker and its calendar (@mantine/dates and its styles), fetched when a date input is
 * first drawn rather than with the call log's first screen (decision 107).
 */
const DatePickerInput = lazy(() => import('./date-picker-input'));

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "2026-03-01" as the picker writes it ("Mar 1, 2026"), without its date library. */
function shortDay(isoDate: string): string {
  const [year, month, day] = isoDate.split('-').map(Number);
  return `${MONTHS[(month ?? 1) - 1] ?? ''} ${day ?? ''}, ${year ?? ''}`;
}

/** A day the log starts or ends on: any day when empty, cleared with its own button. */
function DayInput({
  clearLabel,
  phone,
  ...props
}: Pick<DatePickerInputProps, 'label' | 'onChange' | 'minDate' | 'maxDate'> & {
  /** The day, YYYY-MM-DD; null for any day. */
  value: string | null;
  clearLabel: string;
  phone: boolean;
}) {
  const width = phone ? '100%' : 170;
  const icon = <IconCalendar size={16} stroke={1.6} />;
  return (
    <Suspense
      fallback={
        // The same label, box and size while the picker's code arrives: nothing moves.
        <TextInput
          label={props.label}
          placeholder="Any day"
          value={props.value ? shortDay(props.value) : ''}
          leftSection={icon}
          w={width}
          readOnly
          aria-busy
        />
      }
    >
      <DatePickerInput
        {...props}
        placeholder="Any day"
        clearable
        clearButtonProps={{ 'aria-label': clearLabel }}
        valueFormat="MMM D, YYYY"
        leftSection={icon}
        w={width}
      />
    </Suspense>
  );
}

/**
 * A filter's draft, following the URL's value (told apart by `key`): when the URL's value
 * changes, the draft becomes `draftOfApplied()` and its error is cleared; unless the new value is
 * the one the filter itself last applied (`markSent`), since the person may have typed on before
 * the URL caught up (a slow screen: the pause applied "21255", then "5" was typed; or the pause
 * applied "max $2", then "5" went into the minimum), and what they typed stays. Reset,
 * back/forward or another control replace it.
 */
function useDraftFollowingUrl<D>(key: string, draftOfApplied: () => D) {
  const [draft, setDraft] = useState(draftOfApplied);
  const [error, setError] = useState<string | null>(null);
  const [shown, setShown] = useState(key);
  const [sent, setSent] = useState<string | null>(null);
  if (shown !== key) {
    setShown(key);
    setSent(null);
    if (key !== sent) {
      setDraft(draftOfApplied());
      setError(null);
    }
  }
  return { draft, setDraft, error, setError, markSent: setSent };
}

/**
 * The draft of a text filter: typing applies it once the typing pauses (300 ms; the URL entry
 * is replaced, so typing leaves one history entry), `commit` at once. A value `validate` refuses
 * says why (`error`) and is not applied. The draft follows the URL (`useDraftFollowingUrl`).
 */
function useAppliedDraft(
  applied: string,
  validate: (value: string) => string | null,
  onApply: (value: string, options?: ChangeOptions) => void,
) {
  const { draft, setDraft, error, setError, markSent } = useDraftFollowingUrl(
    applied,
    () => applied,
  );
  const apply = (value: string, options?: ChangeOptions) => {
    const problem = validate(value);
    setError(problem);
    if (!problem && value.trim() !== applied) {
      markSent(value.trim());
      onApply(value.trim(), options);
    }
  };
  const applySoon = useDebouncedCallback(
    (value: string) => apply(value, { replace: true }),
    FILTER_DEBOUNCE_MS,
  );
  return {
    draft,
    error,
    type: (value: string) => {
      setDraft(value);
      if (error) setError(null);
      applySoon(value);
    },
    commit: (value: string) => {
      applySoon.cancel();
      setDraft(value);
      apply(value);
    },
  };
}

/**
 * A text filter that applies itself once typing pauses (300 ms; the URL entry is replaced, so
 * typing leaves one history entry), and at once on Enter or when the box loses focus. A value
 * that cannot be a filter says why under the box and is not applied. The clear button applies
 * at once.
 */
function AppliedTextInput({
  label,
  placeholder,
  icon,
  inputMode,
  applied,
  validate,
  onApply,
  w,
}: AppliedTextInputProps) {
  const { draft, error, type, commit } = useAppliedDraft(applied, validate, onApply);

  return (
    <TextInput
      label={label}
      placeholder={placeholder}
      inputMode={inputMode}
      value={draft}
      error={error}
      leftSection={icon}
      rightSection={
        draft ? (
          <CloseButton
            size="sm"
            aria-label={`Clear ${label.toLowerCase()}`}
            onClick={() => commit('')}
          />
        ) : null
      }
      onChange={(event) => type(event.currentTarget.value)}
      onBlur={() => commit(draft)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          commit(draft);
        }
      }}
      w={w}
    />
  );
}

/** The end reason: any platform name, with the common ones offered as you type. */
function EndReasonInput({
  applied,
  onApply,
  w,
}: {
  applied: string;
  onApply: (value: string, options?: ChangeOptions) => void;
  w: number | string;
}) {
  const { draft, error, type, commit } = useAppliedDraft(applied, endReasonError, onApply);
  return (
    <Autocomplete
      label="Ended reason"
      placeholder="Any reason"
      data={KNOWN_ENDED_REASONS}
      limit={12}
      value={draft}
      error={error}
      onChange={type}
      onOptionSubmit={commit}
      onBlur={() => commit(draft)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') commit(draft);
      }}
      rightSection={
        draft ? (
          <CloseButton size="sm" aria-label="Clear ended reason" onClick={() => commit('')} />
        ) : null
      }
      w={w}
    />
  );
}

/** A pair of bounds as `useDraftFollowingUrl` tells values apart. */
function boundsKey(min: number | null, max: number | null): string {
  return `${min ?? ''}..${max ?? ''}`;
}

type BoundsInputProps = {
  label: string;
  unit: string;
  prefix?: string;
  min: number | null;
  max: number | null;
  parse: (value: string | number) => number | null;
  decimals: number;
  limit: number;
  onApply: (min: number | null, max: number | null, options?: ChangeOptions) => void;
  phone: boolean;
};

/**
 * A minimum and a maximum, applied once typing pauses (or on Enter / leaving the box); a pair
 * the other way round, or a value the server would refuse, says why and is not applied.
 */
function BoundsInput({
  label,
  unit,
  prefix,
  min,
  max,
  parse,
  decimals,
  limit,
  onApply,
  phone,
}: BoundsInputProps) {
  const { draft, setDraft, error, setError, markSent } = useDraftFollowingUrl<
    [string | number, string | number]
  >(boundsKey(min, max), () => [min ?? '', max ?? '']);
  const apply = (values: [string | number, string | number], options?: ChangeOptions) => {
    const [low, high] = values.map((value) => (value === '' ? null : parse(value)));
    const bad = values.some((value, index) => value !== '' && [low, high][index] === null);
    if (bad) {
      setError(
        decimals === 0
          ? `Whole ${unit} from 0 to ${limit}`
          : `An amount from 0 to ${limit}, cents at most`,
      );
      return;
    }
    if (low != null && high != null && low > high) {
      setError('The minimum is above the maximum');
      return;
    }
    setError(null);
    if ((low ?? null) !== min || (high ?? null) !== max) {
      markSent(boundsKey(low ?? null, high ?? null));
      onApply(low ?? null, high ?? null, options);
    }
  };
  const applySoon = useDebouncedCallback(
    (values: [string | number, string | number]) => apply(values, { replace: true }),
    FILTER_DEBOUNCE_MS,
  );
  const field = (index: 0 | 1) => (
    <NumberInput
      aria-label={`${index === 0 ? 'Minimum' : 'Maximum'} ${label.charAt(0).toLowerCase()}${label.slice(1)}`}
      placeholder={index === 0 ? 'Min' : 'Max'}
      value={draft[index]}
      prefix={prefix}
      min={0}
      max={limit}
      decimalScale={decimals}
      allowNegative={false}
      allowDecimal={decimals > 0}
      hideControls
      error={error !== null}
      onChange={(value) => {
        const next: [string | number, string | number] =
          index === 0 ? [value, draft[1]] : [draft[0], value];
        setDraft(next);
        if (error) setError(null);
        applySoon(next);
      }}
      onBlur={() => {
        applySoon.cancel();
        apply(draft);
      }}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          applySoon.cancel();
          apply(draft);
        }
      }}
      w={phone ? undefined : 100}
      style={phone ? { flex: 1 } : undefined}
    />
  );
  return (
    <Input.Wrapper label={label} error={error} w={phone ? '100%' : undefined}>
      <Group gap={6} align="flex-start" wrap="nowrap">
        {field(0)}
        {field(1)}
      </Group>
    </Input.Wrapper>
  );
}
