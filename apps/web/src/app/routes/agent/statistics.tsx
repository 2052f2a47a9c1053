import { useAgentBreakdowns } from '../../../features/analytics/api/get-agent-breakdowns';
import {
  AgentStatistics,
  AgentStatisticsSkeleton,
} from '../../../features/analytics/components/agent-statistics';
import { AgentRangeActions, rangeDescription, useAgentRange } from './agent-range';
import { AgentScreen } from './agent-screen';

export default function AgentStatisticsRoute() {
  const { agentId, agent, range } = useAgentRange();
  // The same query AgentStatistics reads (fetched alongside the agent): the header shows the
  // days the server answered for.
  const resolved = useAgentBreakdowns(agentId, range).data?.range;

  return (
    <AgentScreen
      agentId={agentId}
      section="statistics"
      sectionTitle="Statistics"
      description={rangeDescription('Statistics', resolved)}
      actions={<AgentRangeActions resolved={resolved} agentTimeZone={agent.data?.timeZone} />}
      shownRange={resolved}
      placeholder={<AgentStatisticsSkeleton />}
    >
      <AgentStatistics agentId={agentId} range={range} />
    </AgentScreen>
  );
}
