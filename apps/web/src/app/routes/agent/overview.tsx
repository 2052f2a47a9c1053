import { SimpleGrid, Stack } from '@mantine/core';
import { useAgentAnalytics } from '../../../features/analytics/api/get-agent-analytics';
import {
  AgentOverview,
  AgentOverviewSkeleton,
} from '../../../features/analytics/components/agent-overview';
import { TalkToAgentPanel } from '../../../features/web-call/components/talk-to-agent-panel';
import { AgentChatPanel } from '../../../features/agent-chat/components/agent-chat-panel';
import { AgentRangeActions, rangeDescription, useAgentRange } from './agent-range';
import { AgentScreen } from './agent-screen';

export default function AgentOverviewRoute() {
  const { agentId, agent, range } = useAgentRange();
  // The same query AgentOverview reads (fetched alongside the agent): the header shows the days
  // the server answered for.
  const resolved = useAgentAnalytics(agentId, range).data?.range;

  return (
    <AgentScreen
      agentId={agentId}
      section="overview"
      sectionTitle="Overview"
      description={rangeDescription('Overview', resolved)}
      trail="dashboard"
      actions={<AgentRangeActions resolved={resolved} agentTimeZone={agent.data?.timeZone} />}
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
