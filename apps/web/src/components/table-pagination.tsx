import { Button, Group, Pagination, Select, Text } from '@mantine/core';
import { formatCount, formatCountOf } from '@switchboard/shared/format';
import type { PaginationMeta } from '@switchboard/shared/pagination';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { lazy, Suspense, useId } from 'react';

const PAGE_SIZES = ['10', '20', '50', '100'];

// The page-number box (a number input and its formatting library, ~5 KB compressed) loads only
// where a list has more than two pages to jump between (decision 075).
const JumpToPage = lazy(async () => ({ default: (await import('./jump-to-page')).JumpToPage }));

export type TablePaginationProps = {
  meta: PaginationMeta;
  /** What is counted: ["business", "businesses"]. */
  noun: readonly [singular: string, plural: string];
  onChange: (next: { page?: number; limit?: number }) => void;
  /**
   * How the position reads: `range` "21–40 of 53 businesses" (the default), `count-and-page`
   * "120 calls · page 2 of 3", `range-and-page` "1–10 of 25 appointments · page 1 of 3".
   */
  summary?: 'range' | 'count-and-page' | 'range-and-page';
  /** Previous and Next buttons (as meta.hasPrev/hasNext allow) instead of numbered pages. */
  steps?: boolean;
  /** The "Rows per page" choice (on unless the list has one fixed size). */
  pageSizes?: boolean;
  /** A page number to jump to, past two pages. */
  jump?: boolean;
  /** Names the pager as a navigation landmark ("Call log pages"). */
  label?: string;
  /** What a page button is called, where a screen has two pagers ("imports page"). */
  pageName?: string;
  /**
   * The total is still being counted (a transcript search's page answers first): the pager says
   * so instead of a total, and steps on by `meta.hasNext`.
   */
  counting?: boolean;
  /**
   * The total is only known to be at least this many (a search's count stops early): the
   * pager says "At least N" and, as while counting, steps on by `meta.hasNext`.
   */
  atLeast?: number | undefined;
};

function describeRange(
  meta: PaginationMeta,
  [singular, plural]: TablePaginationProps['noun'],
  summary: NonNullable<TablePaginationProps['summary']>,
  counting: boolean,
  atLeast: number | undefined,
): string {
  if (atLeast !== undefined && !counting) {
    // The rows paged through so far count too (meta.total while the total is not known).
    const least = formatCount(Math.max(atLeast, meta.total));
    return `At least ${least} ${plural} · page ${formatCount(meta.page)}`;
  }
  if (counting) {
    const shown =
      meta.total === 0 && meta.page === 1 ? `No ${plural}` : `Page ${formatCount(meta.page)}`;
    return meta.total === 0 && meta.page === 1 ? shown : `${shown} · counting the ${plural}…`;
  }
  const first = meta.total === 0 ? 0 : (meta.page - 1) * meta.limit + 1;
  const last = Math.min(meta.page * meta.limit, meta.total);
  const counted = formatCountOf(meta.total, singular, plural);
  const pageOf = ` · page ${formatCount(meta.page)} of ${formatCount(Math.max(meta.totalPages, 1))}`;
  if (summary === 'count-and-page') return counted + pageOf;
  if (meta.total === 0) return `No ${plural}`;
  if (summary === 'range-and-page')
    return `${formatCount(first)}–${formatCount(last)} of ${counted}${pageOf}`;
  if (first > meta.total) return counted;
  // Everything fits on one page: the range would only repeat the total.
  if (meta.totalPages <= 1 && meta.page === 1) return counted;
  return `${formatCount(first)}–${formatCount(last)} of ${counted}`;
}

/** Below a paged table: where this page is, the page size, and the way to other pages. */
export function TablePagination({
  meta,
  noun,
  onChange,
  summary = 'range',
  steps = false,
  pageSizes = true,
  jump = false,
  label,
  pageName = 'page',
  counting = false,
  atLeast,
}: TablePaginationProps) {
  const pageSizeId = useId();
  const lastPage = Math.max(meta.totalPages, 1);

  return (
    <Group
      justify="space-between"
      gap="md"
      mt="md"
      component={label ? 'nav' : undefined}
      aria-label={label}
    >
      <Text size="sm" c="dimmed" aria-live={steps ? 'polite' : undefined}>
        {describeRange(meta, noun, summary, counting, atLeast)}
      </Text>
      <Group gap="md">
        {pageSizes && (
          <Group gap="xs" wrap="nowrap">
            <Text size="sm" c="dimmed" component="label" htmlFor={pageSizeId}>
              Rows per page
            </Text>
            <Select
              id={pageSizeId}
              data={PAGE_SIZES}
              value={String(meta.limit)}
              onChange={(value) =>
                value && Number(value) !== meta.limit && onChange({ page: 1, limit: Number(value) })
              }
              allowDeselect={false}
              w={84}
              size="xs"
              withCheckIcon={false}
            />
          </Group>
        )}
        {steps ? (
          <Group gap="xs" wrap="wrap">
            {jump && !counting && atLeast === undefined && lastPage > 2 && (
              <Suspense fallback={null}>
                <JumpToPage
                  page={meta.page}
                  lastPage={lastPage}
                  onPage={(page) => onChange({ page })}
                />
              </Suspense>
            )}
            <Button
              variant="default"
              size="xs"
              leftSection={<IconChevronLeft size={14} />}
              disabled={!meta.hasPrev}
              // Past the last page, Previous goes to the last one there is.
              onClick={() => onChange({ page: Math.min(meta.page - 1, lastPage) })}
            >
              Previous
            </Button>
            <Button
              variant="default"
              size="xs"
              rightSection={<IconChevronRight size={14} />}
              disabled={!meta.hasNext}
              onClick={() => onChange({ page: meta.page + 1 })}
            >
              Next
            </Button>
          </Group>
        ) : (
          meta.totalPages > 1 && (
            <Pagination
              total={meta.totalPages}
              value={meta.page}
              onChange={(page) => onChange({ page })}
              size="sm"
              siblings={1}
              getControlProps={(control) => ({
                'aria-label': `${control === 'previous' ? 'Previous' : 'Next'} ${pageName}`,
              })}
              getItemProps={(page) => ({
                'aria-label': `${pageName[0]?.toUpperCase()}${pageName.slice(1)} ${page}`,
              })}
            />
          )
        )}
      </Group>
    </Group>
  );
}
