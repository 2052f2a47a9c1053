import { Badge, Card, Group, Skeleton, Stack, Switch, Text } from '@mantine/core';
import type { Agent } from '@switchboard/shared/agents';
import { useQuery } from '@tanstack/react-query';
import { AgentHealthPanel } from '../../../components/agent-health-panel';
import { QueryError } from '../../../components/query-error';
import { agentHealthQueryOptions } from '../api/get-agent-health';
import { useAgentList } from '../../../lib/api/list-agents';
import { useRepairAgent } from '../api/repair-agent';
import { useSetLiveListening } from '../api/set-live-listening';
import { SectionHeading } from '../../../components/section-heading';

type AgentsHealthListProps = {
  /** The business's zone, for the time of the last call update. */
  timeZone: string;
  /** Owners may repair an agent here; for members the list is read-only. */
  canRepair: boolean;
};

/**
 * Settings → Platform: for each of the business's agents, whether the voice platform reaches
 * Switchboard (server, secret, tools) and when a call update last arrived, with the fix.
 */
export function AgentsHealthList({ timeZone, canRepair }: AgentsHealthListProps) {
  const agents = useAgentList();
  return (
    <Card withBorder padding="lg" radius="md">
      <Stack gap="md">
        <SectionHeading title="Agent health">
          Whether each agent’s calls and tool calls reach Switchboard.
          {canRepair ? '' : ' Read-only: an owner of the business can repair an agent.'}
        </SectionHeading>
        {agents.isError ? (
          <QueryError
            title="Could not load the agents"
            error={agents.error}
            onRetry={() => void agents.refetch()}
          />
        ) : !agents.data ? (
          <Skeleton h={120} />
        ) : agents.data.length === 0 ? (
          <Text size="sm">No agents yet: their health shows here once the business has one.</Text>
        ) : (
          agents.data.map((agent) => (
            <AgentHealthItem
              key={agent.id}
              agent={agent}
              timeZone={timeZone}
              canRepair={canRepair}
            />
          ))
        )}
      </Stack>
    </Card>
  );
}

function AgentHealthItem({
  agent,
  timeZone,
  canRepair,
}: {
  agent: Agent;
  timeZone: string;
  canRepair: boolean;
}) {
  const health = useQuery(agentHealthQueryOptions(agent.id));
  const repair = useRepairAgent();
  const listening = useSetLiveListening();
  return (
    <Stack gap="xs" component="section" aria-label={`Health of ${agent.name}`}>
      <Group justify="space-between" gap="xs">
        <Text fw={600}>{agent.name}</Text>
        {health.data && (
          <Badge variant="light" color={health.data.ok ? 'teal' : 'yellow'}>
            {health.data.ok ? 'Connected' : 'Needs attention'}
          </Badge>
        )}
      </Group>
      {health.isError ? (
        <QueryError
          title={`Could not check ${agent.name}`}
          error={health.error}
          onRetry={() => void health.refetch()}
        />
      ) : !health.data ? (
        <Skeleton h={72} />
      ) : (
        <AgentHealthPanel
          health={health.data}
          timeZone={timeZone}
          {...(canRepair
            ? { onRepair: () => repair.mutate(agent.id), repairing: repair.isPending }
            : { readOnlyHint: 'Ask an owner of the business to repair this agent.' })}
        />
      )}
      <Switch
        label="Let the team listen to its calls live"
        description="On the Live calls screen. Stepping in works either way."
        checked={listening.isPending ? listening.variables.enabled : agent.liveListening !== false}
        disabled={listening.isPending}
        onChange={(event) =>
          listening.mutate({ agentId: agent.id, enabled: event.currentTarget.checked })
        }
      />
    </Stack>
  );
}
