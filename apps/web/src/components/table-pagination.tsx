import { Group, Pagination, Select, Text } from '@mantine/core';
import type { PaginationMeta } from '@switchboard/shared/pagination';
import { useId } from 'react';

const PAGE_SIZES = ['10', '20', '50', '100'];

type TablePaginationProps = {
  meta: PaginationMeta;
  /** What is counted: ["business", "businesses"]. */
  noun: readonly [singular: string, plural: string];
  onChange: (next: { page?: number; limit?: number }) => void;
};

function describeRange(
  meta: PaginationMeta,
  first: number,
  last: number,
  [singular, plural]: TablePaginationProps['noun'],
): string {
  const counted = `${meta.total} ${meta.total === 1 ? singular : plural}`;
  if (meta.total === 0) return `No ${plural}`;
  if (first > meta.total) return counted;
  // Everything fits on one page: the range would only repeat the total.
  if (meta.totalPages <= 1 && meta.page === 1) return counted;
  return `${first}–${last} of ${counted}`;
}

/** Below a paged table: "21–40 of 53 businesses", the page buttons and the page size. */
export function TablePagination({ meta, noun, onChange }: TablePaginationProps) {
  const pageSizeId = useId();
  const first = meta.total === 0 ? 0 : (meta.page - 1) * meta.limit + 1;
  const last = Math.min(meta.page * meta.limit, meta.total);

  return (
    <Group justify="space-between" gap="md" mt="md">
      <Text size="sm" c="dimmed">
        {describeRange(meta, first, last, noun)}
      </Text>
      <Group gap="md">
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" c="dimmed" component="label" htmlFor={pageSizeId}>
            Rows per page
          </Text>
          <Select
            id={pageSizeId}
            data={PAGE_SIZES}
            value={String(meta.limit)}
            onChange={(value) => value && onChange({ page: 1, limit: Number(value) })}
            allowDeselect={false}
            w={84}
            size="xs"
            withCheckIcon={false}
          />
        </Group>
        {meta.totalPages > 1 && (
          <Pagination
            total={meta.totalPages}
            value={meta.page}
            onChange={(page) => onChange({ page })}
            size="sm"
            siblings={1}
            getControlProps={(control) => ({
              'aria-label': control === 'previous' ? 'Previous page' : 'Next page',
            })}
            getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
          />
        )}
      </Group>
    </Group>
  );
}
