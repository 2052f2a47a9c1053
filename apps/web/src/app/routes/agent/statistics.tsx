import { Group } from '@mantine/core';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { DateRangeControl, useDateRangeParams } from '../../../components/date-range-control';
import { useAgent } from '../../../features/agents/api/get-agent';
import { useAgentBreakdowns } from '../../../features/analytics/api/get-agent-breakdowns';
import {
  AgentStatistics,
  AgentStatisticsSkeleton,
} from '../../../features/analytics/components/agent-statistics';
import {
  IncludeTestCallsSwitch,
  useIncludeTestParam,
} from '../../../features/analytics/components/include-test-calls-switch';
import { formatDateRange } from '../../../features/analytics/utils/format-analytics';
import { AgentScreen } from './agent-screen';

export default function AgentStatisticsRoute() {
  const { agentId = '' } = useParams();
  const agent = useAgent(agentId);
  const dates = useDateRangeParams();
  const includeTest = useIncludeTestParam();
  const range = useMemo(() => ({ ...dates, includeTest }), [dates, includeTest]);
  // The same query AgentStatistics reads (fetched alongside the agent): the header shows the
  // days the server answered for.
  const resolved = useAgentBreakdowns(agentId, range).data?.range;

  return (
    <AgentScreen
      agentId={agentId}
      agent={agent}
      section="statistics"
      sectionTitle="Statistics"
      description={`Statistics${resolved ? ` · ${formatDateRange(resolved)}` : ''}`}
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
      placeholder={<AgentStatisticsSkeleton />}
    >
      <AgentStatistics agentId={agentId} range={range} />
    </AgentScreen>
  );
}
