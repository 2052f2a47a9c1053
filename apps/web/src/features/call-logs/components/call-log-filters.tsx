import { Button, CloseButton, Group, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import {
  IconCalendar,
  IconDownload,
  IconPhone,
  IconRefresh,
  IconRestore,
  IconSearch,
} from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import {
  phoneFilterError,
  searchError,
  type CallLogChange,
  type CallLogState,
} from '../utils/call-log-params';

type CallLogFiltersProps = {
  state: CallLogState;
  onChange: (change: CallLogChange) => void;
  onReset: () => void;
  onRefresh: () => void;
  refreshing: boolean;
  /** GET …/calls/export with the current filter. */
  exportHref: string;
};

/** Phone, transcript search and dates, then Reset, Refresh and Export CSV. */
export function CallLogFilters({
  state,
  onChange,
  onReset,
  onRefresh,
  refreshing,
  exportHref,
}: CallLogFiltersProps) {
  return (
    <Group gap="sm" align="flex-start" wrap="wrap" my="md">
      <AppliedTextInput
        label="Phone number"
        placeholder="Customer number"
        icon={<IconPhone size={16} stroke={1.6} />}
        inputMode="tel"
        applied={state.phone}
        validate={phoneFilterError}
        onApply={(phone) => onChange({ phone })}
        w={190}
      />
      <AppliedTextInput
        label="Search transcripts"
        placeholder="Words said in the call"
        icon={<IconSearch size={16} stroke={1.6} />}
        applied={state.q}
        validate={searchError}
        onApply={(q) => onChange({ q })}
        w={230}
      />
      <DatePickerInput
        label="From"
        placeholder="Any day"
        value={state.from}
        onChange={(from) => onChange({ from })}
        maxDate={state.to ?? undefined}
        clearable
        clearButtonProps={{ 'aria-label': 'Clear the start date' }}
        valueFormat="MMM D, YYYY"
        leftSection={<IconCalendar size={16} stroke={1.6} />}
        w={170}
      />
      <DatePickerInput
        label="To"
        placeholder="Any day"
        value={state.to}
        onChange={(to) => onChange({ to })}
        minDate={state.from ?? undefined}
        clearable
        clearButtonProps={{ 'aria-label': 'Clear the end date' }}
        valueFormat="MMM D, YYYY"
        leftSection={<IconCalendar size={16} stroke={1.6} />}
        w={170}
      />
      {/* Aligned with the inputs, below their labels. */}
      <Group gap="xs" mt={25} wrap="wrap">
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
      </Group>
    </Group>
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
  onApply: (value: string) => void;
  w: number;
};

/**
 * A text filter applied on Enter or when the box loses focus, not on every key: each change is a
 * new query (and a history entry), and a half-typed number is not a filter. The clear button
 * applies at once.
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
  const [draft, setDraft] = useState(applied);
  const [error, setError] = useState<string | null>(null);
  // Reset, back/forward or another control can change the URL's value: the box follows it.
  const [shown, setShown] = useState(applied);
  if (shown !== applied) {
    setShown(applied);
    setDraft(applied);
    setError(null);
  }

  const apply = (value: string) => {
    const problem = validate(value);
    setError(problem);
    if (!problem && value.trim() !== applied) onApply(value.trim());
  };

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
            onClick={() => {
              setDraft('');
              apply('');
            }}
          />
        ) : null
      }
      onChange={(event) => {
        setDraft(event.currentTarget.value);
        if (error) setError(null);
      }}
      onBlur={() => apply(draft)}
      onKeyDown={(event) => {
        if (event.key === 'Enter') {
          event.preventDefault();
          apply(draft);
        }
      }}
      w={w}
    />
  );
}
