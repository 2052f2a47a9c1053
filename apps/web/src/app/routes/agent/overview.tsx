import { Group, SimpleGrid, Stack } from '@mantine/core';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { DateRangeControl, useDateRangeParams } from '../../../components/date-range-control';
import { useAgent } from '../../../features/agents/api/get-agent';
import { useAgentAnalytics } from '../../../features/analytics/api/get-agent-analytics';
import {
  AgentOverview,
  AgentOverviewSkeleton,
} from '../../../features/analytics/components/agent-overview';
import {
  IncludeTestCallsSwitch,
  useIncludeTestParam,
} from '../../../features/analytics/components/include-test-calls-switch';
import { formatDateRange } from '../../../features/analytics/utils/format-analytics';
import { TalkToAgentPanel } from '../../../features/web-call/components/talk-to-agent-panel';
import { AgentChatPanel } from '../../../features/agent-chat/components/agent-chat-panel';
import { AgentScreen } from './agent-screen';

export default function AgentOverviewRoute() {
  const { agentId = '' } = useParams();
  const agent = useAgent(agentId);
  const dates = useDateRangeParams();
  const includeTest = useIncludeTestParam();
  const range = useMemo(() => ({ ...dates, includeTest }), [dates, includeTest]);
  // The same query AgentOverview reads (fetched alongside the agent): the header shows the days
  // the server answered for.
  const resolved = useAgentAnalytics(agentId, range).data?.range;

  return (
    <AgentScreen
      agentId={agentId}
      agent={agent}
      section="overview"
      sectionTitle="Overview"
      description={`Overview${resolved ? ` · ${formatDateRange(resolved)}` : ''}`}
      trail="dashboard"
      actions={
        <Group gap="md">
          <IncludeTestCallsSwitch />
          <DateRangeControl
            resolved={resolved}
            timeZone={resolved?.timeZone ?? agent.data?.timeZone}
          />
        </Group>
      }
      shownRange={resolved}
      placeholder={<AgentOverviewSkeleton />}
    >
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
          <TalkToAgentPanel agentId={agentId} agentName={agent.data?.name ?? 'the agent'} />
          <AgentChatPanel
            agentId={agentId}
            agentName={agent.data?.name ?? 'the agent'}
            timeZone={agent.data?.timeZone ?? 'UTC'}
          />
        </SimpleGrid>
        <AgentOverview agentId={agentId} range={range} />
      </Stack>
    </AgentScreen>
  );
}
