import { Stack, VisuallyHidden } from '@mantine/core';
import { ChartGridSkeleton } from '../../../components/charts/chart-card';
import { QueryError } from '../../../components/query-error';
import { useAgentAnalytics } from '../api/get-agent-analytics';
import { KpiCards, KpiCardsSkeleton } from './kpi-cards';
import { NoCallsPanel } from './no-calls-panel';
import { OverviewCharts } from './overview-charts';
import type { AnalyticsQuery } from '../api/analytics-query-keys';

type AgentOverviewProps = { agentId: string; range: AnalyticsQuery };

/** An agent's four figures and daily charts for a range (the server's default when none). */
export function AgentOverview({ agentId, range }: AgentOverviewProps) {
  const analytics = useAgentAnalytics(agentId, range);

  if (analytics.isError && !analytics.data) {
    return (
      <QueryError
        title="Could not load the analytics"
        error={analytics.error}
        onRetry={() => void analytics.refetch()}
        retrying={analytics.isFetching}
      />
    );
  }

  if (!analytics.data) return <AgentOverviewSkeleton />;

  const { data, isPlaceholderData } = analytics;
  return (
    // The previous range stays on screen, dimmed, while the new one loads.
    <Stack gap="md" aria-busy={isPlaceholderData} opacity={isPlaceholderData ? 0.6 : 1}>
      <KpiCards summary={data.summary} />
      {data.summary.numberOfCalls === 0 ? (
        <NoCallsPanel range={data.range} />
      ) : (
        <OverviewCharts analytics={data} />
      )}
    </Stack>
  );
}

/** The overview's shape while its figures (or the agent) load. */
export function AgentOverviewSkeleton() {
  return (
    <Stack gap="md">
      <VisuallyHidden role="status">Loading the analytics…</VisuallyHidden>
      <KpiCardsSkeleton />
      <ChartGridSkeleton count={4} />
    </Stack>
  );
}
