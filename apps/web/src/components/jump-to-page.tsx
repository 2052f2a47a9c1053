import { Button, Group, NumberInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';

/** A page number and Go: any page from 1 to the last, refused with a reason otherwise. */
export function JumpToPage({
  page,
  lastPage,
  onPage,
}: {
  page: number;
  lastPage: number;
  onPage: (page: number) => void;
}) {
  const [value, setValue] = useState<string | number>('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const target = Number(value);
    if (value === '' || !Number.isInteger(target) || target < 1 || target > lastPage) {
      setError(`Pick a page from 1 to ${lastPage}`);
      return;
    }
    setError(null);
    setValue('');
    if (target !== page) onPage(target);
  };
  return (
    <form onSubmit={submit} noValidate>
      <Group gap={6} wrap="nowrap" align="flex-start">
        <NumberInput
          size="xs"
          aria-label="Go to page"
          placeholder="Page"
          value={value}
          onChange={(next) => {
            setValue(next);
            if (error) setError(null);
          }}
          min={1}
          max={lastPage}
          // A page past the last is said to be one, not silently changed.
          clampBehavior="none"
          allowDecimal={false}
          allowNegative={false}
          hideControls
          error={error}
          w={error ? 170 : 70}
        />
        <Button type="submit" size="xs" variant="default">
          Go
        </Button>
      </Group>
    </form>
  );
}
