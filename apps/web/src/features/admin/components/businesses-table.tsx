import { Badge, Button, Stack, Text } from '@mantine/core';
import type { AdminBusiness } from '@switchboard/shared/admin';
import { formatDateTime } from '@switchboard/shared/format';
import { IconBuildingStore, IconPhoneOutgoing } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { useBusinesses, type PageParams } from '../api/list-businesses';
import { BusinessUsersModal } from './business-users-modal';
import { CallingRulesModal } from './calling-rules-modal';

type BusinessesTableProps = PageParams & {
  onPageChange: (next: { page?: number; limit?: number }) => void;
  /** Zone the dates are shown in (the viewer's). */
  timeZone: string;
  /** A column the page adds from another feature (the operator's alerts). */
  extraColumn?: { header: string; cell: (business: AdminBusiness) => ReactNode };
};

/** Every business on this deployment, a page at a time. */
export function BusinessesTable({
  page,
  limit,
  onPageChange,
  timeZone,
  extraColumn,
}: BusinessesTableProps) {
  const businesses = useBusinesses({ page, limit });
  const [usersOf, setUsersOf] = useState<{ id: string; name: string } | null>(null);
  const [rulesOf, setRulesOf] = useState<{ id: string; name: string } | null>(null);

  const columns: DataColumn<AdminBusiness>[] = [
    {
      header: 'Business',
      cell: (business) => (
        // Wide enough for a name of three words on one line, its email under it.
        <Stack gap={2} miw={210}>
          <Text fw={600} size="sm">
            {business.name}
          </Text>
          <Text c="dimmed" size="xs">
            {business.email}
          </Text>
        </Stack>
      ),
    },
    { header: 'Country', cell: (business) => <Text size="sm">{business.country}</Text> },
    {
      header: 'Time zone',
      cell: (business) => <Text size="sm">{business.timezone.replaceAll('_', ' ')}</Text>,
    },
    {
      header: 'Agents',
      numeric: true,
      cell: (business) => (
        <Badge
          variant={business.agentCount > 0 ? 'light' : 'default'}
          color={business.agentCount > 0 ? 'brand' : 'gray'}
        >
          {business.agentCount}
        </Badge>
      ),
    },
    {
      header: 'Users',
      numeric: true,
      cell: (business) => (
        <Button
          size="compact-sm"
          variant="subtle"
          onClick={() => setUsersOf({ id: business.id, name: business.name })}
          aria-label={`Users of ${business.name}`}
        >
          {business.userCount}
        </Button>
      ),
    },
    {
      header: 'Calling',
      cell: (business) => (
        <Button
          size="compact-sm"
          variant="light"
          leftSection={<IconPhoneOutgoing size={14} />}
          onClick={() => setRulesOf({ id: business.id, name: business.name })}
          aria-label={`Calling rules of ${business.name}`}
        >
          Rules
        </Button>
      ),
    },
    ...(extraColumn ? [extraColumn] : []),
    {
      header: 'Created',
      cell: (business) => (
        <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {formatDateTime(business.createdAt, timeZone)}
        </Text>
      ),
    },
  ];

  return (
    <>
      <DataTable
        query={businesses}
        columns={columns}
        errorTitle="Could not load the businesses"
        empty={{
          icon: IconBuildingStore,
          title: 'No businesses yet',
          description: 'Businesses appear here once someone creates an account at /create-account.',
        }}
        label="Businesses"
        minWidth={860}
        pager={{ noun: ['business', 'businesses'], onChange: onPageChange }}
      />
      <BusinessUsersModal business={usersOf} onClose={() => setUsersOf(null)} />
      <CallingRulesModal business={rulesOf} onClose={() => setRulesOf(null)} />
    </>
  );
}
