import { Anchor, Badge, List, Stack, Text } from '@mantine/core';
import type { BusinessOverview } from '@switchboard/shared/analytics';
import { formatCost, formatMinutes, formatPercent } from '@switchboard/shared/format';
import { IconBuildingStore } from '@tabler/icons-react';
import { Link } from 'react-router';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { useBusinessOverview } from '../api/get-business-overview';

const count = new Intl.NumberFormat('en-US');

const COLUMNS: DataColumn<BusinessOverview>[] = [
  {
    header: 'Business',
    cell: (row) => (
      <Stack gap={0}>
        <Anchor component={Link} to="/admin/businesses" size="sm" fw={500}>
          {row.businessName}
        </Anchor>
        <Text size="xs" c="dimmed">
          {row.agents === 1 ? '1 agent' : `${count.format(row.agents)} agents`} ·{' '}
          {row.statistics.timeZone.replaceAll('_', ' ')} time
        </Text>
      </Stack>
    ),
  },
  {
    header: 'Calls (7 days)',
    numeric: true,
    cell: (row) => <Text size="sm">{count.format(row.statistics.calls.last7Days.calls)}</Text>,
  },
  {
    header: 'Minutes (7 days)',
    numeric: true,
    cell: (row) => (
      <Text size="sm">{formatMinutes(row.statistics.calls.last7Days.minutes)} min</Text>
    ),
  },
  {
    header: 'Spend (7 days)',
    numeric: true,
    cell: (row) => <Text size="sm">{formatCost(row.statistics.calls.last7Days.spend)}</Text>,
  },
  {
    header: 'Success rate (7 days)',
    numeric: true,
    cell: (row) => (
      <Text size="sm">{formatPercent(row.statistics.calls.last7Days.successRate)}</Text>
    ),
  },
  {
    header: 'Open enquiries',
    numeric: true,
    cell: (row) => <Text size="sm">{count.format(row.statistics.enquiries.open)}</Text>,
  },
  {
    header: 'Needs attention',
    maw: 320,
    cell: (row) =>
      row.attention.length === 0 ? (
        <Badge color="teal" variant="light" size="sm">
          All well
        </Badge>
      ) : (
        <List size="sm" spacing={2}>
          {row.attention.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
      ),
  },
];

/**
 * The operator's home: every business at a glance — its last 7 days in its own time zone and
 * what needs looking at — instead of one dashboard summed over businesses that have nothing to
 * do with each other.
 */
export function BusinessOverviewTable() {
  const overview = useBusinessOverview();
  return (
    <DataTable
      query={overview}
      columns={COLUMNS}
      rowKey={(row) => row.businessId}
      errorTitle="Could not load the businesses"
      loadingLabel="Loading every business’s figures…"
      empty={{
        icon: IconBuildingStore,
        title: 'No businesses yet',
        description: 'Businesses appear here once someone creates an account at /create-account.',
      }}
      label="Businesses"
      minWidth={900}
    />
  );
}
