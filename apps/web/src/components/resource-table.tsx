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
} from '@mantine/core';
import { IconSearch, type Icon } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { EmptyPanel } from './empty-panel';
import { QueryError } from './query-error';
import { TableSkeleton } from './table-skeleton';
import { useIsPhone } from '../lib/use-is-phone';
import { useUrlFilter } from '../lib/use-url-filter';

export type ResourceColumn<T> = {
  header: string;
  cell: (row: T) => ReactNode;
  /** Right-aligned (actions). */
  end?: boolean;
};

type ResourceTableProps<T> = {
  /** The list's query: its loading, error and data states drive what shows. */
  query: UseQueryResult<T[]>;
  columns: ResourceColumn<T>[];
  rowKey: (row: T) => string;
  /** "Could not load the phone numbers". */
  errorTitle: string;
  /** What an empty list says, with the way to add the first item. */
  empty: { icon: Icon; title: string; description: string; action?: ReactNode };
  /** Text the search box matches (kept in the URL as `?q=`); no search box without it. */
  searchText?: (row: T) => string;
  searchLabel?: string;
  /** Accessible name of the table. */
  label: string;
};

/**
 * The console's list: loading rows, the server's error with Try again, an empty state with the
 * first action, a search kept in the URL, and the table — on a phone, a stack of cards (the
 * first column as the card's title, the others labelled, the actions at the foot).
 */
export function ResourceTable<T>({
  query,
  columns,
  rowKey,
  errorTitle,
  empty,
  searchText,
  searchLabel = 'Search',
  label,
}: ResourceTableProps<T>) {
  const [search, setSearch] = useUrlFilter('q');
  const isPhone = useIsPhone();

  if (query.isError && !query.data) {
    return (
      <QueryError
        title={errorTitle}
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  if (query.data && query.data.length === 0) return <EmptyPanel {...empty} />;

  const needle = search.trim().toLowerCase();
  const rows =
    query.data && searchText && needle
      ? query.data.filter((row) => searchText(row).toLowerCase().includes(needle))
      : query.data;

  return (
    <Paper withBorder>
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
        <ResourceCards
          rows={rows}
          columns={columns}
          rowKey={rowKey}
          label={label}
          search={search}
        />
      ) : (
        <ScrollArea type="auto">
          <Table verticalSpacing="sm" highlightOnHover aria-label={label} miw={640}>
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) => (
                  <Table.Th key={column.header} ta={column.end ? 'right' : undefined}>
                    {column.header}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            {rows === undefined ? (
              <TableSkeleton columns={columns.length} rows={4} />
            ) : (
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={rowKey(row)}>
                    {columns.map((column) => (
                      <Table.Td key={column.header} ta={column.end ? 'right' : undefined}>
                        {column.cell(row)}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
                {rows.length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={columns.length}>
                      <Text c="dimmed" size="sm" ta="center" py="md">
                        Nothing matches “{search}”.
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                )}
              </Table.Tbody>
            )}
          </Table>
        </ScrollArea>
      )}
    </Paper>
  );
}

/** The list on a phone: one card a row, nothing to scroll sideways. */
function ResourceCards<T>({
  rows,
  columns,
  rowKey,
  label,
  search,
}: {
  rows: T[] | undefined;
  columns: ResourceColumn<T>[];
  rowKey: (row: T) => string;
  label: string;
  search: string;
}) {
  const [title, ...rest] = columns;
  const fields = rest.filter((column) => !column.end);
  const actions = rest.filter((column) => column.end);
  if (rows === undefined) {
    return (
      <Stack gap="sm" p="sm" aria-busy="true">
        {[0, 1, 2].map((n) => (
          <Skeleton key={n} h={96} radius="md" />
        ))}
      </Stack>
    );
  }
  if (rows.length === 0) {
    return (
      <Text c="dimmed" size="sm" ta="center" py="md">
        Nothing matches “{search}”.
      </Text>
    );
  }
  return (
    <Stack component="ul" aria-label={label} gap="sm" p="sm" m={0} style={{ listStyle: 'none' }}>
      {rows.map((row) => (
        <Paper component="li" key={rowKey(row)} withBorder radius="md" p="sm">
          <Stack gap="xs">
            {title && <div>{title.cell(row)}</div>}
            {fields.map((column) => (
              <div key={column.header}>
                <Text size="xs" c="dimmed">
                  {column.header}
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
      ))}
    </Stack>
  );
}
