import { Badge, Select } from '@mantine/core';
import type { ComponentProps } from 'react';
import {
  TEST_BADGE_LABEL,
  TEST_FILTER_LABELS,
  TEST_FILTERS,
  type TestFilter,
} from '@switchboard/shared/test-marks';

/** The mark on a contact, enquiry or appointment recorded during a test call. */
export function TestBadge() {
  return (
    <Badge
      size="sm"
      variant="outline"
      color="grape"
      title="Recorded during a test call (Talk to agent)"
      style={{ flexShrink: 0 }}
    >
      {TEST_BADGE_LABEL}
    </Badge>
  );
}

const OPTIONS = TEST_FILTERS.map((value) => ({ value, label: TEST_FILTER_LABELS[value] }));

/** Include test calls / Leave out test calls / Test only. */
export function TestFilterSelect({
  value,
  onChange,
  w = 210,
}: {
  value: TestFilter;
  onChange: (value: TestFilter) => void;
  w?: ComponentProps<typeof Select>['w'];
}) {
  return (
    <Select
      label="Test calls"
      data={OPTIONS}
      value={value}
      allowDeselect={false}
      onChange={(next) => next && onChange(next)}
      w={w}
    />
  );
}

/** `?test=` read from the URL (anything else: include). */
export function parseTestFilter(value: string | null): TestFilter {
  return (TEST_FILTERS as readonly string[]).includes(value ?? '')
    ? (value as TestFilter)
    : 'include';
}
