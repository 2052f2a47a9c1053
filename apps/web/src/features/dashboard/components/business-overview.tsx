import { Anchor, Badge, List, Stack, Text } from '@mantine/core';
import type { BusinessOverview } from '@switchboard/shared/analytics';
import {
  formatCost,
  formatCount,
  formatLongMinutes,
  formatMinutes,
  formatPercent,
} from '@switchboard/shared/format';
import { IconBuildingStore } from '@tabler/icons-react';
import { Link } from 'react-router';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { Figure } from '../../../components/figure';
import { useBusinessOverview } from '../api/get-business-overview';

const COLUMNS: DataColumn<BusinessOverview>[] = [
  {
    header: 'Business',
    cell: (row) => (
      // Wide enough for "1 agent · America/Los Angeles time" on one line.
      <Stack gap={0} miw={220}>
        <Anchor component={Link} to="/admin/businesses" size="sm" fw={500}>
          {row.businessName}
        </Anchor>
        <Text size="xs" c="dimmed">
          {row.agents === 1 ? '1 agent' : `${formatCount(row.agents)} agents`} ·{' '}
          {row.statistics.timeZone.replaceAll('_', ' ')} time
        </Text>
      </Stack>
    ),
  },
  {
    header: 'Calls',
    period: '7 days',
    numeric: true,
    cell: (row) => (
      <Figure size="cell" value={formatCount(row.statistics.calls.last7Days.calls)} unit="calls" />
    ),
  },
  {
    header: 'Minutes',
    period: '7 days',
    numeric: true,
    cell: (row) => (
      <Figure
        size="cell"
        value={formatMinutes(row.statistics.calls.last7Days.minutes)}
        unit="min"
        long={formatLongMinutes(row.statistics.calls.last7Days.minutes)}
      />
    ),
  },
  {
    header: 'Spend',
    period: '7 days',
    numeric: true,
    cell: (row) => <Figure size="cell" value={formatCost(row.statistics.calls.last7Days.spend)} />,
  },
  {
    header: 'Success rate',
    period: '7 days',
    numeric: true,
    cell: (row) => (
      <Figure size="cell" value={formatPercent(row.statistics.calls.last7Days.successRate)} />
    ),
  },
  {
    header: 'Open enquiries',
    numeric: true,
    cell: (row) => (
      <Figure
        size="cell"
        value={formatCount(row.statistics.enquiries.open)}
        unit={row.statistics.enquiries.open === 1 ? 'enquiry' : 'enquiries'}
      />
    ),
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
