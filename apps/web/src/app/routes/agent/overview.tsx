import { useParams } from 'react-router';
import { DateRangeControl, useDateRangeParams } from '../../../components/date-range-control';
import { PageHeader } from '../../../components/page-header';
import { useAgent } from '../../../features/agents/api/get-agent';
import { useAgentAnalytics } from '../../../features/analytics/api/get-agent-analytics';
import {
  AgentOverview,
  AgentOverviewSkeleton,
} from '../../../features/analytics/components/agent-overview';
import { AgentSectionLinks } from '../../../features/analytics/components/agent-section-links';
import { AgentUnavailable } from '../../../features/analytics/components/agent-unavailable';
import { formatDateRange } from '../../../features/analytics/utils/format-analytics';
import { agentCrumbs } from './agent-crumbs';

export default function AgentOverviewRoute() {
  const { agentId = '' } = useParams();
  const agent = useAgent(agentId);
  const range = useDateRangeParams();
  // The same query AgentOverview reads: the header shows the days the server answered for.
  const resolved = useAgentAnalytics(agentId, range).data?.range;
  const name = agent.data?.name;

  return (
    <>
      <PageHeader
        // The section's name until the agent's is known (or if it never is).
        title={name ?? 'Overview'}
        description={
          name
            ? `Overview${resolved ? ` · ${formatDateRange(resolved)} (${resolved.timeZone})` : ''}`
            : undefined
        }
        // This screen is the agent itself: the trail above its name is the dashboard.
        breadcrumbs={agentCrumbs(agentId, name).slice(0, 1)}
        actions={
          agent.isError ? undefined : (
            <DateRangeControl
              resolved={resolved}
              timeZone={resolved?.timeZone ?? agent.data?.timeZone}
            />
          )
        }
      />
      <AgentSectionLinks agentId={agentId} current="overview" />
      {agent.isError ? (
        <AgentUnavailable
          error={agent.error}
          onRetry={() => void agent.refetch()}
          retrying={agent.isFetching}
        />
      ) : agent.data ? (
        <AgentOverview agentId={agentId} range={range} />
      ) : (
        // The figures are already being fetched (above); they show once the agent is known to
        // be the user's, so a missing agent never flashes an analytics error first.
        <AgentOverviewSkeleton />
      )}
    </>
  );
}
