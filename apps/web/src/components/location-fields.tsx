import { Select, type SelectProps } from '@mantine/core';
import { countryNames } from '@switchboard/shared/countries';
import {
  type Control,
  type FieldPathByValue,
  type FieldValues,
  useController,
} from 'react-hook-form';
import { countryFilter } from '../lib/country-filter';
import { controlledProps } from '../lib/bind-field';

/**
 * A form's country or time-zone picker bound to react-hook-form: a searchable Select whose empty
 * string stands for "none picked" and which shows the field's validation message.
 */
type BoundSelectProps<T extends FieldValues> = Omit<
  SelectProps,
  'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'error'
> & {
  control: Control<T>;
  name: FieldPathByValue<T, string | null | undefined>;
};

function BoundSelect<T extends FieldValues>({ control, name, ...props }: BoundSelectProps<T>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <Select
      searchable
      autoComplete="off"
      withAsterisk
      {...props}
      {...controlledProps(field, fieldState)}
      value={field.value || null}
      onChange={(value) => field.onChange(value ?? '')}
    />
  );
}

/** Country, searched by the start of a name first; `data` defaults to every country's name. */
export function CountryField<T extends FieldValues>(props: BoundSelectProps<T>) {
  return (
    <BoundSelect
      label="Country"
      data={countryNames}
      filter={countryFilter}
      nothingFoundMessage="No country matches"
      {...props}
    />
  );
}

/** IANA time zone; pass `data` from `timeZoneOptions` and the sentence saying what it is for. */
export function TimeZoneField<T extends FieldValues>(
  props: BoundSelectProps<T> & Required<Pick<SelectProps, 'data'>>,
) {
  return (
    <BoundSelect
      label="Time zone"
      nothingFoundMessage="No time zone matches"
      allowDeselect={false}
      {...props}
    />
  );
}
