import { DatePickerInput, type DatePickerInputProps } from '@mantine/dates';

/**
 * One day's date input. The call log's filters load this module when they are first drawn
 * (decision 107): through it the bundler splits off only the picker the call log uses, as it
 * does for screens that import it directly.
 */
export default function DayPickerInput(props: DatePickerInputProps<'default'>) {
  return <DatePickerInput {...props} />;
}
