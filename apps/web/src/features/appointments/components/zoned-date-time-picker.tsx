import { DateTimePicker } from '@mantine/dates';
import { isoToZonedLocal } from '@switchboard/shared/appointments';

/** "2026-03-10T09:30" (a wall-clock time in the business's zone) → the picker's "2026-03-10 09:30:00". */
function toPickerValue(local: string): string | null {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local) ? `${local.replace('T', ' ')}:00` : null;
}

/**
 * Mantine's DateTimePicker holding a wall-clock time of the business's zone ("YYYY-MM-DDTHH:mm",
 * what `zonedLocalToIso` turns into an instant), never the browser's: the browser's own zone
 * plays no part. Days before today (in the business's zone) cannot be picked.
 */
export function ZonedDateTimePicker({
  label,
  value,
  onChange,
  timeZone,
  error,
  required,
  focusInModal,
}: {
  label: string;
  /** "YYYY-MM-DDTHH:mm" in the business's zone, or "" for none. */
  value: string;
  onChange: (local: string) => void;
  timeZone: string;
  error?: string | null;
  required?: boolean;
  /** Take the modal's first focus (Mantine's data-autofocus). */
  focusInModal?: boolean;
}) {
  return (
    <DateTimePicker
      label={label}
      value={toPickerValue(value)}
      onChange={(next) => onChange(next ? next.slice(0, 16).replace(' ', 'T') : '')}
      valueFormat="D MMM YYYY, HH:mm"
      withSeconds={false}
      timePickerProps={{ format: '24h', hoursInputLabel: 'Hours', minutesInputLabel: 'Minutes' }}
      submitButtonProps={{ 'aria-label': 'Set the date and time' }}
      minDate={isoToZonedLocal(new Date(), timeZone).slice(0, 10)}
      error={error}
      required={required}
      data-autofocus={focusInModal ? true : undefined}
      popoverProps={{ withinPortal: true }}
    />
  );
}
