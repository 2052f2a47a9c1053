import { Button, Group, NumberInput, Text } from '@mantine/core';
import type { PaginationMeta } from '@switchboard/shared/pagination';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';

type CallLogPaginationProps = {
  meta: PaginationMeta;
  onPage: (page: number) => void;
};

/** "120 calls · page 2 of 3" with Previous/Next and a page to jump to, as the server's meta allows. */
export function CallLogPagination({ meta, onPage }: CallLogPaginationProps) {
  const count = `${meta.total} ${meta.total === 1 ? 'call' : 'calls'}`;
  const lastPage = Math.max(meta.totalPages, 1);
  return (
    <Group justify="space-between" gap="md" mt="md" component="nav" aria-label="Call log pages">
      <Text size="sm" c="dimmed">
        {`${count} · page ${meta.page} of ${lastPage}`}
      </Text>
      <Group gap="xs" wrap="wrap">
        {lastPage > 2 && <JumpToPage page={meta.page} lastPage={lastPage} onPage={onPage} />}
        <Button
          variant="default"
          size="xs"
          leftSection={<IconChevronLeft size={14} />}
          disabled={!meta.hasPrev}
          // Past the last page, Previous goes to the last one there is.
          onClick={() => onPage(Math.min(meta.page - 1, lastPage))}
        >
          Previous
        </Button>
        <Button
          variant="default"
          size="xs"
          rightSection={<IconChevronRight size={14} />}
          disabled={!meta.hasNext}
          onClick={() => onPage(meta.page + 1)}
        >
          Next
        </Button>
      </Group>
    </Group>
  );
}

/** A page number and Go: any page from 1 to the last, refused with a reason otherwise. */
function JumpToPage({
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
