import { Anchor, Badge, Button, Group, Paper, Table, Text, VisuallyHidden } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { Agent } from '@switchboard/shared/agents';
import { fetchFailedMessage } from '@switchboard/shared/fetch-errors';
import { formatCost, formatDateTime, formatPercent } from '@switchboard/shared/format';
import { IconPlus, IconRobot, IconSettings } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { EmptyPanel } from '../../../components/empty-panel';
import { QueryError } from '../../../components/query-error';
import { TableSkeleton } from '../../../components/table-skeleton';
import { withMessage } from '../../../lib/api-client';
import { useAgentList } from '../../../lib/api/list-agents';
import type { SettingsTestsSlot } from './agent-settings-modal';

// The settings form (the forms library and the schemas) loads when a settings button is first
// pressed, not with the dashboard (decision 023).
const AgentSettingsModal = lazy(async () => ({
  default: (await import('./agent-settings-modal')).AgentSettingsModal,
}));

function agentPath(agent: Agent, page = ''): string {
  return `/agent/${encodeURIComponent(agent.id)}${page}`;
}

type AgentsTableProps = {
  /** Offered in the settings dialog before saving (the route's "Run the tests"). */
  renderSettingsTests?: SettingsTestsSlot | undefined;
  /** Adds the Business column (admins see every business's agents). */
  showBusiness: boolean;
  /** A freshly created agent, marked "New" in the list. */
  highlightedAgentId?: string | null;
  /** Opens the create dialog (the empty list's call to action). */
  onCreateAgent: () => void;
};

/** The agents the user may see, with their last 7 days, and the way to their screens and settings. */
export function AgentsTable({
  showBusiness,
  highlightedAgentId = null,
  onCreateAgent,
  renderSettingsTests,
}: AgentsTableProps) {
  const agents = useAgentList();
  const [settingsAgent, setSettingsAgent] = useState<Agent | null>(null);
  const [settingsOpened, settingsModal] = useDisclosure(false);

  const columns = [
    'Agent',
    'Phone number',
    ...(showBusiness ? ['Business'] : []),
    'Calls (7 days)',
    'Success rate (7 days)',
    'Spend (7 days)',
    'Last call',
    'Actions',
  ];

  if (agents.isError && !agents.data) {
    return (
      <QueryError
        title="Failed to fetch agents"
        error={withMessage(agents.error, fetchFailedMessage('agents', agents.error.message))}
        onRetry={() => void agents.refetch()}
        retrying={agents.isFetching}
      />
    );
  }

  const rows = agents.data;
  if (rows && rows.length === 0) {
    return (
      <EmptyPanel
        icon={IconRobot}
        title="No agents yet"
        description="An agent answers your business's calls, takes enquiries and books appointments. Create your first one to get started."
        action={
          <Button leftSection={<IconPlus size={18} />} onClick={onCreateAgent}>
            Create your first agent
          </Button>
        }
      />
    );
  }

  const openSettings = (agent: Agent) => {
    setSettingsAgent(agent);
    settingsModal.open();
  };

  return (
    <>
      <Paper withBorder style={{ overflow: 'hidden' }}>
        {/* Wide on purpose: on a phone the table scrolls sideways instead of the page. */}
        <Table.ScrollContainer minWidth={showBusiness ? 1180 : 1020}>
          <Table
            verticalSpacing="sm"
            horizontalSpacing="md"
            highlightOnHover
            aria-busy={agents.isFetching}
          >
            <Table.Thead>
              <Table.Tr>
                {columns.map((column) =>
                  column === 'Actions' ? (
                    <Table.Th key={column}>
                      <VisuallyHidden>{column}</VisuallyHidden>
                    </Table.Th>
                  ) : (
                    <Table.Th key={column} ta={isFigure(column) ? 'right' : undefined}>
                      {column}
                    </Table.Th>
                  ),
                )}
              </Table.Tr>
            </Table.Thead>
            {rows ? (
              <Table.Tbody>
                {rows.map((agent) => (
                  <AgentRow
                    key={agent.id}
                    agent={agent}
                    showBusiness={showBusiness}
                    highlighted={agent.id === highlightedAgentId}
                    onSettings={() => openSettings(agent)}
                  />
                ))}
              </Table.Tbody>
            ) : (
              <TableSkeleton columns={columns.length} />
            )}
          </Table>
        </Table.ScrollContainer>
      </Paper>
      {settingsAgent && (
        <Suspense fallback={null}>
          <AgentSettingsModal
            agent={settingsAgent}
            opened={settingsOpened}
            onClose={settingsModal.close}
            renderTests={renderSettingsTests}
          />
        </Suspense>
      )}
    </>
  );
}

function isFigure(column: string): boolean {
  return column.endsWith('(7 days)');
}

type AgentRowProps = {
  agent: Agent;
  showBusiness: boolean;
  highlighted: boolean;
  onSettings: () => void;
};

function AgentRow({ agent, showBusiness, highlighted, onSettings }: AgentRowProps) {
  const rowRef = useRef<HTMLTableRowElement>(null);
  // The new agent may be further down the list: bring it into view once.
  useEffect(() => {
    if (highlighted) rowRef.current?.scrollIntoView({ block: 'nearest' });
  }, [highlighted]);

  return (
    <Table.Tr ref={rowRef} bg={highlighted ? 'var(--mantine-primary-color-light)' : undefined}>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Anchor component={Link} to={agentPath(agent)} fw={600} size="sm">
            {agent.name}
          </Anchor>
          {highlighted && (
            <Badge size="sm" variant="filled">
              New
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td>
        <Text size="sm" ff="monospace" c={agent.phoneNumber ? undefined : 'dimmed'}>
          {agent.phoneNumber ?? '-'}
        </Text>
      </Table.Td>
      {showBusiness && (
        <Table.Td>
          <Text size="sm" c={agent.businessName ? undefined : 'dimmed'}>
            {agent.businessName ?? 'Unassigned'}
          </Text>
        </Table.Td>
      )}
      <Table.Td ta="right">
        <Text size="sm">{agent.last7Days.calls}</Text>
      </Table.Td>
      <Table.Td ta="right">
        <Text size="sm">{formatPercent(agent.last7Days.successRate)}</Text>
      </Table.Td>
      <Table.Td ta="right">
        <Text size="sm">{formatCost(agent.last7Days.spend)}</Text>
      </Table.Td>
      <Table.Td>
        <Text
          size="sm"
          c={agent.lastCallAt ? undefined : 'dimmed'}
          style={{ whiteSpace: 'nowrap' }}
        >
          {agent.lastCallAt ? formatDateTime(agent.lastCallAt, agent.timeZone) : 'No calls yet'}
        </Text>
      </Table.Td>
      <Table.Td>
        <Group gap={6} wrap="nowrap" justify="flex-end">
          <Button
            component={Link}
            to={agentPath(agent)}
            size="xs"
            variant="default"
            aria-label={`Overview of ${agent.name}`}
          >
            Overview
          </Button>
          <Button
            component={Link}
            to={agentPath(agent, '/call-logs')}
            size="xs"
            variant="default"
            aria-label={`Call logs of ${agent.name}`}
          >
            Call logs
          </Button>
          <Button
            size="xs"
            variant="light"
            leftSection={<IconSettings size={14} />}
            onClick={onSettings}
            aria-label={`Settings for ${agent.name}`}
          >
            Settings
          </Button>
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
