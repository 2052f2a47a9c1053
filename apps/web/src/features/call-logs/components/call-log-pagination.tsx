import { Button, Group, Text } from '@mantine/core';
import type { PaginationMeta } from '@switchboard/shared/pagination';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';

type CallLogPaginationProps = {
  meta: PaginationMeta;
  onPage: (page: number) => void;
};

/** "120 calls · page 2 of 3" with Previous/Next, as the server's meta allows. */
export function CallLogPagination({ meta, onPage }: CallLogPaginationProps) {
  const count = `${meta.total} ${meta.total === 1 ? 'call' : 'calls'}`;
  return (
    <Group justify="space-between" gap="md" mt="md" component="nav" aria-label="Call log pages">
      <Text size="sm" c="dimmed">
        {`${count} · page ${meta.page} of ${Math.max(meta.totalPages, 1)}`}
      </Text>
      <Group gap="xs">
        <Button
          variant="default"
          size="xs"
          leftSection={<IconChevronLeft size={14} />}
          disabled={!meta.hasPrev}
          // Past the last page, Previous goes to the last one there is.
          onClick={() => onPage(Math.min(meta.page - 1, Math.max(meta.totalPages, 1)))}
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
