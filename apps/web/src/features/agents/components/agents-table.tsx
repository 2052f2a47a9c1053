import { ActionIcon, Anchor, Badge, Button, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { Agent } from '@switchboard/shared/agents';
import { fetchFailedMessage } from '@switchboard/shared/fetch-errors';
import { countUnit, formatCost, formatCount, formatPercent } from '@switchboard/shared/format';
import { IconChartBar, IconList, IconPlus, IconRobot, IconSettings } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { DataTable, type DataColumn } from '../../../components/data-table';
import { Figure } from '../../../components/figure';
import { TooltipOnDemand } from '../../../components/tooltip-on-demand';
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

  const openSettings = (agent: Agent) => {
    setSettingsAgent(agent);
    settingsModal.open();
  };

  const columns: DataColumn<Agent>[] = [
    {
      header: 'Agent',
      cell: (agent) => (
        // Wide enough for a name of three words on two lines.
        <Group gap="xs" wrap="nowrap" miw={160}>
          <Anchor component={Link} to={agentPath(agent)} fw={600} size="sm">
            {agent.name}
          </Anchor>
          {agent.id === highlightedAgentId && (
            <Badge size="sm" variant="filled">
              New
            </Badge>
          )}
        </Group>
      ),
    },
    {
      header: 'Phone number',
      cell: (agent) => (
        <Text size="sm" ff="monospace" c={agent.phoneNumber ? undefined : 'dimmed'}>
          {agent.phoneNumber ?? '-'}
        </Text>
      ),
    },
    ...(showBusiness
      ? [
          {
            header: 'Business',
            cell: (agent: Agent) => (
              <Text size="sm" c={agent.businessName ? undefined : 'dimmed'} miw={100}>
                {agent.businessName ?? 'Unassigned'}
              </Text>
            ),
          },
        ]
      : []),
    {
      header: 'Calls',
      period: '7 days',
      numeric: true,
      cell: (agent) => (
        <Figure
          size="cell"
          value={formatCount(agent.last7Days.calls)}
          unit={countUnit(agent.last7Days.calls, 'call', 'calls')}
        />
      ),
    },
    {
      header: 'Success rate',
      period: '7 days',
      numeric: true,
      cell: (agent) => <Figure size="cell" value={formatPercent(agent.last7Days.successRate)} />,
    },
    {
      header: 'Spend',
      period: '7 days',
      numeric: true,
      cell: (agent) => <Figure size="cell" value={formatCost(agent.last7Days.spend)} />,
    },
    {
      header: 'Last call',
      cell: (agent) => (
        // On two lines where the table is tight: the date, then the time.
        <Text size="sm" c={agent.lastCallAtText ? undefined : 'dimmed'} miw={100}>
          {agent.lastCallAtText ?? 'No calls yet'}
        </Text>
      ),
    },
    {
      header: 'Actions',
      hiddenHeader: true,
      end: true,
      // Icons with their names on hover (and for screen readers): the row stays one or two
      // lines and the table fits a 1366 px window, the operator's Business column included.
      cell: (agent) => (
        <Group gap={6} wrap="nowrap" justify="flex-end">
          <TooltipOnDemand label="Overview">
            <ActionIcon
              component={Link}
              to={agentPath(agent)}
              variant="default"
              size="lg"
              aria-label={`Overview of ${agent.name}`}
            >
              <IconChartBar size={16} />
            </ActionIcon>
          </TooltipOnDemand>
          <TooltipOnDemand label="Call logs">
            <ActionIcon
              component={Link}
              to={agentPath(agent, '/call-logs')}
              variant="default"
              size="lg"
              aria-label={`Call logs of ${agent.name}`}
            >
              <IconList size={16} />
            </ActionIcon>
          </TooltipOnDemand>
          <TooltipOnDemand label="Settings">
            <ActionIcon
              variant="light"
              size="lg"
              onClick={() => openSettings(agent)}
              aria-label={`Settings for ${agent.name}`}
            >
              <IconSettings size={16} />
            </ActionIcon>
          </TooltipOnDemand>
        </Group>
      ),
    },
  ];

  return (
    <>
      <DataTable
        query={agents}
        columns={columns}
        label="Agents"
        errorTitle="Failed to fetch agents"
        errorMessage={(reason) => fetchFailedMessage('agents', reason)}
        loadingLabel="Loading the agents…"
        empty={{
          icon: IconRobot,
          title: 'No agents yet',
          description:
            "An agent answers your business's calls, takes enquiries and books appointments. Create your first one to get started.",
          action: (
            <Button leftSection={<IconPlus size={18} />} onClick={onCreateAgent}>
              Create your first agent
            </Button>
          ),
        }}
        minWidth={showBusiness ? 960 : 840}
        highlight={(agent) => agent.id === highlightedAgentId}
      />
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
