import { EmptyPanel } from '../../../components/empty-panel';
import { Badge, Button, Paper, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { formatDateTime } from '@switchboard/shared/format';
import { IconBuildingStore } from '@tabler/icons-react';
import { PastLastPage } from '../../../components/past-last-page';
import { QueryError } from '../../../components/query-error';
import { TablePagination } from '../../../components/table-pagination';
import { TableSkeleton } from '../../../components/table-skeleton';
import { useBusinesses, type PageParams } from '../api/list-businesses';
import { BusinessUsersModal } from './business-users-modal';

const COLUMNS = ['Business', 'Country', 'Time zone', 'Agents', 'Users', 'Created'];

type BusinessesTableProps = PageParams & {
  onPageChange: (next: { page?: number; limit?: number }) => void;
  /** Zone the dates are shown in (the viewer's). */
  timeZone: string;
};

/** Every business on this deployment, a page at a time. */
export function BusinessesTable({ page, limit, onPageChange, timeZone }: BusinessesTableProps) {
  const businesses = useBusinesses({ page, limit });
  const [usersOf, setUsersOf] = useState<{ id: string; name: string } | null>(null);

  if (businesses.isError && !businesses.data) {
    return (
      <QueryError
        title="Could not load the businesses"
        error={businesses.error}
        onRetry={() => void businesses.refetch()}
        retrying={businesses.isFetching}
      />
    );
  }

  const rows = businesses.data?.data;
  if (rows && rows.length === 0 && page === 1) {
    return (
      <EmptyPanel
        icon={IconBuildingStore}
        title="No businesses yet"
        description="Businesses appear here once someone creates an account at /create-account."
      />
    );
  }

  return (
    <>
      <Paper withBorder style={{ overflow: 'hidden' }}>
        <Table.ScrollContainer minWidth={760}>
          <Table
            verticalSpacing="sm"
            horizontalSpacing="md"
            highlightOnHover
            aria-busy={businesses.isFetching}
            style={{ opacity: businesses.isPlaceholderData ? 0.6 : 1 }}
          >
            <Table.Thead>
              <Table.Tr>
                {COLUMNS.map((column) => (
                  <Table.Th
                    key={column}
                    ta={column === 'Agents' || column === 'Users' ? 'right' : undefined}
                  >
                    {column}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            {rows ? (
              <Table.Tbody>
                {rows.length === 0 ? (
                  <Table.Tr>
                    <Table.Td colSpan={COLUMNS.length}>
                      <PastLastPage onFirstPage={() => onPageChange({ page: 1 })} />
                    </Table.Td>
                  </Table.Tr>
                ) : (
                  rows.map((business) => (
                    <Table.Tr key={business.id}>
                      <Table.Td>
                        <Stack gap={2}>
                          <Text fw={600} size="sm">
                            {business.name}
                          </Text>
                          <Text c="dimmed" size="xs">
                            {business.email}
                          </Text>
                        </Stack>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{business.country}</Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">{business.timezone.replaceAll('_', ' ')}</Text>
                      </Table.Td>
                      <Table.Td ta="right">
                        <Badge
                          variant={business.agentCount > 0 ? 'light' : 'default'}
                          color={business.agentCount > 0 ? 'brand' : 'gray'}
                        >
                          {business.agentCount}
                        </Badge>
                      </Table.Td>
                      <Table.Td ta="right">
                        <Button
                          size="compact-sm"
                          variant="subtle"
                          onClick={() => setUsersOf({ id: business.id, name: business.name })}
                          aria-label={`Users of ${business.name}`}
                        >
                          {business.userCount}
                        </Button>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                          {formatDateTime(business.createdAt, timeZone)}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ))
                )}
              </Table.Tbody>
            ) : (
              <TableSkeleton columns={COLUMNS.length} />
            )}
          </Table>
        </Table.ScrollContainer>
      </Paper>
      {businesses.data && (
        <TablePagination
          meta={businesses.data.meta}
          noun={['business', 'businesses']}
          onChange={onPageChange}
        />
      )}
      <BusinessUsersModal business={usersOf} onClose={() => setUsersOf(null)} />
    </>
  );
}
