import { Button, Checkbox, Popover, Stack, Text } from '@mantine/core';
import { IconColumns3 } from '@tabler/icons-react';
import { useIsPhone } from '../../../lib/use-is-phone';
import {
  CALL_LOG_COLUMNS,
  type CallLogColumnKey,
  type HiddenCallLogColumns,
} from '../utils/call-log-columns';

type CallLogColumnsMenuProps = {
  hidden: HiddenCallLogColumns;
  onChange: (hidden: HiddenCallLogColumns) => void;
  /** The business-wide log has an Agent column; an agent's own log does not. */
  withAgent: boolean;
};

/**
 * "Columns": which of the call log's columns show, a tick box each. Not on a phone, where each
 * call is a card with all its facts.
 */
export function CallLogColumnsMenu({ hidden, onChange, withAgent }: CallLogColumnsMenuProps) {
  const phone = useIsPhone();
  const columns = CALL_LOG_COLUMNS.filter((column) => withAgent || column.key !== 'agent');
  const shown = columns.filter((column) => !hidden.includes(column.key)).length;
  const toggle = (key: CallLogColumnKey, show: boolean) =>
    onChange(show ? hidden.filter((other) => other !== key) : [...hidden, key]);

  if (phone) return null;
  return (
    <Popover position="bottom-end" shadow="md" trapFocus returnFocus withinPortal>
      <Popover.Target>
        <Button variant="default" leftSection={<IconColumns3 size={16} />}>
          Columns
          {shown < columns.length && (
            <Text component="span" size="sm" c="dimmed" ml={6}>
              {shown} of {columns.length}
            </Text>
          )}
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap="xs" role="group" aria-labelledby="call-log-columns-title">
          <Text size="sm" fw={600} id="call-log-columns-title">
            Show in the call log
          </Text>
          {columns.map((column) => (
            <Checkbox
              key={column.key}
              label={column.label}
              checked={!hidden.includes(column.key)}
              onChange={(event) => toggle(column.key, event.currentTarget.checked)}
            />
          ))}
          <Button
            variant="subtle"
            size="compact-sm"
            onClick={() => onChange([])}
            disabled={hidden.length === 0}
          >
            Show every column
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
