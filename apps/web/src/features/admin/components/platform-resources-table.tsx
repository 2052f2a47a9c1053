import { Badge, Button, Group, Select, Switch, Text } from '@mantine/core';
import {
  PLATFORM_RESOURCE_KINDS,
  PLATFORM_RESOURCE_LABELS,
  type AdminPlatformResource,
  type PlatformResourceKind,
} from '@switchboard/shared/console';
import { IconRefresh, IconServer } from '@tabler/icons-react';
import { useMemo } from 'react';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { useUrlFilter } from '../../../lib/use-url-filter';
import { useAllBusinesses } from '../api/list-businesses';
import {
  useAssignPlatformResource,
  useDiscoverPlatformResources,
  usePlatformResources,
} from '../api/platform-resources';

const kindOptions = [
  { value: '', label: 'Every kind' },
  ...PLATFORM_RESOURCE_KINDS.map((kind) => ({
    value: kind,
    label: PLATFORM_RESOURCE_LABELS[kind].many.replace(/^./, (c) => c.toUpperCase()),
  })),
];

function isKind(value: string): value is PlatformResourceKind {
  return (PLATFORM_RESOURCE_KINDS as readonly string[]).includes(value);
}

/**
 * The operator's console section: every recorded platform resource and who owns it; look on
 * the platform for ones not yet recorded; assign each to a business. Filters live in the URL.
 */
export function PlatformResourcesTable() {
  const [kindParam, setKind] = useUrlFilter('kind');
  const [assignedParam, setAssigned] = useUrlFilter('assigned');
  const kind = isKind(kindParam) ? kindParam : undefined;
  const unassignedOnly = assignedParam === 'unassigned';
  const query = usePlatformResources({ kind, assigned: unassignedOnly ? 'unassigned' : 'all' });
  const businesses = useAllBusinesses();
  const assign = useAssignPlatformResource();
  const discover = useDiscoverPlatformResources();

  const businessOptions = useMemo(
    () => [
      { value: '', label: 'Unassigned' },
      ...(businesses.data ?? []).map((b) => ({ value: b.id, label: b.name })),
    ],
    [businesses.data],
  );

  const columns: DataColumn<AdminPlatformResource>[] = [
    {
      header: 'Resource',
      cell: (row) => (
        <Group gap="xs" wrap="nowrap">
          <Text fw={500}>{row.name || '—'}</Text>
          {row.role && (
            <Badge size="sm" variant="light">
              Managed
            </Badge>
          )}
        </Group>
      ),
    },
    {
      header: 'Kind',
      cell: (row) => <Text size="sm">{PLATFORM_RESOURCE_LABELS[row.kind].one}</Text>,
    },
    {
      header: 'Platform id',
      cell: (row) => (
        <Text size="xs" ff="monospace" c="dimmed">
          {row.platformId}
        </Text>
      ),
    },
    {
      header: 'Business',
      cell: (row) => (
        <Select
          aria-label={`Business of ${row.name || row.platformId}`}
          data={
            row.businessId && !businessOptions.some((o) => o.value === row.businessId)
              ? [
                  ...businessOptions,
                  { value: row.businessId, label: row.businessName ?? row.businessId },
                ]
              : businessOptions
          }
          value={row.businessId ?? ''}
          allowDeselect={false}
          disabled={businesses.isPending || (assign.isPending && assign.variables?.id === row.id)}
          onChange={(value) => assign.mutate({ id: row.id, businessId: value || null })}
          w={220}
          comboboxProps={{ withinPortal: true }}
        />
      ),
    },
  ];

  return (
    <>
      <Group mb="md" justify="space-between" wrap="wrap">
        <Group>
          <Select
            aria-label="Kind"
            data={kindOptions}
            value={kind ?? ''}
            onChange={(value) => setKind(value ?? '')}
            allowDeselect={false}
            w={220}
          />
          <Switch
            label="Unassigned only"
            checked={unassignedOnly}
            onChange={(event) => setAssigned(event.currentTarget.checked ? 'unassigned' : '')}
          />
        </Group>
        <Button
          variant="default"
          leftSection={<IconRefresh size={16} />}
          loading={discover.isPending}
          onClick={() => discover.mutate(kind)}
        >
          Look for new on the platform
        </Button>
      </Group>
      <DataTable
        label="Platform resources"
        query={query}
        columns={columns}
        errorTitle="Could not load the platform resources"
        searchText={(row) => `${row.name} ${row.platformId} ${row.businessName ?? ''}`}
        searchLabel="Search resources"
        empty={{
          icon: IconServer,
          title: 'No platform resources recorded',
          description:
            'Resources a business creates are recorded as theirs. Look on the platform to find ones made elsewhere, then assign them.',
        }}
      />
    </>
  );
}
