import { Badge, Button, Group, Loader, Select, Stack, Text, Tooltip } from '@mantine/core';
import type { AdminAgent } from '@switchboard/shared/admin';
import { formatDateTime } from '@switchboard/shared/format';
import { IconRobot } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { OPERATOR_TIME_ZONE } from '../../../lib/time-zones';
import { useAgentHealth, useRepairAgent } from '../api/agent-health';
import { QueryError } from '../../../components/query-error';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { useAssignAgentBusiness } from '../api/assign-agent-business';
import { useAgents } from '../api/list-agents';
import { useAllBusinesses } from '../api/list-businesses';

type BusinessOption = { value: string; label: string };

// A real option rather than the clear button, which Mantine hides from keyboards and screen readers.
const UNASSIGNED = '';
const unassignedOption: BusinessOption = { value: UNASSIGNED, label: 'Unassigned' };

/** Every agent on the platform account, each with a picker for the business it answers for. */
export function AgentsTable() {
  const agents = useAgents();
  const businesses = useAllBusinesses();
  const businessOptions = useMemo<BusinessOption[]>(
    () =>
      (businesses.data ?? [])
        .map((business) => ({ value: business.id, label: business.name }))
        .sort((a, b) => a.label.localeCompare(b.label)),
    [businesses.data],
  );

  const rows = agents.data;
  const assigned = rows?.filter((agent) => agent.businessId).length ?? 0;
  const columns: DataColumn<AdminAgent>[] = [
    {
      header: 'Agent',
      cell: (agent) => (
        <Stack gap={2}>
          <Text fw={600} size="sm">
            {agent.name}
          </Text>
          <Text
            c="dimmed"
            size="xs"
            ff="monospace"
            truncate="end"
            maw={280}
            title={agent.platformAssistantId}
          >
            {agent.platformAssistantId}
          </Text>
        </Stack>
      ),
    },
    {
      header: 'Phone number',
      cell: (agent) => (
        <Text size="sm" ff="monospace" c={agent.phoneNumber ? undefined : 'dimmed'}>
          {agent.phoneNumber ?? 'No number'}
        </Text>
      ),
    },
    {
      header: 'Status',
      cell: (agent) =>
        agent.removedAt ? (
          <Tooltip label="This assistant no longer exists on the voice platform.">
            <Badge color="red" variant="light">
              Removed
            </Badge>
          </Tooltip>
        ) : (
          <Badge color="teal" variant="light">
            Active
          </Badge>
        ),
    },
    {
      header: 'Connection',
      cell: (agent) =>
        agent.removedAt ? (
          <Text size="sm" c="dimmed">
            —
          </Text>
        ) : (
          <ConnectionCell assistantId={agent.platformAssistantId} name={agent.name} />
        ),
    },
    {
      header: 'Business',
      cell: (agent) => (
        <BusinessPicker
          agent={agent}
          businessOptions={businessOptions}
          businessesLoading={businesses.isPending}
        />
      ),
    },
  ];

  return (
    <Stack gap="md">
      {businesses.isError && (
        <QueryError
          title="Could not load the businesses to assign to"
          error={businesses.error}
          onRetry={() => void businesses.refetch()}
          retrying={businesses.isFetching}
        />
      )}
      {rows && rows.length > 0 && (
        <Group gap="xs">
          <Badge variant="light" color="gray" size="lg" radius="sm">
            {rows.length} {rows.length === 1 ? 'agent' : 'agents'}
          </Badge>
          <Badge variant="light" color="teal" size="lg" radius="sm">
            {assigned} assigned
          </Badge>
          <Badge variant="light" color="yellow" size="lg" radius="sm">
            {rows.length - assigned} unassigned
          </Badge>
        </Group>
      )}
      <DataTable
        query={agents}
        columns={columns}
        label="Agents"
        errorTitle="Could not load the agents"
        empty={{
          icon: IconRobot,
          title: 'No agents yet',
          description:
            'Agents (assistants) on the voice platform account appear here once they are synced.',
        }}
        minWidth={760}
      />
    </Stack>
  );
}

type BusinessPickerProps = {
  agent: AdminAgent;
  businessOptions: BusinessOption[];
  businessesLoading: boolean;
};

/** The business an agent answers for, changed as soon as one is picked. */
function BusinessPicker({ agent, businessOptions, businessesLoading }: BusinessPickerProps) {
  const assignMutation = useAssignAgentBusiness();
  // The current business stays readable even before (or without) the full list.
  const options = useMemo(() => {
    const known =
      agent.businessId && !businessOptions.some((option) => option.value === agent.businessId)
        ? [{ value: agent.businessId, label: agent.businessName ?? 'Unknown business' }]
        : [];
    return [unassignedOption, ...known, ...businessOptions];
  }, [agent.businessId, agent.businessName, businessOptions]);

  const change = (value: string | null) => {
    const businessId = value || null;
    if (businessId === agent.businessId) return;
    const businessName = businessId
      ? (options.find((option) => option.value === businessId)?.label ?? null)
      : null;
    assignMutation.mutate({ agentId: agent.id, businessId, businessName });
  };

  return (
    <Select
      aria-label={`Business for ${agent.name}`}
      placeholder={businessesLoading ? 'Loading businesses…' : 'Choose a business'}
      data={options}
      value={agent.businessId ?? UNASSIGNED}
      onChange={change}
      searchable
      allowDeselect={false}
      nothingFoundMessage="No business matches"
      disabled={assignMutation.isPending}
      rightSection={assignMutation.isPending ? <Loader size={14} /> : undefined}
      size="sm"
      miw={260}
      styles={agent.businessId ? undefined : { input: { color: 'var(--mantine-color-dimmed)' } }}
      comboboxProps={{ withinPortal: true }}
    />
  );
}

/**
 * Whether the platform reaches Switchboard for this agent, checked on request (each check reads
 * the assistant from the platform), with Repair when it does not.
 */
function ConnectionCell({ assistantId, name }: { assistantId: string; name: string }) {
  const [checking, setChecking] = useState(false);
  const health = useAgentHealth(assistantId, checking);
  // Admin screens only: the operator's zone.
  const timeZone = OPERATOR_TIME_ZONE;
  const repair = useRepairAgent();

  if (!checking)
    return (
      <Button
        size="xs"
        variant="default"
        onClick={() => setChecking(true)}
        aria-label={`Check the connection of ${name}`}
      >
        Check
      </Button>
    );
  if (health.isError)
    return (
      <Text size="sm" c="red">
        Could not check
      </Text>
    );
  if (!health.data) return <Loader size={14} aria-label={`Checking ${name}`} />;
  if (health.data.ok)
    return (
      <Tooltip
        label={
          health.data.lastWebhookAt
            ? `Last call update ${formatDateTime(health.data.lastWebhookAt, timeZone)}`
            : 'No call update received yet'
        }
      >
        <Badge color="teal" variant="light">
          Connected
        </Badge>
      </Tooltip>
    );
  return (
    <Group gap="xs" wrap="nowrap">
      <Tooltip label={health.data.problems.join(' ')} multiline w={320}>
        <Badge color="yellow" variant="light">
          Not connected
        </Badge>
      </Tooltip>
      <Button
        size="xs"
        color="yellow"
        loading={repair.isPending}
        onClick={() => repair.mutate(assistantId)}
        aria-label={`Repair ${name}`}
      >
        Repair
      </Button>
    </Group>
  );
}
