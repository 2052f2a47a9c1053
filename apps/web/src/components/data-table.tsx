import {
  CloseButton,
  Group,
  Paper,
  ScrollArea,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import type { Paginated } from '@switchboard/shared/pagination';
import { IconSearch } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import {
  isValidElement,
  memo,
  startTransition,
  useMemo,
  useEffect,
  useState,
  type KeyboardEvent,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
} from 'react';
import { EmptyPanel, type EmptyPanelProps } from './empty-panel';
import { PastLastPage } from './past-last-page';
import { QueryError } from './query-error';
import { TablePagination, type TablePaginationProps } from './table-pagination';
import { TableSkeleton } from './table-skeleton';
import { failureReason, withMessage } from '../lib/api-client';
import { useIsPhone } from '../lib/use-is-phone';
import { useUrlFilter } from '../lib/use-url-filter';
import { useDrawnOnArrival } from '../lib/use-drawn-on-arrival';

export type DataColumn<T> = {
  /** The column's heading, and the field's label on a phone card. */
  header: string;
  cell: (row: T) => ReactNode;
  /** The row's actions: right-aligned, and at the foot of a phone card. */
  end?: boolean;
  /** Right-aligned figures (counts). */
  numeric?: boolean;
  /** Widest a cell may grow (long text truncates inside it). */
  maw?: number;
  /**
   * What the column's figures cover ("7 days"): on a line of its own under a short heading, so
   * the heading keeps to two lines; read as "Calls (7 days)", as a phone card's label shows it.
   */
  period?: string;
  /** A narrow column's fixed width (an icon's), so the others share the rest. */
  w?: number;
  /** The heading is for screen readers only (a column of buttons). */
  hiddenHeader?: boolean;
};

/**
 * How a row is told apart (React's key): its `id` unless the rows have none, or another field
 * must serve (a business overview's `businessId`).
 */
type RowKey<T> = [T] extends [{ id: string }]
  ? { rowKey?: (row: T) => string }
  : { rowKey: (row: T) => string };

const byId = (row: unknown) => (row as { id: string }).id;

type DataTableProps<T> = RowKey<T> & {
  /**
   * The list's query: its loading, error and data states drive what shows. A whole list
   * (`T[]`) or one page of it (`{ data, meta }`, with `pager`).
   */
  query: UseQueryResult<T[]> | UseQueryResult<Paginated<T>>;
  columns: DataColumn<T>[];
  /** "Could not load the phone numbers". */
  errorTitle: string;
  /**
   * The failure in the list's own words, from the server's reason (null when the server could
   * not be reached): `contactsErrorMessage` says "Failed to fetch contacts: …".
   */
  errorMessage?: (reason: string | null) => string;
  /** Said to screen readers while the first rows load: "Loading the email log…". */
  loadingLabel?: string;
  /** What an empty list says, with the way to add the first item (or a line of text). */
  empty: EmptyPanelProps | ReactElement;
  /** Accessible name of the table (and of the cards on a phone). */
  label?: string;
  /** Text the search box matches (kept in the URL as `?q=`); no search box without it. */
  searchText?: (row: T) => string;
  searchLabel?: string;
  /**
   * A paged list: the pager under it (and the way back from a page past the last); `meta`
   * stands in for the page's own (a total counted apart).
   */
  pager?: Omit<TablePaginationProps, 'meta'> & { meta?: TablePaginationProps['meta'] };
  /** Narrowest the table may get before it scrolls sideways. */
  minWidth?: number;
  /**
   * Opens a row: a click anywhere on it (not on its links or buttons, not while selecting
   * text), or Enter/Space on the focused row. Its link stays the way for a new tab.
   */
  onRowClick?: (row: T) => void;
  /** The list's own card for a row on a phone, instead of the labelled columns. */
  card?: (row: T) => ReactNode;
  /** A line under a row, across the columns (a search's match); nothing for none. */
  below?: (row: T) => ReactNode;
  /** Attributes a row carries for the page's scripts and tests (`data-call-id`). */
  rowData?: (row: T) => Record<`data-${string}`, string>;
  /** Drawn over the top edge of the list (a refresh's progress bar). */
  topBar?: ReactNode;
  /** A row to point out (one just created): tinted, and scrolled into view when it appears. */
  highlight?: (row: T) => boolean;
  /**
   * Draws the first rows to arrive this many at a time, each batch in a task of its own, so a
   * long page (the call log's 50) never blocks the screen in one long task: what is above the
   * fold shows first (decision 082). Later pages draw whole.
   */
  rowsPerTask?: number;
};

/**
 * How many rows to draw: all of them, or with `perTask`, that many more in each step (a timer
 * apart) until the first non-empty list is all drawn; after that, all of them at once. Each step
 * is a transition, so React draws it in slices of a few milliseconds, yielding between them
 * (decision 098), rather than in one task a step.
 */
function useRowsInStages(count: number, perTask: number | undefined): number {
  const [shown, setShown] = useState(perTask ?? Number.POSITIVE_INFINITY);
  const more = shown < count;
  // The first rows are all drawn (or were fewer than a step): from now on, all at once.
  if (!more && count > 0 && shown !== Number.POSITIVE_INFINITY) {
    setShown(Number.POSITIVE_INFINITY);
  }
  useEffect(() => {
    if (!more || perTask === undefined) return;
    const timer = setTimeout(() => {
      startTransition(() => {
        setShown((n) => (n + perTask >= count ? Number.POSITIVE_INFINITY : n + perTask));
      });
    }, 0);
    return () => clearTimeout(timer);
  }, [more, shown, count, perTask]);
  return shown;
}

const HIGHLIGHT_BG = 'var(--mantine-primary-color-light)';

/** A ref that brings its element into view when it is attached (stable, so only then). */
function scrollIntoViewOnAttach(element: HTMLElement | null) {
  element?.scrollIntoView({ block: 'nearest' });
}

/** What a pointed-out row carries: its tint and the scroll into view. */
function highlighted(on: boolean | undefined) {
  return on ? { bg: HIGHLIGHT_BG, ref: scrollIntoViewOnAttach } : {};
}

/**
 * The app's list: loading rows, the server's error with Try again, an empty state with the
 * first action, a search kept in the URL or a pager, and the table — on a phone, a stack of
 * cards (the first column as the card's title, the others labelled, the actions at the foot).
 */
export function DataTable<T>({
  query,
  columns,
  rowKey = byId,
  errorTitle,
  errorMessage,
  loadingLabel,
  empty,
  searchText,
  searchLabel = 'Search',
  label,
  pager,
  minWidth = 640,
  onRowClick,
  card,
  below,
  rowData,
  topBar,
  highlight,
  rowsPerTask,
}: DataTableProps<T>) {
  const [search, setSearch] = useUrlFilter('q');
  const isPhone = useIsPhone();
  // The first rows to arrive draw in a deferred render, which React splits into short tasks,
  // instead of inside the query's notification (decision 098); rows already known when the list
  // mounts, and later answers, draw at once.
  const data: T[] | Paginated<T> | undefined = useDrawnOnArrival(query.data);
  const page = data && !Array.isArray(data) ? data : undefined;
  const all = Array.isArray(data) ? data : page?.data;
  const shown = useRowsInStages(all?.length ?? 0, rowsPerTask);

  if (query.isError && !query.data) {
    return (
      <QueryError
        title={errorTitle}
        error={
          errorMessage
            ? withMessage(query.error, errorMessage(failureReason(query.error)))
            : query.error
        }
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  if (all && all.length === 0 && (!page || page.meta.page === 1)) {
    return isValidElement(empty) ? empty : <EmptyPanel {...empty} />;
  }

  const needle = search.trim().toLowerCase();
  const matching =
    all && searchText && needle
      ? all.filter((row) => searchText(row).toLowerCase().includes(needle))
      : all;
  const rows = matching && shown < matching.length ? matching.slice(0, shown) : matching;
  const pastLastPage = page !== undefined && page.data.length === 0;
  const firstPage = () => pager?.onChange({ page: 1 });
  const nothing = pastLastPage ? (
    <PastLastPage onFirstPage={firstPage} />
  ) : (
    <Text c="dimmed" size="sm" ta="center" py="md">
      Nothing matches “{search}”.
    </Text>
  );

  return (
    <>
      <Paper withBorder pos="relative" style={{ overflow: 'hidden' }}>
        {topBar}
        {rows === undefined && loadingLabel && (
          <VisuallyHidden role="status">{loadingLabel}</VisuallyHidden>
        )}
        {searchText && (
          <TextInput
            p="sm"
            aria-label={searchLabel}
            placeholder={searchLabel}
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            rightSection={
              search ? (
                <CloseButton size="sm" aria-label="Clear search" onClick={() => setSearch('')} />
              ) : undefined
            }
            maw={360}
          />
        )}
        {isPhone ? (
          <DataCards
            rows={rows}
            columns={columns}
            rowKey={rowKey}
            label={label}
            nothing={nothing}
            card={card}
            onRowClick={onRowClick}
            rowData={rowData}
            highlight={highlight}
          />
        ) : (
          <ScrollArea type="auto">
            <Table
              verticalSpacing="sm"
              horizontalSpacing="md"
              highlightOnHover
              aria-label={label}
              // Busy while its rows are placeholders too: an answer that has arrived is drawn a
              // render later (the deferred value above).
              aria-busy={query.isFetching || !all}
              miw={minWidth}
              style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}
            >
              <Table.Thead>
                <Table.Tr>
                  {columns.map((column) => (
                    <Table.Th key={column.header} ta={alignOf(column)} w={column.w}>
                      {column.hiddenHeader ? (
                        <VisuallyHidden>{column.header}</VisuallyHidden>
                      ) : (
                        <>
                          {column.period ? (
                            // A heading over a period stays on its line ("Success rate"), the
                            // period under it: two lines, never a third.
                            <Text
                              component="span"
                              display="block"
                              fz="inherit"
                              fw="inherit"
                              style={{ whiteSpace: 'nowrap' }}
                            >
                              {column.header}
                            </Text>
                          ) : (
                            column.header
                          )}
                          {column.period && (
                            <>
                              <VisuallyHidden> (</VisuallyHidden>
                              <Text component="span" display="block" fz="xs" fw={400} c="dimmed">
                                {column.period}
                              </Text>
                              <VisuallyHidden>)</VisuallyHidden>
                            </>
                          )}
                        </>
                      )}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              {rows === undefined ? (
                <TableSkeleton columns={columns.length} rows={4} />
              ) : (
                <Table.Tbody>
                  {rows.map((row) => (
                    <DataRow
                      key={rowKey(row)}
                      row={row}
                      columns={columns}
                      below={below}
                      onRowClick={onRowClick}
                      rowData={rowData}
                      highlight={highlight}
                    />
                  ))}
                  {rows.length === 0 && (
                    <Table.Tr>
                      <Table.Td colSpan={columns.length}>{nothing}</Table.Td>
                    </Table.Tr>
                  )}
                </Table.Tbody>
              )}
            </Table>
          </ScrollArea>
        )}
      </Paper>
      {page && pager && <TablePagination {...pager} meta={pager.meta ?? page.meta} />}
    </>
  );
}

/** A click or Enter/Space that opens the row; clicks on its own links and buttons stay theirs. */
function openRow<T>(row: T, onOpen: ((row: T) => void) | undefined, focusable = true) {
  if (!onOpen) return {};
  return {
    tabIndex: focusable ? 0 : undefined,
    style: { cursor: 'pointer' },
    onClick: (event: MouseEvent<HTMLElement>) => {
      if (event.target instanceof Element && event.target.closest('a, button')) return;
      if (window.getSelection()?.toString()) return; // selecting text is not a click
      onOpen(row);
    },
    onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
      if (event.target !== event.currentTarget) return;
      if (event.key !== 'Enter' && event.key !== ' ') return;
      event.preventDefault();
      onOpen(row);
    },
  };
}

function alignOf(column: Pick<DataColumn<never>, 'end' | 'numeric'>) {
  return column.end || column.numeric ? 'right' : undefined;
}

/** The list on a phone: one card a row, nothing to scroll sideways. */
function DataCards<T>({
  rows,
  columns,
  rowKey,
  label,
  nothing,
  card,
  onRowClick,
  rowData,
  highlight,
}: {
  rows: T[] | undefined;
  columns: DataColumn<T>[];
  rowKey: (row: T) => string;
  label?: string;
  nothing: ReactNode;
  card?: (row: T) => ReactNode;
  onRowClick?: (row: T) => void;
  rowData?: (row: T) => Record<`data-${string}`, string>;
  highlight?: ((row: T) => boolean) | undefined;
}) {
  // The same arrays from one render to the next, so the memoised cards see unchanged props.
  const { title, fields, actions } = useMemo(() => {
    const [first, ...rest] = columns;
    return {
      title: first,
      fields: rest.filter((column) => !column.end),
      actions: rest.filter((column) => column.end),
    };
  }, [columns]);
  if (rows === undefined) {
    return (
      <Stack gap="sm" p="sm" aria-busy="true">
        {[0, 1, 2].map((n) => (
          <Skeleton key={n} h={96} radius="md" />
        ))}
      </Stack>
    );
  }
  if (rows.length === 0) return nothing;
  return (
    <Stack component="ul" aria-label={label} gap="sm" p="sm" m={0} style={{ listStyle: 'none' }}>
      {rows.map((row) => (
        <DataCard
          key={rowKey(row)}
          row={row}
          title={title}
          fields={fields}
          actions={actions}
          card={card}
          onRowClick={onRowClick}
          rowData={rowData}
          highlight={highlight}
        />
      ))}
    </Stack>
  );
}

type RowProps<T> = {
  row: T;
  onRowClick?: ((row: T) => void) | undefined;
  rowData?: ((row: T) => Record<`data-${string}`, string>) | undefined;
  highlight?: ((row: T) => boolean) | undefined;
};

/**
 * One row of the table. Memoised: drawing the next rows of a long page (`rowsPerTask`) leaves the
 * rows already drawn alone.
 */
const DataRow = memo(function DataRow<T>({
  row,
  columns,
  below,
  onRowClick,
  rowData,
  highlight,
}: RowProps<T> & { columns: DataColumn<T>[]; below?: ((row: T) => ReactNode) | undefined }) {
  const line = below?.(row);
  return (
    <>
      <Table.Tr
        {...rowData?.(row)}
        {...openRow(row, onRowClick)}
        {...highlighted(highlight?.(row))}
      >
        {columns.map((column) => (
          <Table.Td
            key={column.header}
            ta={alignOf(column)}
            maw={column.maw}
            style={line ? { borderBottom: 0 } : undefined}
          >
            {column.cell(row)}
          </Table.Td>
        ))}
      </Table.Tr>
      {line && (
        <Table.Tr {...openRow(row, onRowClick, false)}>
          <Table.Td colSpan={columns.length} pt={0}>
            {line}
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}) as <T>(
  props: RowProps<T> & { columns: DataColumn<T>[]; below?: ((row: T) => ReactNode) | undefined },
) => ReactNode;

/** One row as a phone's card (memoised, as DataRow). */
const DataCard = memo(function DataCard<T>({
  row,
  title,
  fields,
  actions,
  card,
  onRowClick,
  rowData,
  highlight,
}: RowProps<T> & {
  title: DataColumn<T> | undefined;
  fields: DataColumn<T>[];
  actions: DataColumn<T>[];
  card?: ((row: T) => ReactNode) | undefined;
}) {
  if (card) {
    return (
      <li {...rowData?.(row)} {...openRow(row, onRowClick)}>
        {card(row)}
      </li>
    );
  }
  return (
    <Paper
      component="li"
      withBorder
      radius="md"
      p="sm"
      {...rowData?.(row)}
      {...openRow(row, onRowClick)}
      {...highlighted(highlight?.(row))}
    >
      <Stack gap="xs">
        {title && <div>{title.cell(row)}</div>}
        {fields.map((column) => (
          <div key={column.header}>
            <Text size="xs" c="dimmed">
              {column.period ? `${column.header} (${column.period})` : column.header}
            </Text>
            <div style={{ overflowWrap: 'anywhere' }}>{column.cell(row)}</div>
          </div>
        ))}
        {actions.map((column) => {
          const cell = column.cell(row);
          return cell ? (
            <Group key={column.header} justify="flex-end">
              {cell}
            </Group>
          ) : null;
        })}
      </Stack>
    </Paper>
  );
}) as <T>(
  props: RowProps<T> & {
    title: DataColumn<T> | undefined;
    fields: DataColumn<T>[];
    actions: DataColumn<T>[];
    card?: ((row: T) => ReactNode) | undefined;
  },
) => ReactNode;
