import { useParams } from 'react-router';
import { DateRangeControl, useDateRangeParams } from '../../../components/date-range-control';
import { useAgent } from '../../../features/agents/api/get-agent';
import { useAgentAnalytics } from '../../../features/analytics/api/get-agent-analytics';
import {
  AgentOverview,
  AgentOverviewSkeleton,
} from '../../../features/analytics/components/agent-overview';
import { formatDateRange } from '../../../features/analytics/utils/format-analytics';
import { AgentScreen } from './agent-screen';

export default function AgentOverviewRoute() {
  const { agentId = '' } = useParams();
  const agent = useAgent(agentId);
  const range = useDateRangeParams();
  // The same query AgentOverview reads (fetched alongside the agent): the header shows the days
  // the server answered for.
  const resolved = useAgentAnalytics(agentId, range).data?.range;

  return (
    <AgentScreen
      agentId={agentId}
      agent={agent}
      section="overview"
      sectionTitle="Overview"
      description={`Overview${resolved ? ` · ${formatDateRange(resolved)} (${resolved.timeZone})` : ''}`}
      trail="dashboard"
      actions={
        <DateRangeControl
          resolved={resolved}
          timeZone={resolved?.timeZone ?? agent.data?.timeZone}
        />
      }
      placeholder={<AgentOverviewSkeleton />}
    >
      <AgentOverview agentId={agentId} range={range} />
    </AgentScreen>
  );
}
