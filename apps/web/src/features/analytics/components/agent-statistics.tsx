import { Stack, VisuallyHidden } from '@mantine/core';
import { ChartGridSkeleton } from '../../../components/charts/chart-card';
import { QueryError } from '../../../components/query-error';
import { useAgentBreakdowns } from '../api/get-agent-breakdowns';
import { NoCallsPanel } from './no-calls-panel';
import { StatisticsCharts } from './statistics-charts';
import type { AnalyticsQuery } from '../api/analytics-query-keys';

type AgentStatisticsProps = { agentId: string; range: AnalyticsQuery };

/** An agent's breakdown charts for a range (the server's default when none). */
export function AgentStatistics({ agentId, range }: AgentStatisticsProps) {
  const breakdowns = useAgentBreakdowns(agentId, range);

  if (breakdowns.isError && !breakdowns.data) {
    return (
      <QueryError
        title="Could not load the statistics"
        error={breakdowns.error}
        onRetry={() => void breakdowns.refetch()}
        retrying={breakdowns.isFetching}
      />
    );
  }

  if (!breakdowns.data) return <AgentStatisticsSkeleton />;

  const { data, isPlaceholderData } = breakdowns;
  return (
    <Stack gap="md" aria-busy={isPlaceholderData} opacity={isPlaceholderData ? 0.6 : 1}>
      {data.totalCalls === 0 ? (
        <NoCallsPanel range={data.range} />
      ) : (
        <StatisticsCharts breakdowns={data} />
      )}
    </Stack>
  );
}

/** The statistics' shape while the charts (or the agent) load. */
export function AgentStatisticsSkeleton() {
  return (
    <Stack gap="md">
      <VisuallyHidden role="status">Loading the statistics…</VisuallyHidden>
      <ChartGridSkeleton count={6} />
    </Stack>
  );
}
